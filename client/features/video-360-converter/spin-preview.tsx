import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { SpritePlan } from '../../../common/video/sprite-grid';
import { frameAtFraction, spriteBackgroundPosition, spriteBackgroundSize, stepFrame } from './spin';

/**
 * The 360 image turning under the pointer, as the product page's snippet shows it: the sprite is the box's
 * background, moved so one frame fills the box. A mouse turns it by hovering, a finger or pen by dragging; the arrow
 * keys, Home and End step through the frames (a slider to a screen reader).
 */
export function SpinPreview({ url, plan, label }: { url: string; plan: SpritePlan; label: string }) {
  const [frame, setFrame] = useState(0);
  const isHeld = useRef(false);
  const { frames, columns, rows, frameWidth, frameHeight } = plan;

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse' && !isHeld.current) return;
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width > 0) setFrame(frameAtFraction((event.clientX - rect.left) / rect.width, frames));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? stepFrame(frame, 1, frames)
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? stepFrame(frame, -1, frames)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? frames - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setFrame(next);
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={frames}
      aria-valuenow={frame + 1}
      aria-valuetext={`${frame + 1} / ${frames}`}
      data-testid="video360-spin"
      data-frame={frame}
      onPointerMove={pick}
      onPointerDown={(event) => {
        isHeld.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        pick(event);
      }}
      onPointerUp={() => {
        isHeld.current = false;
      }}
      onPointerCancel={() => {
        isHeld.current = false;
      }}
      onKeyDown={onKeyDown}
      className="w-full cursor-ew-resize touch-pan-y rounded-lg border border-slate-200 bg-no-repeat select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      style={{
        maxWidth: `${Math.max(frameWidth, 200)}px`,
        aspectRatio: `${frameWidth} / ${frameHeight}`,
        backgroundImage: `url("${url}")`,
        backgroundSize: spriteBackgroundSize(columns, rows),
        backgroundPosition: spriteBackgroundPosition(frame, columns, rows),
      }}
    />
  );
}
