import type { TestServer } from './test-server.ts';

/** A video row of `userId` that no job ever processes (nothing runs ffmpeg), with the given player settings. */
export async function quietVideo(s: TestServer, userId: string, o: { name?: string; visibility?: string; playerConfig?: Record<string, unknown> } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into videos (id, user_id, name, source, size, status, player_config, visibility, password_hash, created_at)
       values (?, ?, ?, 'upload', 1000, 'processing', ?::jsonb, ?, ?, now())`,
      [id, userId, o.name ?? 'Lead video', JSON.stringify(o.playerConfig ?? {}), o.visibility ?? 'public', o.visibility === 'password' ? 'not-a-real-hash' : null],
    );
  return id;
}

/** Turns the video's lead form (and call to action) on through the owner's player settings. */
export async function enableLeadForm(s: TestServer, token: string, id: string, leadForm: Record<string, unknown> = {}, callToAction?: Record<string, unknown>) {
  const res = await s.api('PUT', `/api/player-config/${id}`, { token, body: { leadForm: { enabled: true, ...leadForm }, ...(callToAction && { callToAction }) } });
  if (res.status !== 200) throw new Error(`player settings refused: ${JSON.stringify(res.body)}`);
  return res.body;
}
