// What kind of file an upload is, read from its first bytes before ffmpeg sees it (issue 26, point 1). ffmpeg guesses
// the format of an input it is not told about, and some of the formats it knows are lists of other files: an HLS
// playlist (`#EXTM3U`) or an ffconcat list names files on the server, which ffmpeg would open and convert. So the
// converter never lets ffmpeg guess: it accepts only the video containers below, recognised by their signatures, and
// runs ffmpeg with that container named (`-f`), the file protocol alone, and the QuickTime demuxer's external
// references off. Anything else is refused with a message that says what is accepted.

/** The containers the converter accepts, as ffmpeg's demuxer names. */
export type VideoContainer = 'mov' | 'matroska' | 'avi' | 'mpegts' | 'mpeg' | 'flv' | 'ogg';

export type Sniffed = { ok: true; container: VideoContainer } | { ok: false; reason: 'playlist' | 'unknown' };

/** How many first bytes `sniffContainer` needs (an MPEG-TS file is recognised by three packets). */
export const SNIFF_BYTES = 1024;

export const ACCEPTED_FORMATS_TEXT = 'MP4, MOV, M4V, 3GP, WebM, MKV, AVI, MPEG-TS, MPEG, FLV or Ogg';

/** QuickTime/ISO BMFF top-level boxes a file may start with (ISO/IEC 14496-12; Apple's QuickTime File Format). */
const MOV_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'styp']);

/** Text a list or playlist starts with: HLS and M3U, ffconcat, PLS, DASH and other XML manifests, SDP, SMIL. */
const LIST_SIGNATURES = [
  /^#EXTM3U/i,
  /^ffconcat/i,
  /^\[playlist\]/i,
  /^<\?xml/i,
  /^<(MPD|smil)\b/i,
  /^v=0\r?\n/,
];

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function isMpegTs(bytes: Uint8Array, packet: number, offset: number): boolean {
  for (let i = 0; i < 3; i += 1) {
    if (bytes[offset + i * packet] !== 0x47) return false;
  }
  return bytes.length >= offset + 2 * packet + 1;
}

/** The container of a file from its first bytes (at least `SNIFF_BYTES` of them when the file is that long). */
export function sniffContainer(head: Uint8Array): Sniffed {
  if (head.length >= 12) {
    if (MOV_FIRST_BOXES.has(ascii(head, 4, 4))) return { ok: true, container: 'mov' };
    if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
      return { ok: true, container: 'matroska' };
    }
    if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'AVI ') return { ok: true, container: 'avi' };
    if (ascii(head, 0, 3) === 'FLV') return { ok: true, container: 'flv' };
    if (ascii(head, 0, 4) === 'OggS') return { ok: true, container: 'ogg' };
    if (head[0] === 0x00 && head[1] === 0x00 && head[2] === 0x01 && head[3] === 0xba) {
      return { ok: true, container: 'mpeg' };
    }
  }
  // MPEG-TS: 188-byte packets starting 0x47; M2TS (Blu-ray, AVCHD .mts): 192-byte ones with a 4-byte time code first.
  if (isMpegTs(head, 188, 0) || isMpegTs(head, 192, 4)) return { ok: true, container: 'mpegts' };
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (LIST_SIGNATURES.some((signature) => signature.test(text))) return { ok: false, reason: 'playlist' };
  return { ok: false, reason: 'unknown' };
}

export function refusalMessage(reason: 'playlist' | 'unknown'): string {
  return reason === 'playlist'
    ? `This file is a playlist or a list of other files, not a video. Please upload the video file itself (${ACCEPTED_FORMATS_TEXT}).`
    : `This file is not in a video format the converter accepts. Please upload an ${ACCEPTED_FORMATS_TEXT} video.`;
}
