import { join } from 'node:path';
import type { Config } from '../config.ts';
import { localStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

/**
 * The storage the settings choose; `kind` overrides STORAGE (the migrate command opens both).
 * The S3 client is loaded only when used: a one-machine install never pays for it.
 */
export async function openStorage(config: Config, kind: Config['STORAGE'] = config.STORAGE): Promise<Storage> {
  const mediaBase = config.MEDIA_BASE_URL ?? config.PUBLIC_URL;
  if (kind === 'local') return localStorage(join(config.DATA_DIR, 'media'), mediaBase);
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(
    {
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    },
    mediaBase,
  );
}
