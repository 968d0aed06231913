import type { ReviewComment, ReviewDecision, ReviewLink, TeamReviewComment } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

/** SQL of client review (issue 34 item 4): review links, comments and decisions, each row the team's (`user_id`). */

export interface VideoRow {
  id: string;
  user_id: string;
  name: string;
  review_version: number;
  duration_sec: number | null;
}
export interface LinkRow {
  id: string;
  user_id: string;
  video_id: string;
  token_prefix: string;
  password_hash: string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  created_by: string | null;
  created_at: Date | string;
}
export interface CommentRow {
  id: string;
  version: number;
  parent_id: string | null;
  link_id: string | null;
  at_sec: number;
  text: string;
  author_name: string;
  author_email: string | null;
  member_id: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
}
interface DecisionRow {
  decision: ReviewDecision['decision'];
  name: string;
  email: string;
  version: number;
  created_at: Date | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const LINK_COLUMNS = 'id, user_id, video_id, token_prefix, password_hash, expires_at, revoked_at, created_by, created_at';
const COMMENT_COLUMNS = 'id, version, parent_id, link_id, at_sec, text, author_name, author_email, member_id, resolved_at, created_at';

export const linkState = (r: Pick<LinkRow, 'expires_at' | 'revoked_at'>): ReviewLink['state'] =>
  r.revoked_at ? 'revoked' : r.expires_at && new Date(r.expires_at).getTime() <= Date.now() ? 'expired' : 'active';

export const toLink = (r: LinkRow): ReviewLink => ({
  id: r.id,
  videoId: r.video_id,
  tokenPrefix: r.token_prefix,
  hasPassword: r.password_hash !== null,
  expiresAt: iso(r.expires_at),
  revokedAt: iso(r.revoked_at),
  state: linkState(r),
  createdAt: iso(r.created_at) as string,
  createdBy: r.created_by,
});
export const toComment = (r: CommentRow): ReviewComment => ({
  id: r.id,
  version: r.version,
  parentId: r.parent_id,
  atSec: Number(r.at_sec),
  text: r.text,
  name: r.author_name,
  byTeam: r.member_id !== null || r.link_id === null,
  resolved: r.resolved_at !== null,
  createdAt: iso(r.created_at) as string,
});
export const toTeamComment = (r: CommentRow): TeamReviewComment => ({ ...toComment(r), email: r.author_email, resolvedAt: iso(r.resolved_at), versionLabel: `Version ${r.version}` });
export const toDecision = (r: DecisionRow): ReviewDecision => ({ decision: r.decision, name: r.name, version: r.version, createdAt: iso(r.created_at) as string });

export const reviewQueries = (sql: Sql) => ({
  /** The team's video, or null (another team's answers like a missing one). */
  async video(teamId: string, id: string): Promise<VideoRow | null> {
    const [row] = await sql<VideoRow[]>('select id, user_id, name, review_version, duration_sec from videos where id = ? and user_id = ?', [id, teamId]);
    return row ?? null;
  },
  async videoById(id: string): Promise<VideoRow | null> {
    const [row] = await sql<VideoRow[]>('select id, user_id, name, review_version, duration_sec from videos where id = ?', [id]);
    return row ?? null;
  },
  async insertLink(l: { id: string; teamId: string; videoId: string; tokenHash: string; tokenPrefix: string; passwordHash: string | null; expiresAt: string | null; createdBy: string }): Promise<LinkRow> {
    const [row] = await sql<LinkRow[]>(
      `insert into review_links (id, user_id, video_id, token_hash, token_prefix, password_hash, expires_at, created_by) values (?, ?, ?, ?, ?, ?, ?, ?) returning ${LINK_COLUMNS}`,
      [l.id, l.teamId, l.videoId, l.tokenHash, l.tokenPrefix, l.passwordHash, l.expiresAt, l.createdBy],
    );
    return row;
  },
  links: (teamId: string, videoId: string) => sql<LinkRow[]>(`select ${LINK_COLUMNS} from review_links where user_id = ? and video_id = ? order by created_at desc, id`, [teamId, videoId]),
  async revokeLink(teamId: string, videoId: string, linkId: string): Promise<boolean> {
    const rows = await sql<{ id: string }[]>('update review_links set revoked_at = coalesce(revoked_at, now()) where id = ? and user_id = ? and video_id = ? returning id', [linkId, teamId, videoId]);
    return rows.length > 0;
  },
  async linkByHash(tokenHash: string): Promise<LinkRow | null> {
    const [row] = await sql<LinkRow[]>(`select ${LINK_COLUMNS} from review_links where token_hash = ?`, [tokenHash]);
    return row ?? null;
  },

  comments: (videoId: string, version?: number) =>
    version === undefined
      ? sql<CommentRow[]>(`select ${COMMENT_COLUMNS} from review_comments where video_id = ? order by version, created_at, id`, [videoId])
      : sql<CommentRow[]>(`select ${COMMENT_COLUMNS} from review_comments where video_id = ? and version = ? order by created_at, id`, [videoId, version]),
  async comment(videoId: string, id: string): Promise<CommentRow | null> {
    const [row] = await sql<CommentRow[]>(`select ${COMMENT_COLUMNS} from review_comments where video_id = ? and id = ?`, [videoId, id]);
    return row ?? null;
  },
  async insertComment(c: { teamId: string; videoId: string; version: number; linkId: string | null; parentId: string | null; atSec: number; text: string; name: string; email: string | null; memberId: string | null }): Promise<CommentRow> {
    const [row] = await sql<CommentRow[]>(
      `insert into review_comments (id, user_id, video_id, version, link_id, parent_id, at_sec, text, author_name, author_email, member_id) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${COMMENT_COLUMNS}`,
      [crypto.randomUUID(), c.teamId, c.videoId, c.version, c.linkId, c.parentId, c.atSec, c.text, c.name, c.email, c.memberId],
    );
    return row;
  },
  async setResolved(videoId: string, id: string, by: string | null): Promise<CommentRow | null> {
    const [row] = await sql<CommentRow[]>(
      `update review_comments set resolved_at = case when ?::uuid is null then null else coalesce(resolved_at, now()) end, resolved_by = ? where video_id = ? and id = ? returning ${COMMENT_COLUMNS}`,
      [by, by, videoId, id],
    );
    return row ?? null;
  },

  async insertDecision(d: { teamId: string; videoId: string; version: number; linkId: string; decision: string; name: string; email: string }): Promise<DecisionRow> {
    const [row] = await sql<DecisionRow[]>(
      'insert into review_decisions (id, user_id, video_id, version, link_id, decision, name, email) values (?, ?, ?, ?, ?, ?, ?, ?) returning decision, name, email, version, created_at',
      [crypto.randomUUID(), d.teamId, d.videoId, d.version, d.linkId, d.decision, d.name, d.email],
    );
    return row;
  },
  /** The version's latest decision (a reviewer may change their mind; the last word holds). */
  async decision(videoId: string, version: number): Promise<DecisionRow | null> {
    const [row] = await sql<DecisionRow[]>('select decision, name, email, version, created_at from review_decisions where video_id = ? and version = ? order by created_at desc, id desc limit 1', [videoId, version]);
    return row ?? null;
  },
  async counts(videoId: string, version: number): Promise<{ comments: number; unresolved: number }> {
    const [row] = await sql<{ comments: string; unresolved: string }[]>(
      'select count(*) as comments, count(*) filter (where parent_id is null and resolved_at is null) as unresolved from review_comments where video_id = ? and version = ?',
      [videoId, version],
    );
    return { comments: Number(row.comments), unresolved: Number(row.unresolved) };
  },

  /**
   * Takes the link's comment-mail turn: true (and the time noted) when its last mail is older than
   * `minutes`; `since` is that last mail's time, to count the comments the mail folds in.
   */
  async takeCommentMailTurn(linkId: string, minutes: number): Promise<{ since: Date | string | null } | null> {
    const [row] = await sql<{ since: Date | string | null }[]>(
      `update review_links l set comment_mail_at = now() from (select id, comment_mail_at as since from review_links where id = ? for update) old
       where l.id = old.id and (old.since is null or old.since < now() - make_interval(mins => ?)) returning old.since`,
      [linkId, minutes],
    );
    return row ?? null;
  },
  async linkCommentsSince(linkId: string, since: Date | string | null): Promise<number> {
    const [row] = await sql<{ n: string }[]>('select count(*) as n from review_comments where link_id = ? and (?::timestamptz is null or created_at > ?::timestamptz)', [linkId, since, since]);
    return Number(row.n);
  },
  /** Who is mailed about a review: the team's owner and members whose role edits. */
  editors: (teamId: string) =>
    sql<{ email: string; first_name: string | null }[]>(
      "select u.email, u.first_name from team_members m join users u on u.id = m.user_id where m.team_id = ? and m.role in ('owner', 'admin', 'editor') order by m.created_at",
      [teamId],
    ),
});
export type ReviewQueries = ReturnType<typeof reviewQueries>;

/**
 * A replace publishes a new picture: its review starts afresh as the next version (issue 34).
 * Called in the replace's switch transaction; trims and watermarks are the same cut's changes, not new versions.
 */
export const startReviewVersion = (sql: Sql, videoId: string) => sql('update videos set review_version = review_version + 1 where id = ?', [videoId]);
