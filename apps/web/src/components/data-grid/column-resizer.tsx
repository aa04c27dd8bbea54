import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import classes from './column-resizer.module.css';

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;
const STEP = 16;
const clamp = (w: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));

type ColumnResizerProps = {
  /** The column's name, for the handle's accessible name ("Resize Email"). */
  label: string;
  width: number;
  /** While dragging: the width to show now. */
  onLive: (width: number) => void;
  /** The width chosen (pointer released, or an arrow key): saved with the user's columns. */
  onCommit: (width: number) => void;
};

/**
 * The handle on a column header's right edge: drag it, or focus it and press ←/→ (16 px a press).
 * A separator in ARIA terms, with its width as the value, so screen readers say what it does.
 */
export function ColumnResizer({ label, width, onLive, onCommit }: ColumnResizerProps) {
  const drag = useRef<{ x: number; width: number; last: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width, last: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    d.last = clamp(d.width + event.clientX - d.x);
    onLive(d.last);
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d && d.last !== d.width) onCommit(d.last);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowLeft' ? -STEP : event.key === 'ArrowRight' ? STEP : 0;
    if (!delta) return;
    event.preventDefault();
    event.stopPropagation();
    onCommit(clamp(width + delta));
  };
  return (
    <div
      className={classes.handle}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
