import type { z } from 'zod';
import type { PasskeyAttestation } from '../contract/two-factor.ts';
import type { Call } from './operation.ts';
import * as op from './routes.generated.ts';

/** The signed-in person's passkeys (a second two-factor method): options behind the current password, the browser's attestation, the list, removal. */
export const passkeyCalls = (call: Call) => ({
  list: () => call(op.getProfile2faPasskeys),
  /** Creation options for navigator.credentials.create() (e.g. @simplewebauthn/browser's startRegistration). */
  options: (currentPassword: string) => call(op.postProfile2faPasskeysOptions, { body: { currentPassword } }),
  /** Keeps the passkey; `recoveryCodes` when it turned two-factor sign-in on (shown once). */
  add: (name: string, response: z.input<typeof PasskeyAttestation>) => call(op.postProfile2faPasskeys, { body: { name, response } }),
  remove: (id: string, currentPassword: string) => call(op.deleteProfile2faPasskeysById, { id, body: { currentPassword } }),
});
