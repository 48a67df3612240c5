// Conversion with WebCodecs through Mediabunny: hardware encoders where the machine has them, the file streamed from
// disk. A track Mediabunny would drop (a codec it cannot encode here) fails the conversion: never a silent success
// without sound or picture (MACHINE-NOTES, Video). AAC comes from WebCodecs, else from Mediabunny's AAC encoder.
import { registerAacEncoder } from '@mediabunny/aac-encoder';
import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Conversion,
  Input,
  Mp4OutputFormat,
  Output,
  QUALITY_MEDIUM,
  canEncodeAudio,
  canEncodeVideo,
  type DiscardedTrack,
} from 'mediabunny';
import type { TargetCodec } from './converter-rules';

export const MEDIABUNNY_VERSION = '1.61.0';

let aacExtension = false;

/** What WebCodecs can encode here for a file of this size: the target video codec, and AAC. */
export async function webCodecsCapabilities(
  codec: TargetCodec,
  width: number,
  height: number,
): Promise<{ encodeVideo: boolean; encodeAac: boolean }> {
  if (typeof VideoEncoder === 'undefined') return { encodeVideo: false, encodeAac: false };
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const encodeVideo = await canEncodeVideo(codec === 'h264' ? 'avc' : 'hevc', {
    width: even(width),
    height: even(height),
  });
  return { encodeVideo, encodeAac: await ensureAacEncoder() };
}

/** Whether AAC can be encoded here, registering Mediabunny's AAC encoder when WebCodecs has none. */
async function ensureAacEncoder(): Promise<boolean> {
  let encodeAac = await canEncodeAudio('aac');
  if (!encodeAac && !aacExtension) {
    registerAacEncoder();
    aacExtension = true;
    encodeAac = await canEncodeAudio('aac');
  }
  return encodeAac;
}

const DISCARD_REASONS: Record<DiscardedTrack['reason'], string> = {
  discarded_by_user: 'it was left out',
  max_track_count_reached: 'the output has no room for it',
  max_track_count_of_type_reached: 'the output has no room for it',
  unknown_source_codec: 'its codec is unknown',
  undecodable_source_codec: 'this browser cannot decode it',
  no_encodable_target_codec: 'this browser cannot encode it',
  cannot_copy: 'it cannot be copied',
};

export class ConversionCanceledError extends Error {
  override name = 'ConversionCanceledError';
}

/** Converts `file` to MP4 with H.264 or H.265 video and AAC audio; `trim` converts only that part (the speed sample). */
export async function convertWithWebCodecs(
  file: Blob,
  codec: TargetCodec,
  {
    onProgress,
    signal,
    trim,
  }: {
    onProgress?: (ratio: number) => void;
    signal?: AbortSignal;
    trim?: { start: number; end: number };
  } = {},
): Promise<Uint8Array> {
  await ensureAacEncoder();
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const target = new BufferTarget();
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    const conversion = await Conversion.init({
      input,
      output,
      tracks: 'primary',
      video: { codec: codec === 'h264' ? 'avc' : 'hevc', bitrate: QUALITY_MEDIUM, forceTranscode: true },
      // AAC in, AAC out: the audio is copied (no bitrate given), only other codecs are encoded.
      audio: { codec: 'aac' },
      ...(trim ? { trim } : {}),
      showWarnings: false,
    });
    const dropped = conversion.discardedTracks.map(
      (track) => `the ${track.track.type} track (${DISCARD_REASONS[track.reason]})`,
    );
    if (!conversion.isValid || dropped.length > 0) {
      throw new Error(`WebCodecs would drop ${dropped.join(' and ') || 'every track'}`);
    }
    if (onProgress) conversion.onProgress = (progress) => onProgress(progress);
    const cancel = () => void conversion.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      if (signal?.aborted) throw new ConversionCanceledError('Canceled');
      await conversion.execute();
    } catch (error) {
      if (signal?.aborted) throw new ConversionCanceledError('Canceled');
      throw error;
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
    if (!target.buffer) throw new Error('the conversion produced no file');
    return new Uint8Array(target.buffer);
  } finally {
    input.dispose();
  }
}
