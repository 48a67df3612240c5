import { describe, expect, it } from 'vitest';
import { readableText } from './readable-text';

describe('readableText', () => {
  it('shows a description as text: tags dropped, named and numeric entities decoded, spaces collapsed', () => {
    expect(readableText('<p>Strong &mdash; light</p>\n<p>Dash &#8212; and &amp; &lt;b&gt;</p>')).toBe(
      'Strong — light Dash — and & <b>',
    );
  });
  it('leaves plain text as it is, and drops what scripts, styles and comments hold', () => {
    expect(readableText('Plain title, 100% cotton')).toBe('Plain title, 100% cotton');
    expect(
      readableText('<style>p{color:red}</style><p>Hi<!-- note --></p><script>alert(1)</script> there'),
    ).toBe('Hi there');
    // An escaped tag is text, shown as such; a lone "<" or "&" stays.
    expect(readableText('5 &lt; 6 & 7 < 8')).toBe('5 < 6 & 7 < 8');
  });
});
