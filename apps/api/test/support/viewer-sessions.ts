import type { TestServer } from './test-server.ts';

/** A ready-to-play video row of `userId` with a known length (no ffmpeg: its files are never asked for). */
export async function sessionVideo(s: TestServer, userId: string, durationSec: number, o: { name?: string; visibility?: string } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into videos (id, user_id, name, source, size, status, player_config, visibility, password_hash, duration_sec, created_at)
       values (?, ?, ?, 'upload', 1000, 'ready', '{}'::jsonb, ?, ?, ?, now())`,
      [id, userId, o.name ?? 'Session video', o.visibility ?? 'public', o.visibility === 'password' ? 'not-a-real-hash' : null, durationSec],
    );
  return id;
}

/** The player's calls, from one client address (X-Forwarded-For: the server trusts its proxy in these tests). */
export function player(s: TestServer, address: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36') {
  const headers = (extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': address, 'User-Agent': userAgent, ...extra });
  return {
    open: (videoId: string, body: unknown, o: { token?: string; headers?: Record<string, string> } = {}) =>
      s.api('POST', `/api/videos/${videoId}/sessions${o.token ? `?token=${encodeURIComponent(o.token)}` : ''}`, { body, headers: headers(o.headers) }),
    /** As sendBeacon sends it: text/plain JSON. */
    report: (sessionId: string, body: unknown) =>
      fetch(`${s.url}/api/sessions/${sessionId}/progress`, { method: 'POST', headers: { ...headers(), 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        body: (r.status === 204 ? null : await r.json()) as any,
      })),
  };
}

/** Opens a session for `viewerId` and reports these ranges (ending it when `end`); answers its id. */
export async function watch(p: ReturnType<typeof player>, videoId: string, viewerId: string, ranges: [number, number][][], o: { end?: boolean; email?: string } = {}): Promise<string> {
  const opened = await p.open(videoId, { viewerId, ...(o.email && { email: o.email }) });
  if (opened.status !== 201) throw new Error(`session refused: ${opened.status} ${JSON.stringify(opened.body)}`);
  for (const [i, batch] of ranges.entries()) {
    const res = await p.report(opened.body.sessionId, { ranges: batch, ...(o.end && i === ranges.length - 1 && { ended: true }) });
    if (res.status !== 204) throw new Error(`progress refused: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return opened.body.sessionId;
}

export const sql = (s: TestServer, query: string, params: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(query, params);
