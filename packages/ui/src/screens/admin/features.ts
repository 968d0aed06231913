import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FeatureFlag } from '@reelbase/api-client';
import { i18n } from '../../i18n/index.ts';

/** The known feature flags under the names of the video tools they gate (spec: Named video tools). */
const FEATURE_LABELS: Record<FeatureFlag, MessageDescriptor> = {
  uploadPlayerLogo: msg`Upload Player logo`,
  videoTrimmer: msg`Video Trimmer`,
  setVideoImage: msg`Set Video Image`,
  createGif: msg`Create GIF`,
  addWatermark: msg`Add Watermark`,
};

/** A feature flag's label in the active language. */
export const featureLabel = (flag: FeatureFlag): string => i18n._(FEATURE_LABELS[flag]);
