/** A video on its own public player page (the embed route), outside any frame. */
export const playerPageUrl = (apiBaseUrl: string, videoId: string) => `${apiBaseUrl}/embed/hls/${encodeURIComponent(videoId)}`;

/** The admin's list of one user's videos (spec: the second id is the user's own id). */
export const adminVideosPath = (userId: string) => `/admin/users/${userId}/videos/${userId}`;
