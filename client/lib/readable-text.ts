import { decodeHTML } from 'entities';

/**
 * HTML as a person reads it (issue 31: previews showed `&mdash;` and `<p>` as they are stored): the text of the
 * markup (scripts and styles dropped with their content, tags removed), its entities decoded, runs of white space made
 * one. Display text only: React puts it into the page as text, never as HTML.
 */
export function readableText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}
