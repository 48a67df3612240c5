import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFilename, MAX_FILENAME_LENGTH } from './content-disposition';

describe('download file names', () => {
  it('keeps the last path part, drops control characters and quotes, never answers empty', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\clip.mp4')).toBe('clip.mp4');
    expect(cleanFilename('a"b\r\nc.mp4')).toBe('a_b__c.mp4');
    expect(cleanFilename('...')).toBe('download');
    expect(cleanFilename('')).toBe('download');
    expect(cleanFilename('.env')).toBe('env');
    expect(Array.from(cleanFilename('é'.repeat(500)))).toHaveLength(MAX_FILENAME_LENGTH);
  });

  it('writes an attachment with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('clip été (1).mp4')).toBe(
      `attachment; filename="clip _t_ (1).mp4"; filename*=UTF-8''clip%20%C3%A9t%C3%A9%20%281%29.mp4`,
    );
    expect(attachmentDisposition('plain.mp4')).toBe(
      `attachment; filename="plain.mp4"; filename*=UTF-8''plain.mp4`,
    );
  });
});
