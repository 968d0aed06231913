import { t as tr } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import { useClient } from '../../services.tsx';
import { reviewKeys } from './review-keys.ts';
import { clock, markerSpots } from './time.ts';

/**
 * The current version's comment marks under the owner's player (a native <video>, whose seek bar
 * cannot be drawn on): a strip as wide as the video, each mark at its second; a click seeks there.
 */
export function ReviewMarkerStrip({ videoId, durationSec, onSeek }: { videoId: string; durationSec: number | null; onSeek: (at: number) => void }) {
  const client = useClient();
  const { token } = theme.useToken();
  const comments = useQuery({ queryKey: reviewKeys.comments(videoId), queryFn: () => client.review.comments(videoId) });
  const current = comments.data ? comments.data.items.filter((c) => c.version === comments.data.currentVersion) : [];
  const spots = markerSpots(current, durationSec);
  if (!spots.length) return null;
  return (
    <nav data-testid="review-marker-strip" aria-label={tr`Review comments along the video`} style={{ position: 'relative', height: 14, margin: '6px 12px 0', background: token.colorFillSecondary, borderRadius: 7 }}>
      {spots.map(({ comment, percent }) => (
        <button
          key={comment.id}
          type="button"
          data-testid="review-marker"
          data-at={comment.atSec}
          title={`${clock(comment.atSec)} ${comment.name}: ${comment.text}`}
          aria-label={`${clock(comment.atSec)} ${comment.name}: ${comment.text}`}
          onClick={() => onSeek(comment.atSec)}
          style={{
            position: 'absolute',
            left: `${percent}%`,
            top: 1,
            width: 12,
            height: 12,
            marginLeft: -6,
            padding: 0,
            border: '2px solid #fff',
            borderRadius: '50%',
            background: comment.resolved ? token.colorSuccess : token.colorWarning,
            cursor: 'pointer',
          }}
        />
      ))}
    </nav>
  );
}
