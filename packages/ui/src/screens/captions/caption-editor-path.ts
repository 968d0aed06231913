/** The editor's address for one track of a video (the captions panel links here). */
export const captionEditorPath = (videoId: string, captionId: string) => `/${encodeURIComponent(videoId)}/captions/${encodeURIComponent(captionId)}`;
