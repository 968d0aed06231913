import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '@reelbase/api-client';

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and the base64 of random bytes. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

/**
 * The `webhook-signature` header (Standard Webhooks): `v1,` and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` keyed with the secret's decoded bytes, one per secret, space-separated
 * (a rotated secret signs beside the new one while its overlap lasts).
 */
export function webhookSignature(secrets: readonly string[], messageId: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}
