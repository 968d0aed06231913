import type { z } from 'zod';
import type { AdminUserSortField, AdminVideoSortField } from '../contract/admin.ts';
import type { MessageBody } from '../contract/common.ts';
import type { ADMIN_VIDEO_PAGE_SIZES } from '../contract/constants.ts';
import type { AnalyticsSortField, StatisticsRange } from '../contract/player.ts';
import type { ProfileUpdate } from '../contract/profile.ts';
import type { TeamActivityAction } from '../contract/teams.ts';
import type { PaymentMethodInput, RegisterRequest } from '../contract/users.ts';
import type { ImportStatus, VideoList } from '../contract/videos.ts';
import type { ProgressHandler } from './transport.ts';

// The client's own parameter shapes: what its calls take where they differ from the contract's bodies and queries.

/** Filters of the leads lists: the email or name contains `search`; `from`/`to` are UTC days (YYYY-MM-DD), both included. */
export type LeadsParams = { search?: string; from?: string; to?: string; page?: number; limit?: number };
export type LoginInput = { email: string; password: string; rememberMe?: boolean };
export type RegisterInput = z.input<typeof RegisterRequest>;
export type PaymentMethodChoice = z.input<typeof PaymentMethodInput>;
/** The profile update; `paymentMethod` is what the access gate saves (the registration's shape). */
export type ProfileUpdateInput = z.input<typeof ProfileUpdate>;
export type VideoListPage = z.infer<typeof VideoList>;
export type ImportProgress = z.infer<typeof ImportStatus>;
export type MessageAnswer = z.infer<typeof MessageBody>;

export interface VideoListParams {
  limit?: number;
  page?: number;
  direction?: 'ASC' | 'DESC';
  field?: 'createdAt' | 'name' | 'size';
  /** A folder's videos; null the top level's; left out, every video (a search across folders). */
  folderId?: string | null;
  search?: string;
  /** Issue 34: only the videos with this tag. */
  tag?: string;
}

export interface GifListParams {
  page?: number;
  limit?: number;
  /** One video's GIFs; left out, all of the caller's. */
  videoId?: string;
}

export interface ImageUploadOptions {
  /** Defaults to the File's name. */
  filename?: string;
  onProgress?: ProgressHandler;
}

/** GET /api/users as the admin tables send it (the active table: isActive true, ban false; the inactive one: inactive true). */
export interface AdminUserListParams {
  limit?: number;
  page?: number;
  inactive?: boolean;
  isActive?: boolean;
  ban?: boolean;
  onlyBanned?: boolean;
  onlyCanceled?: boolean;
  search?: string;
  direction?: 'ASC' | 'DESC';
  field?: AdminUserSortField;
}
/** GET /api/videos?user-id= (admin). */
export interface AdminVideoListParams {
  userId: string;
  limit?: (typeof ADMIN_VIDEO_PAGE_SIZES)[number];
  page?: number;
  direction?: 'ASC' | 'DESC';
  field?: AdminVideoSortField;
}
/** A downloaded file: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface AnalyticsOverviewParams {
  range?: StatisticsRange;
  limit?: number;
  page?: number;
  field?: AnalyticsSortField;
  direction?: 'ASC' | 'DESC';
}

/** GET /api/teams/{teamId}/activity filters; dates as ISO 8601. */
export interface TeamActivityParams {
  limit?: number;
  page?: number;
  action?: TeamActivityAction;
  actorId?: string;
  videoId?: string;
  from?: string;
  to?: string;
}

export interface VideoUploadInput {
  /** A File (or Blob with a name given) in browsers; a Blob in Node. */
  file: Blob;
  filename?: string;
  /** The video's name; defaults to the file name without its extension. */
  name?: string;
  /** The folder the video goes into; the top level when left out. */
  folderId?: string | null;
  onProgress?: ProgressHandler;
  signal?: AbortSignal;
  /** Files larger than this go through resumable (tus) upload. */
  resumableAboveBytes?: number;
}
