import { z } from 'zod';
import { ForgotPasswordRequest, LoginRequest, LoginResponse, PlatformLoginRequest, RefreshRequest, ResetPasswordRequest, Tokens, VerifyEmailRequest } from './auth.ts';
import { MessageBody } from './common.ts';
import { FolderCreate, FolderDetail, FolderList, FolderSaved, FolderUpdate } from './folders.ts';
import { Gif, GifCreate, GifList } from './gifs.ts';
import { DropOffBeacon, EmbedCodeResponse, PlaybackInfo, PlayerConfigUpdate, PlayerLogoUploadResponse, VideoStatistics } from './player.ts';
import { Profile, ProfileUpdate, ProfileUpdateResponse, ProfileUploadResponse } from './profile.ts';
import { RegisterRequest, RegisterResponse } from './users.ts';
import { CoverFromFrame, PlayerConfig, Video, VideoBulkRequest, VideoBulkResult, VideoEdit, VideoImageResponse } from './videos.ts';

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  auth: 'none' | 'user' | 'admin' | 'optional';
  body?: z.ZodType;
  multipart?: Record<string, 'file' | 'string'>;
  response?: z.ZodType;
}

export const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.string(), queue: z.string() });

/** Every call of the API, for the OpenAPI document. Routes validate with the same schemas. */
export const endpoints: Endpoint[] = [
  { method: 'get', path: '/api/health', summary: 'Database and queue status', auth: 'none', response: Health },
  { method: 'post', path: '/auth/refresh', summary: 'Rotate a refresh token', auth: 'none', body: RefreshRequest, response: Tokens },
  { method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password', auth: 'none', body: LoginRequest, response: LoginResponse },
  { method: 'post', path: '/api/auth/platform', summary: 'Sign in with a Google or Facebook token', auth: 'none', body: PlatformLoginRequest, response: LoginResponse },
  { method: 'post', path: '/api/auth/logout', summary: 'End this session', auth: 'user', response: MessageBody },
  { method: 'post', path: '/api/auth/forgot-password', summary: 'Mail a password reset link', auth: 'none', body: ForgotPasswordRequest, response: MessageBody },
  { method: 'post', path: '/api/auth/reset-password', summary: 'Set a new password with a reset token', auth: 'none', body: ResetPasswordRequest, response: MessageBody },
  { method: 'post', path: '/api/auth/verify-email', summary: 'Confirm an email address and sign in', auth: 'none', body: VerifyEmailRequest, response: LoginResponse },
  { method: 'post', path: '/api/users', summary: 'Register (or, as admin, create a user)', auth: 'optional', body: RegisterRequest, response: RegisterResponse },
  { method: 'get', path: '/api/profile', summary: 'The signed-in user profile', auth: 'user', response: Profile },
  { method: 'put', path: '/api/profile', summary: 'Update the profile', auth: 'user', body: ProfileUpdate, response: ProfileUpdateResponse },
  { method: 'post', path: '/api/profile/upload', summary: 'Upload the avatar or default player logo', auth: 'user', multipart: { file: 'file', image: 'string' }, response: ProfileUploadResponse },
  { method: 'get', path: '/api/playback/{id}', summary: 'Public: sources, poster and player configuration of a video (CORS *)', auth: 'none', response: PlaybackInfo },
  { method: 'post', path: '/api/videos/bulk', summary: 'addToFolder or delete several videos at once (all or none; a foreign id is a 404)', auth: 'user', body: VideoBulkRequest, response: VideoBulkResult },
  { method: 'get', path: '/api/folders', summary: 'Folders of one level (query: parent_id, direction) with counts, and the breadcrumbs to it', auth: 'user', response: FolderList },
  { method: 'post', path: '/api/folders', summary: 'Create a folder', auth: 'user', body: FolderCreate, response: FolderSaved },
  { method: 'get', path: '/api/folders/{id}', summary: 'A folder with its breadcrumbs', auth: 'user', response: FolderDetail },
  { method: 'put', path: '/api/folders/{id}', summary: 'Rename or move a folder (not into itself or a subfolder)', auth: 'user', body: FolderUpdate, response: FolderSaved },
  { method: 'delete', path: '/api/folders/{id}', summary: 'Delete a folder; its videos and subfolders move to its parent', auth: 'user', response: MessageBody },
  { method: 'get', path: '/api/videos/{id}/embed', summary: 'The iframe embed code (query: width, height, redirect, new-window, type)', auth: 'user', response: EmbedCodeResponse },
  { method: 'post', path: '/api/videos/{id}/create/image', summary: 'Make the frame at `time` seconds the cover (feature setVideoImage)', auth: 'user', body: CoverFromFrame, response: VideoImageResponse },
  { method: 'post', path: '/api/videos/{id}/upload/image', summary: 'Upload the cover (JPG, GIF, PNG or SVG; feature setVideoImage), or with type watermark a watermark burnt into every rendition by a job (202; feature addWatermark; placement as shares of the video size, opacity 0 to 1)', auth: 'user', multipart: { image: 'file', type: 'string', positionX: 'string', positionY: 'string', width: 'string', height: 'string', opacity: 'string' }, response: VideoImageResponse },
  { method: 'delete', path: '/api/videos/{id}/watermark', summary: 'Remove the watermark: the renditions are made again from the kept source (202; feature addWatermark)', auth: 'user', response: Video },
  { method: 'get', path: '/api/gifs', summary: 'The caller\'s GIFs, newest first (query: limit (6), page, video-id)', auth: 'user', response: GifList },
  { method: 'post', path: '/api/gifs', summary: 'Make an animated GIF (and a muted looping MP4) of a clip with text; answers when made (201; feature createGif; the end is clipped to the frame rate\'s limit)', auth: 'user', body: GifCreate, response: Gif },
  { method: 'delete', path: '/api/gifs/{id}', summary: 'Delete a GIF and its files', auth: 'user', response: MessageBody },
  { method: 'put', path: '/api/videos/{id}/edit', summary: 'Rename (200), or trim into a new video or over this one (202, feature videoTrimmer; the answer is the video receiving the cut)', auth: 'user', body: VideoEdit, response: Video },
  { method: 'put', path: '/api/player-config/{id}', summary: 'Change one or more player settings of a video', auth: 'user', body: PlayerConfigUpdate, response: PlayerConfig },
  { method: 'put', path: '/api/player-config/{id}/image', summary: 'Upload the player logo of a video (feature uploadPlayerLogo)', auth: 'user', multipart: { image: 'file' }, response: PlayerLogoUploadResponse },
  { method: 'post', path: '/api/statistics/drop-off/{id}', summary: 'Public beacon: the viewer reached this second (204; 429 over the per-address cap)', auth: 'none', body: DropOffBeacon },
  { method: 'get', path: '/api/statistics/video/{id}', summary: 'Viewer statistics of a video: drop-off, country, device, browser', auth: 'user', response: VideoStatistics },
];
