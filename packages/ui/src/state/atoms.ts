import { VIDEO_PAGE_SIZE_DEFAULT } from '@reelbase/api-client';
import { atom } from 'jotai';

export type AlertKind = 'success' | 'error' | 'info' | 'warning';
export interface AlertMessage {
  id: number;
  kind: AlertKind;
  text: string;
  /** Goes along to the next page (the step that showed it navigates there). */
  follow?: boolean;
}

/** The top alert bar; it clears itself after ALERT_DISMISS_MS. */
export const alertAtom = atom<AlertMessage | null>(null);

/** The list's paging, sort, search and selection; the open folder lives in the URL (`?folder=`). */
export interface VideoListState {
  page: number;
  limit: number;
  direction: 'ASC' | 'DESC';
  field: 'createdAt';
  search: string;
  selectedIds: string[];
  /** Rows shown on a phone, where See more adds MOBILE_SEE_MORE_STEP per step. */
  mobileCount: number;
}

export const initialVideoListState: VideoListState = {
  page: 1,
  limit: VIDEO_PAGE_SIZE_DEFAULT,
  // Spec section 9: video sort by date, createdAt ascending by default.
  direction: 'ASC',
  field: 'createdAt',
  search: '',
  selectedIds: [],
  mobileCount: VIDEO_PAGE_SIZE_DEFAULT,
};

export const videoListAtom = atom<VideoListState>(initialVideoListState);

export interface UploadEntry {
  key: string;
  fileName: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
  /** Not sent: the file is not a video. */
  refused?: boolean;
  videoId?: string;
}

/** Uploads in progress or finished in this session, each with its own progress. */
export const uploadsAtom = atom<UploadEntry[]>([]);

/**
 * The team chosen in the top bar (null: the caller's own team). The services keep the api-client
 * (X-Team-Id) and the platform's storage in step with it; signing out sets it back to null.
 */
export const selectedTeamAtom = atom<string | null>(null);

/** Set (to a new number each time) when a team answered that it requires two-factor sign-in the person has not set up: the layout opens Settings. */
export const twoFactorNeededAtom = atom(0);
