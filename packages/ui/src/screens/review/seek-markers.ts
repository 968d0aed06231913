import { clock, markerSpots } from './time.ts';

interface Marked {
  id: string;
  atSec: number;
  parentId: string | null;
  text: string;
  name: string;
}

/**
 * Draws comment marks over the embed player's own seek bar (`.rb-seek`), in a layer that follows
 * the bar wherever its layout puts it (as the player's chapter marks do), so a mark sits exactly
 * at its second on the bar. A click on a mark seeks there. Answers a function that removes them.
 */
export function drawSeekMarkers(root: HTMLElement, comments: readonly Marked[], durationSec: number | null, onSeek: (at: number) => void): () => void {
  const seek = root.querySelector<HTMLInputElement>('input.rb-seek');
  if (!seek?.parentElement) return () => {};
  const layer = document.createElement('div');
  layer.className = 'rb-review-marks';
  layer.dataset.testid = 'review-marks';
  Object.assign(layer.style, { position: 'absolute', height: '0', pointerEvents: 'none', zIndex: '2' });
  const place = () => {
    layer.style.left = `${seek.offsetLeft}px`;
    layer.style.top = `${seek.offsetTop + seek.offsetHeight / 2}px`;
    layer.style.width = `${seek.offsetWidth}px`;
  };
  layer.replaceChildren(
    ...markerSpots(comments, durationSec).map(({ comment, percent }) => {
      const mark = document.createElement('button');
      mark.type = 'button';
      mark.dataset.testid = 'review-marker';
      mark.dataset.at = String(comment.atSec);
      mark.title = `${clock(comment.atSec)} ${comment.name}: ${comment.text}`;
      mark.setAttribute('aria-label', mark.title);
      Object.assign(mark.style, {
        position: 'absolute',
        left: `${percent}%`,
        top: '-6px',
        width: '12px',
        height: '12px',
        marginLeft: '-6px',
        padding: '0',
        border: '2px solid #fff',
        borderRadius: '50%',
        background: '#faad14',
        cursor: 'pointer',
        pointerEvents: 'auto',
      });
      mark.addEventListener('click', (e) => {
        e.stopPropagation();
        onSeek(comment.atSec);
      });
      return mark;
    }),
  );
  seek.parentElement.append(layer);
  place();
  const resized = new ResizeObserver(place);
  resized.observe(seek.parentElement);
  return () => {
    resized.disconnect();
    layer.remove();
  };
}
