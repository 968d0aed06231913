import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@reelbase/api-client';

/** Whether this browser offers WebAuthn (passkeys); without it the passkey buttons are not shown. */
export const passkeysOffered = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The person closed the browser's passkey dialog, or it timed out: nothing to report as a failure. */
export const passkeyDismissed = (err: unknown) => err instanceof Error && (err.name === 'NotAllowedError' || (err as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

// The browser library loads only when a passkey is used, in a chunk of its own.
type Browser = typeof import('@simplewebauthn/browser');
type CreationJSON = Parameters<Browser['startRegistration']>[0]['optionsJSON'];
type RequestJSON = Parameters<Browser['startAuthentication']>[0]['optionsJSON'];

/** navigator.credentials.create() with the server's options: the attestation to send back. */
export async function createPasskey(options: PasskeyCreationOptions) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as CreationJSON });
}

/** navigator.credentials.get() with the server's options: the assertion to send back. */
export async function getPasskey(options: PasskeyRequestOptions) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as unknown as RequestJSON });
}
