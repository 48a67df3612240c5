// The download's file name: cleaned once (no path, no control characters, bounded), then written as an attachment
// with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 8187), the same for local and S3 downloads.

export const MAX_FILENAME_LENGTH = 200;

/** A name safe to save under: the last path part, without control characters, quotes or backslashes; never empty. */
export function cleanFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, '_')
    .replace(/^[\s.]+|\s+$/g, '')
    .normalize('NFC');
  const bounded = Array.from(cleaned).slice(0, MAX_FILENAME_LENGTH).join('');
  return bounded === '' ? 'download' : bounded;
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` for a name already cleaned. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
