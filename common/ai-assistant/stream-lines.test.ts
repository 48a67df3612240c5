import { describe, expect, it } from 'vitest';
import { createStreamReader, encodeStreamEvent, parseStreamLine, streamPieces } from './stream-lines';

describe('the answer stream (spec part 2 §7: lines `data: {"content":"…"}`)', () => {
  it('writes one data line per event', () => {
    expect(encodeStreamEvent({ content: 'Hi "there"\n' })).toBe('data: {"content":"Hi \\"there\\"\\n"}\n\n');
  });

  it('reads events split anywhere across pieces, skipping other lines', () => {
    const wire =
      encodeStreamEvent({ content: 'Hello' }) +
      ': a comment\n\n' +
      'data: not json\n\n' +
      'data: {"unknown":1}\n\n' +
      encodeStreamEvent({ content: ' world' }) +
      encodeStreamEvent({ sources: [{ id: 'a#b', title: 'B' }], mode: 'offline' });
    for (const size of [1, 3, 7, wire.length]) {
      const reader = createStreamReader();
      const events = [];
      for (let i = 0; i < wire.length; i += size) events.push(...reader.push(wire.slice(i, i + size)));
      events.push(...reader.end());
      expect(events).toEqual([
        { content: 'Hello' },
        { content: ' world' },
        { sources: [{ id: 'a#b', title: 'B' }], mode: 'offline' },
      ]);
    }
  });

  it('reads a last line without its line break, and an error event', () => {
    const reader = createStreamReader();
    expect(reader.push('data: {"error":"Failed","code":"ai_provider_failed"}')).toEqual([]);
    expect(reader.end()).toEqual([{ error: 'Failed', code: 'ai_provider_failed' }]);
    expect(parseStreamLine('data: {"content":"x"}\r')).toEqual({ content: 'x' });
  });

  it('cuts text into pieces that join back to it, without splitting words', () => {
    const text = 'Rate limits apply per store.\n\nEach app shares one quota; a 429 means wait.';
    const pieces = streamPieces(text, 10);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/[ \n]$/);
    expect(streamPieces('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(streamPieces('')).toEqual([]);
  });
});
