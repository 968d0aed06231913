export type Provider = 'google' | 'facebook';
export const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', facebook: 'Facebook' };
/** A message naming the provider where it says `{provider}`. */
export const withProvider = (message: string, p: Provider) => message.replaceAll('{provider}', PROVIDER_NAMES[p]);
