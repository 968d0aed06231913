import { join } from 'node:path';
import type { Config } from '../config.ts';
import { localStorage } from './local-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The storage the settings choose; `kind` overrides STORAGE (the migrate command opens both). */
export function openStorage(config: Config, kind: Config['STORAGE'] = config.STORAGE): Storage {
  const mediaBase = config.MEDIA_BASE_URL ?? config.PUBLIC_URL;
  if (kind === 'local') return localStorage(join(config.DATA_DIR, 'media'), mediaBase);
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
