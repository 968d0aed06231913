import { generate } from 'otplib';

/**
 * The server takes the codes of the previous, current and next 30-second steps, each once and in
 * rising order. Waits until the current step has a few seconds left, so the codes a test makes
 * next still belong to those steps when they arrive.
 */
export async function roomInStep() {
  const left = () => 30 - ((Date.now() / 1000) % 30);
  if (left() < 6) await new Promise((r) => setTimeout(r, left() * 1000 + 100));
}

/** An authenticator app's code of the step `offset` steps from now (-1 previous, 0 current, 1 next). */
export const codeAt = (secret: string, offset: -1 | 0 | 1) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
