import { randomUUID } from 'node:crypto';

/**
 * Files the user picked in a dialog, by an unguessable token: the renderer previews and queues
 * them by token (app://reelbase/local/{token}), so it can name no other file on the computer.
 */
export function localFiles() {
  const byToken = new Map<string, string>();
  return {
    add(path: string): string {
      const token = randomUUID();
      byToken.set(token, path);
      return token;
    },
    path: (token: string): string | null => byToken.get(token) ?? null,
  };
}
export type LocalFiles = ReturnType<typeof localFiles>;
