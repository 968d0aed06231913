import type { z } from 'zod';
import type { MessageBody } from '../contract/common.ts';
import type { PasskeyAdded, PasskeyAttestation, PasskeyCreationOptions, PasskeyList } from '../contract/two-factor.ts';
import type { RequestOptions } from './core.ts';

type Request = <T>(method: string, path: string, r?: RequestOptions) => Promise<T>;

/** The signed-in person's passkeys (a second two-factor method): options behind the current password, the browser's attestation, the list, removal. */
export const passkeyCalls = (request: Request) => ({
  list: () => request<PasskeyList>('GET', '/api/profile/2fa/passkeys'),
  /** Creation options for navigator.credentials.create() (e.g. @simplewebauthn/browser's startRegistration). */
  options: (currentPassword: string) => request<PasskeyCreationOptions>('POST', '/api/profile/2fa/passkeys/options', { body: { currentPassword } }),
  /** Keeps the passkey; `recoveryCodes` when it turned two-factor sign-in on (shown once). */
  add: (name: string, response: z.input<typeof PasskeyAttestation>) => request<PasskeyAdded>('POST', '/api/profile/2fa/passkeys', { body: { name, response } }),
  remove: (id: string, currentPassword: string) => request<z.infer<typeof MessageBody>>('DELETE', `/api/profile/2fa/passkeys/${encodeURIComponent(id)}`, { body: { currentPassword } }),
});
