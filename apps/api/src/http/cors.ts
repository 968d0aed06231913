import cors from '@koa/cors';
import { DEVICE_TOKEN_HEADER, TEAM_HEADER } from '@reelbase/api-client';
import type { Context } from 'koa';

/** The web app's origin and the desktop app may call the API with credentials; others may not. */
export function corsFor(publicUrl: string, extraOrigins: string[]) {
  const allowed = new Set([new URL(publicUrl).origin, 'app://reelbase', ...extraOrigins]);
  return cors({
    origin: (ctx: Context) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    allowHeaders: ['Authorization', 'Content-Type', 'Tus-Resumable', 'Upload-Length', 'Upload-Metadata', 'Upload-Offset', 'X-Request-Id', DEVICE_TOKEN_HEADER, TEAM_HEADER],
    exposeHeaders: ['Location', 'Upload-Offset', 'Upload-Length', 'Tus-Resumable', 'X-Request-Id', 'X-Video-Id'],
    maxAge: 600,
  });
}
