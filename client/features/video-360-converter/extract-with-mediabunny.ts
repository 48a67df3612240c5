// Frames through Mediabunny and WebCodecs (the fast path: a 1080p 20 s clip gives 90 frames in about 3-5 s here,
// ../shared/MACHINE-NOTES.md "Video"): a CanvasSink decodes each packet at most once for sorted timestamps and hands
// back canvases of the picture's size, which are drawn straight into the sprite. Mediabunny closes the VideoFrames it
// decodes; the input is disposed at the end.
import { ALL_FORMATS, BlobSource, CanvasSink, Input } from 'mediabunny';
import type { Rect } from '../../../common/video/video360-options';
import { drawPicture, type SpriteCanvas } from './sprite-canvas';

/**
 * Draws the frame at each of `times` into the sprite's cells, in order; answers how many were drawn. Times past the
 * video's end are left out (an assumed 20 s on a shorter video must not fill the grid with its last frame).
 */
export async function extractWithMediabunny(
  file: Blob,
  {
    times,
    sprite,
    picture,
    signal,
    onFrame,
  }: {
    times: readonly number[];
    sprite: SpriteCanvas;
    picture: Rect;
    signal: AbortSignal;
    onFrame: (done: number, total: number) => void;
  },
): Promise<number> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) return 0;
    const sink = new CanvasSink(track, {
      width: picture.width,
      height: picture.height,
      fit: 'fill',
      poolSize: 2,
    });
    // Times past the video's end are dropped: the sink would answer the last frame for each of them.
    const end = await track.computeDuration();
    const inside = Number.isFinite(end) && end > 0 ? times.filter((time) => time < end) : [...times];
    let drawn = 0;
    let asked = 0;
    for await (const wrapped of sink.canvasesAtTimestamps(inside)) {
      signal.throwIfAborted();
      asked++;
      if (wrapped) {
        drawPicture(sprite, drawn, wrapped.canvas, picture);
        drawn++;
      }
      onFrame(asked, inside.length);
    }
    return drawn;
  } finally {
    input.dispose();
  }
}
