import type { FeatureFlag } from '@reelbase/api-client';

/** The known feature flags under the names of the video tools they gate (spec: Named video tools). */
export const FEATURE_LABELS: Record<FeatureFlag, string> = {
  uploadPlayerLogo: 'Upload Player logo',
  videoTrimmer: 'Video Trimmer',
  setVideoImage: 'Set Video Image',
  createGif: 'Create GIF',
  addWatermark: 'Add Watermark',
};
