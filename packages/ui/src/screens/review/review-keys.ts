/** The review queries' keys (one place, so a change refreshes the panel, the markers and the summary together). */
export const reviewKeys = {
  all: (videoId: string) => ['video-review', videoId] as const,
  comments: (videoId: string) => ['video-review', videoId, 'comments'] as const,
  links: (videoId: string) => ['video-review', videoId, 'links'] as const,
  summary: (videoId: string) => ['video-review', videoId, 'summary'] as const,
};
