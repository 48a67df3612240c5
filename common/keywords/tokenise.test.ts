import { describe, expect, it } from 'vitest';
import { extractKeywords, STOP_PHRASES, STOP_WORD_SOURCE, STOP_WORDS, tokenise, tokeniseRuns } from './index';

describe('tokenise: HTML', () => {
  it('decodes named, numeric and hex entities after removing the tags', () => {
    expect(tokenise('Caf&eacute; cr&egrave;me')).toEqual(['café', 'crème']);
    expect(tokenise('Salt&amp;Pepper Rock&nbsp;Salt')).toEqual(['salt', 'pepper', 'rock', 'salt']);
    expect(tokenise('&#65;pple &#x41;pricot &#x6c;emon')).toEqual(['apple', 'apricot', 'lemon']);
    // &#39; and &rsquo; are apostrophes: "won't" gives "won" (a stop-word) and "t" (too short).
    expect(tokenise('won&#39;t fade, it&rsquo;s oak')).toEqual(['fade', 'oak']);
    // Escaped markup is text, not a tag.
    expect(tokenise('&lt;script&gt;alert&lt;/script&gt; lamp')).toEqual([
      'script',
      'alert',
      'script',
      'lamp',
    ]);
    // Without the semicolon where browsers accept it, and unknown names left as text.
    expect(tokenise('Salt &amp Pepper &bogus; lamp')).toEqual(['salt', 'pepper', 'bogus', 'lamp']);
  });

  it('ends a phrase at &mdash;, &ndash; and numeric dashes', () => {
    expect(extractKeywords('Oak table &mdash; walnut chair')[2]).toEqual(['oak table', 'walnut chair']);
    expect(extractKeywords('Oak table &#8212; walnut chair &ndash; pine shelf')[2]).toEqual([
      'oak table',
      'walnut chair',
      'pine shelf',
    ]);
  });

  it('skips scripts, styles and comments with their content', () => {
    expect(tokenise('<p>Oak</p><script>var table = "<p>chair</p>";</script><p>walnut</p>')).toEqual([
      'oak',
      'walnut',
    ]);
    expect(tokenise('<STYLE type="text/css">.shelf{color:red}</STYLE >Lamp')).toEqual(['lamp']);
    expect(tokenise('<script type="x">if (a</b) lamp()</script>walnut')).toEqual(['walnut']);
    expect(tokenise('<!-- hidden words -->visible')).toEqual(['visible']);
    expect(tokenise('oak<!-->lamp <!--->desk')).toEqual(['oaklamp', 'desk']);
    expect(tokenise('oak <script>never closed lamp')).toEqual(['oak']);
    expect(tokenise('<template><p>draft</p></template>shelf')).toEqual(['shelf']);
  });

  it('reads tags with quoted attributes and leaves a lone < as text', () => {
    expect(tokenise('<a title="a > b" data-x=\'c > d\'>Lamp</a>')).toEqual(['lamp']);
    expect(tokenise('oak < 40 cm lamp')).toEqual(['oak', 'lamp']);
    expect(tokenise('oak <')).toEqual(['oak']);
  });

  it('joins across inline tags, separates at other tags and ends sentences at block tags', () => {
    expect(tokenise('<b>W</b>allet and <span>sh</span><em>elf</em>')).toEqual(['wallet', 'shelf']);
    expect(extractKeywords('Oak<img src="x.png">table')[2]).toEqual(['oak table']);
    for (const html of ['Oak<br>table', 'Oak<br/>table', 'Oak</p><p>table', '<li>Oak</li><li>table</li>']) {
      expect(extractKeywords(html)).toEqual({ 1: ['oak', 'table'], 2: [], 3: [] });
    }
    expect(extractKeywords('<h1>Oak</h1>table<td>desk</td>')[2]).toEqual([]);
  });
});

