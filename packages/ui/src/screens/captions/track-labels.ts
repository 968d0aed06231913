import { t } from '@lingui/core/macro';
import type { CaptionTrack } from '@reelbase/api-client';

/** How a track came to be, in the app's language (the API's values are English keys). */
export function captionKindLabel(kind: CaptionTrack['kind']): string {
  switch (kind) {
    case 'uploaded':
      return t({ message: 'uploaded', context: 'caption track kind' });
    case 'generated':
      return t({ message: 'generated', context: 'caption track kind' });
    case 'edited':
      return t({ message: 'edited', context: 'caption track kind' });
    case 'translated':
      return t({ message: 'translated', context: 'caption track kind' });
  }
}

/** A track's state when it is not ready. */
export function captionStatusLabel(status: CaptionTrack['status']): string {
  switch (status) {
    case 'processing':
      return t({ message: 'processing', context: 'caption track status' });
    case 'failed':
      return t({ message: 'failed', context: 'caption track status' });
    case 'ready':
      return t({ message: 'ready', context: 'caption track status' });
  }
}
