import { t } from '@lingui/core/macro';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef } from 'react';

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const KEY_STEP = 0.01;

/**
 * A frame of the video's aspect ratio with one item on it that the user drags (or moves with the
 * arrow keys) to place it. Positions are the item's top-left corner as fractions of the frame, so
 * they mean the same on every rendition; the item always stays wholly inside.
 */
export function DragPreview({
  aspect,
  background,
  x,
  y,
  onMove,
  label,
  width,
  children,
}: {
  aspect: number;
  background: ReactNode;
  x: number;
  y: number;
  onMove(x: number, y: number): void;
  label: string;
  /** The item's width as a fraction of the frame's; left out, the item's own width. */
  width?: number;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const item = useRef<HTMLDivElement>(null);
  const grab = useRef<{ dx: number; dy: number } | null>(null);

  /** Largest x and y that keep the item inside the frame. */
  function limits() {
    const f = frame.current?.getBoundingClientRect();
    const i = item.current?.getBoundingClientRect();
    if (!f || !i || !f.width || !f.height) return { maxX: 1, maxY: 1 };
    return { maxX: clamp01(1 - i.width / f.width), maxY: clamp01(1 - i.height / f.height) };
  }
  function moveTo(nx: number, ny: number) {
    const { maxX, maxY } = limits();
    onMove(Math.min(clamp01(nx), maxX), Math.min(clamp01(ny), maxY));
  }

  function down(e: PointerEvent<HTMLDivElement>) {
    const i = item.current?.getBoundingClientRect();
    if (!i) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    grab.current = { dx: e.clientX - i.left, dy: e.clientY - i.top };
  }
  function move(e: PointerEvent<HTMLDivElement>) {
    const f = frame.current?.getBoundingClientRect();
    if (!grab.current || !f) return;
    moveTo((e.clientX - grab.current.dx - f.left) / f.width, (e.clientY - grab.current.dy - f.top) / f.height);
  }
  function key(e: KeyboardEvent<HTMLDivElement>) {
    const step: Record<string, [number, number]> = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, -KEY_STEP], ArrowDown: [0, KEY_STEP] };
    const d = step[e.key];
    if (!d) return;
    e.preventDefault();
    moveTo(x + d[0], y + d[1]);
  }

  return (
    <div ref={frame} data-testid="drag-preview" style={{ position: 'relative', width: '100%', aspectRatio: String(aspect), background: '#000', overflow: 'hidden', borderRadius: 6, userSelect: 'none', touchAction: 'none' }}>
      {background}
      {/* biome-ignore lint/a11y/useSemanticElements: a draggable item has no native element; it is focusable and moves with the arrow keys. */}
      <div
        ref={item}
        role="button"
        tabIndex={0}
        aria-label={t`${label} (drag or use the arrow keys to move)`}
        data-testid="drag-item"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => {
          grab.current = null;
        }}
        onKeyDown={key}
        style={{ position: 'absolute', left: `${x * 100}%`, top: `${y * 100}%`, width: width === undefined ? undefined : `${width * 100}%`, cursor: 'move', outlineOffset: 2 }}
      >
        {children}
      </div>
    </div>
  );
}
