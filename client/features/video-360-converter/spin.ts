// The 360 viewer's arithmetic, shared by the screen's preview (the snippet carries the same few lines as text): which
// frame a pointer position shows and where the sprite sits so that frame fills the box.

/** The frame shown when the pointer is at `fraction` (0 = left edge, 1 = right edge) of the box. */
export function frameAtFraction(fraction: number, frames: number): number {
  if (frames <= 1 || !Number.isFinite(fraction)) return 0;
  return Math.min(frames - 1, Math.max(0, Math.floor(fraction * frames)));
}

/** The frame `delta` steps on, turning round past either end. */
export function stepFrame(frame: number, delta: number, frames: number): number {
  if (frames <= 0) return 0;
  return (((frame + delta) % frames) + frames) % frames;
}

/** CSS background-size: the whole sprite is `columns` boxes wide and `rows` boxes high. */
export function spriteBackgroundSize(columns: number, rows: number): string {
  return `${columns * 100}% ${rows * 100}%`;
}

/** CSS background-position showing frame `frame` (row by row); percentages, so any box size works. */
export function spriteBackgroundPosition(frame: number, columns: number, rows: number): string {
  const column = frame % columns;
  const row = Math.floor(frame / columns);
  const x = columns > 1 ? (column * 100) / (columns - 1) : 0;
  const y = rows > 1 ? (row * 100) / (rows - 1) : 0;
  return `${round(x)}% ${round(y)}%`;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
