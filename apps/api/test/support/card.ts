/** A card the sandbox and the Stripe stand-in both take (Stripe's documented Visa test number). */
export const CARD = { cardNumber: '4242424242424242', cvc: '987', expMonth: '12', expYear: '34', firstName: 'Ada', lastName: 'Lovelace' };
