import { fileURLToPath } from 'node:url';

/** Absolute path of the built web app (`pnpm --filter @reelbase/web build`), for the API to serve. */
export const webDistPath: string = fileURLToPath(new URL('./dist', import.meta.url));
export default webDistPath;
