import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/**
 * A software authenticator for the API tests: one ES256 (P-256) key made with node:crypto, a
 * "none" attestation and assertions built by hand as a browser would send them
 * (@simplewebauthn/browser's JSON), for the origin a page at `origin` has. Its signature counter
 * is settable, so a test can make it go back.
 */
export function softAuthenticator(origin: string, rpId = new URL(origin).hostname) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  const id = b64(credentialId);
  let counter = 0;

  const authData = (flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, from: string) => Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id,
    setCounter(n: number) {
      counter = n;
    },

    /** navigator.credentials.create() for `options` (their challenge), as JSON. */
    attest(options: { challenge: string }, opts: { origin?: string } = {}) {
      // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, 'base64url')],
          [-3, Buffer.from(jwk.y as string, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData(FLAG_UP | FLAG_UV | FLAG_AT, attested)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64(clientData('webauthn.create', options.challenge, opts.origin ?? origin)), attestationObject: b64(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** navigator.credentials.get() for `options` (their challenge): the counter goes up by one first. */
    assert(options: { challenge: string }, opts: { origin?: string } = {}) {
      counter++;
      const data = authData(FLAG_UP | FLAG_UV);
      const client = clientData('webauthn.get', options.challenge, opts.origin ?? origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64(client), authenticatorData: b64(data), signature: b64(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
