import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatMarkdown } from './chat-markdown';

const render = (text: string) => renderToStaticMarkup(<ChatMarkdown text={text} />);

describe('ChatMarkdown', () => {
  it('renders Markdown: headings, lists, code and tables', () => {
    const html = render('### [1] Title\n\n- one\n- two\n\n`code`\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h3>[1] Title</h3>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<td>1</td>');
  });

  it('never renders raw HTML from the model, nor unsafe links or images', () => {
    const html = render(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><b>bold</b>\n\n[click](javascript:alert(3)) ![pic](https://evil.example/x.png)',
    );
    expect(html).not.toMatch(/<img|<script|<b>|onerror|javascript:/);
    expect(html).toContain('<span>pic</span>');
    expect(html).toContain('>click</a>');
  });

  it('opens links in a new tab without telling the target', () => {
    expect(render('[docs](https://developer.bigcommerce.com/docs)')).toContain(
      '<a href="https://developer.bigcommerce.com/docs" target="_blank" rel="noopener noreferrer nofollow"',
    );
  });
});
