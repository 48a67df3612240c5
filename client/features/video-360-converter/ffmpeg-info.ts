// What `ffmpeg -i <file>` prints about a video, for files Mediabunny cannot read: the duration and the picture's
// size as shown (a rotated phone video's width and height are swapped, as ffmpeg's autorotate does when decoding).

export type FfmpegVideoInfo = { duration: number | null; width: number; height: number };

const DURATION = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
const VIDEO_SIZE = /Stream #\d+:\d+.*?: Video: .*?[\s,](\d{1,5})x(\d{1,5})[\s,[]/;
const ROTATION = /displaymatrix: rotation of (-?\d+(?:\.\d+)?) degrees/;

/** The first video stream's size and the duration; null when the log names no video stream. */
export function parseFfmpegInfo(log: string): FfmpegVideoInfo | null {
  const size = VIDEO_SIZE.exec(log);
  if (!size) return null;
  let width = Number(size[1]);
  let height = Number(size[2]);
  if (!(width > 0 && height > 0)) return null;
  const rotation = ROTATION.exec(log.slice(size.index));
  if (rotation && Math.abs(Math.round(Number(rotation[1]))) % 180 === 90) {
    [width, height] = [height, width];
  }
  const time = DURATION.exec(log);
  const duration = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : null;
  return { duration: duration !== null && duration > 0 ? duration : null, width, height };
}
