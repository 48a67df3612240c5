// What a chosen video is, read with Mediabunny (only the container's headers and a few packets, not the whole file):
// its duration, size, tracks and whether this browser can decode them.
import { ALL_FORMATS, BlobSource, Input } from 'mediabunny';

export type VideoProbe = {
  /** Seconds, or null when the container does not say. */
  duration: number | null;
  width: number;
  height: number;
  /** Frames per second from the first packets, or null when unknown. */
  frameRate: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  hasAudio: boolean;
  /** Whether WebCodecs here can decode the video (and the audio, when there is one). */
  canDecodeVideo: boolean;
  canDecodeAudio: boolean;
};

/** Reads a file's headers; null when Mediabunny cannot read the container (ffmpeg.wasm may still). */
export async function probeVideo(file: Blob): Promise<VideoProbe | null> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const video = await input.getPrimaryVideoTrack();
    if (!video) return null;
    const audio = await input.getPrimaryAudioTrack();
    let duration: number | null = await input.computeDuration();
    if (!Number.isFinite(duration) || duration <= 0) duration = null;
    const webCodecs = typeof VideoDecoder !== 'undefined';
    const rate = await video
      .computePacketStats(60)
      .then((stats) => stats.averagePacketRate)
      .catch(() => Number.NaN);
    return {
      duration,
      width: video.displayWidth,
      height: video.displayHeight,
      frameRate: Number.isFinite(rate) && rate >= 1 && rate <= 240 ? rate : null,
      videoCodec: video.codec,
      audioCodec: audio?.codec ?? null,
      hasAudio: audio !== null,
      canDecodeVideo: webCodecs && (await video.canDecode()),
      canDecodeAudio: audio === null || (typeof AudioDecoder !== 'undefined' && (await audio.canDecode())),
    };
  } catch {
    return null;
  } finally {
    input.dispose();
  }
}

/** A file name without its extension: 'clip.final.mp4' -> 'clip.final'. */
export function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The device's memory in GB as the browser tells it (Chromium: 0.25 to 8), or null. */
export function deviceMemoryGb(): number | null {
  const memory = (globalThis.navigator as (Navigator & { deviceMemory?: number }) | undefined)?.deviceMemory;
  return typeof memory === 'number' && memory > 0 ? memory : null;
}