describe('tokenise: words', () => {
  it('lower-cases, drops tokens under 2 characters, without a letter, and stop-words', () => {
    expect(tokenise('A 4K TV 2024 x 12 ² ½ 3d THE and', 'text')).toEqual(['4k', 'tv', '3d']);
    // Non-ASCII numbers have cases: a Roman numeral is lower-cased too (found by the property test).
    expect(tokenise('Oak\u2160 \u216b', 'text')).toEqual(['oak\u2170']);
  });

  it('keeps Vietnamese words whole, composed or decomposed, upper or lower case', () => {
    const composed = 'Giày da nam cấp, áo sơ mi trắng';
    expect(tokenise(composed, 'text')).toEqual(['giày', 'da', 'nam', 'cấp', 'áo', 'sơ', 'mi', 'trắng']);
    expect(tokenise(composed.normalize('NFD'), 'text')).toEqual(tokenise(composed, 'text'));
    expect(tokenise('GIÀY DA'.normalize('NFD'), 'text')).toEqual(['giày', 'da']);
    expect(extractKeywords('Giày da nam', 'text')).toEqual({
      1: ['giày', 'da', 'nam'],
      2: ['giày da', 'da nam'],
      3: ['giày da nam'],
    });
    // "và" and "của" are Vietnamese stop-words.
    expect(tokenise('túi và ví của bạn', 'text')).toEqual(['túi', 'ví']);
  });

  it('never counts a Vietnamese stop-phrase as a 2- or 3-word keyword', () => {
    expect(STOP_PHRASES.has('bao giờ')).toBe(true);
    expect(STOP_WORDS.has('bao') || STOP_WORDS.has('giờ')).toBe(false);
    expect(extractKeywords('túi bao giờ hết', 'text')).toEqual({
      1: ['túi', 'bao', 'giờ', 'hết'],
      2: ['túi bao', 'giờ hết'],
      3: [],
    });
    expect(extractKeywords('bất thình lình', 'text')[3]).toEqual([]);
    // A 3-word stop-phrase none of whose pairs is one.
    expect(extractKeywords('vô hình trung', 'text')).toEqual({
      1: ['vô', 'hình', 'trung'],
      2: ['vô hình', 'hình trung'],
      3: [],
    });
  });

  it('treats emoji as no words, and a pictograph as a sentence end', () => {
    expect(tokenise('Love 🙂 it ❤️ mugs 👍🏽 1️⃣ ℹ️info #️⃣', 'text')).toEqual(['love', 'mugs', 'info']);
    expect(extractKeywords('coffee 🎁 mug', 'text')[2]).toEqual([]);
    expect(tokenise('mug\u{1F600}cup', 'text')).toEqual(['mug', 'cup']);
  });

  it('ignores soft hyphens and zero-width joiners inside a word', () => {
    expect(tokenise('ta\u00adble wal\u200dnut', 'text')).toEqual(['table', 'walnut']);
  });

  it('builds phrases only from adjacent kept tokens within one sentence', () => {
    expect(
      tokeniseRuns('Genuine leather wallet, slim design. Made from full-grain leather!', 'text'),
    ).toEqual([
      ['genuine', 'leather', 'wallet'],
      ['slim', 'design'],
      ['grain', 'leather'],
    ]);
    // A dropped stop-word breaks adjacency: no "oak desk".
    expect(extractKeywords('oak the desk', 'text')[2]).toEqual([]);
    for (const end of ['.', '!', '?', ';', ':', ',', '\n', '…', '。']) {
      expect(extractKeywords(`oak${end}desk`, 'text')[2]).toEqual([]);
    }
    expect(extractKeywords('oak - desk / lamp', 'text')[3]).toEqual(['oak desk lamp']);
  });

  it('treats a product name as text: entities decoded, tags not read', () => {
    expect(tokenise('Salt &amp; Pepper <Grinder>', 'text')).toEqual(['salt', 'pepper', 'grinder']);
  });
});

describe('stop-words', () => {
  it('come from stopwords-iso 1.1.0, English and Vietnamese', () => {
    expect(STOP_WORD_SOURCE.lists).toEqual({ en: 1298, vi: 645 });
    expect([STOP_WORDS.size, STOP_PHRASES.size]).toEqual([1451, 470]);
    expect(STOP_WORD_SOURCE.stopWords).toBe(STOP_WORDS.size);
    expect(STOP_WORD_SOURCE.stopPhrases).toBe(STOP_PHRASES.size);
    for (const word of ['the', 'and', 'don', 'và', 'của', 'những']) expect(STOP_WORDS.has(word)).toBe(true);
    for (const word of ['mug', 'home', 'case', 'leather', 'giày']) expect(STOP_WORDS.has(word)).toBe(false);
  });
});
