import { PASSKEY_TIMEOUT_SECONDS, type PasskeyCreationOptions, type PasskeyRequestOptions } from '@reelbase/api-client';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { RelyingParty } from './relying-party.ts';

const TRANSPORTS: readonly string[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'] satisfies AuthenticatorTransport[];
const knownTransports = (t: string[] = []) => t.filter((x): x is AuthenticatorTransport => TRANSPORTS.includes(x));

export interface StoredCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/**
 * WebAuthn with @simplewebauthn/server, as a second factor: user presence is enough (the password
 * was the first factor), user verification is asked for where the authenticator can; no
 * attestation is asked for (any authenticator the browser offers will do).
 */
export function webAuthn(rp: RelyingParty) {
  const timeout = PASSKEY_TIMEOUT_SECONDS * 1000;
  return {
    registrationOptions: (user: { id: string; email: string; name: string }, existing: StoredCredential[]): Promise<PasskeyCreationOptions> =>
      generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.name,
        // One handle per account: a second passkey of the account on the same authenticator replaces the first there.
        userID: new TextEncoder().encode(user.id),
        timeout,
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: knownTransports(c.transports) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      }).then((o) => ({ ...o })),

    /** The new credential, or null when the response is not one for `challenge` from this site. */
    async verifyRegistration(response: RegistrationResponseJSON, challenge: string): Promise<StoredCredential | null> {
      try {
        const r = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
        if (!r.verified) return null;
        const c = r.registrationInfo.credential;
        return { credentialId: c.id, publicKey: c.publicKey, counter: c.counter, transports: knownTransports(response.response.transports) };
      } catch {
        return null;
      }
    },

    requestOptions: (credentials: StoredCredential[]): Promise<PasskeyRequestOptions> =>
      generateAuthenticationOptions({ rpID: rp.id, timeout, userVerification: 'preferred', allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: knownTransports(c.transports) })) }).then((o) => ({ ...o })),

    /** The counter the assertion showed, or null when it is not `credential`'s signature over `challenge` from this site, or its counter went back. */
    async verifyAssertion(response: AuthenticationResponseJSON, challenge: string, credential: StoredCredential): Promise<number | null> {
      try {
        const r = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
          credential: { id: credential.credentialId, publicKey: new Uint8Array(credential.publicKey), counter: credential.counter, transports: knownTransports(credential.transports) },
        });
        return r.verified ? r.authenticationInfo.newCounter : null;
      } catch {
        return null;
      }
    },
  };
}
export type WebAuthn = ReturnType<typeof webAuthn>;
