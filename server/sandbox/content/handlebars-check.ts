// A light structural check of a Handlebars template: every block opened with `{{#name}}` (or `{{^name}}`, `{{#> partial}}`)
// is closed by a matching `{{/name}}`, and every mustache is closed. BigCommerce compiles widget templates with
// Handlebars v3 (`template_engine: "handlebars_v3"` in [WID] examples) and rejects templates that do not compile; the
// sandbox does not compile them, it only catches the unbalanced blocks an import tool could produce.

export type HandlebarsProblem = { message: string; offset: number };

type OpenBlock = { name: string; offset: number };

/** Returns the first structural problem in `template`, or null when its blocks balance. */
export function findHandlebarsProblem(template: string): HandlebarsProblem | null {
  const stack: OpenBlock[] = [];
  let i = 0;
  while (i < template.length) {
    const start = template.indexOf('{{', i);
    if (start === -1) break;
    // An escaped mustache (`\{{`) is literal text.
    if (start > 0 && template[start - 1] === '\\') {
      i = start + 2;
      continue;
    }
    if (template.startsWith('{{!--', start)) {
      const end = template.indexOf('--}}', start + 5);
      if (end === -1) return { message: 'Unclosed comment "{{!--"', offset: start };
      i = end + 4;
      continue;
    }
    const triple = template.startsWith('{{{', start);
    const closer = triple ? '}}}' : '}}';
    const end = template.indexOf(closer, start + closer.length);
    if (end === -1) return { message: `Unclosed mustache "${triple ? '{{{' : '{{'}"`, offset: start };
    i = end + closer.length;
    if (triple) continue;

    const body = template
      .slice(start + 2, end)
      .replace(/^~/, '')
      .replace(/~$/, '')
      .trim();
    if (body.startsWith('!')) continue;
    const opener = /^(#>|#\*|#|\^)\s*([^\s}]+)/.exec(body);
    if (opener?.[2]) {
      // `{{^}}` alone is `else`; `{{^name}}` opens an inverse block.
      stack.push({ name: opener[2], offset: start });
      continue;
    }
    const close = /^\/\s*([^\s}]+)/.exec(body);
    if (close?.[1]) {
      const open = stack.pop();
      if (!open) return { message: `"{{/${close[1]}}}" closes a block that was never opened`, offset: start };
      if (open.name !== close[1]) {
        return { message: `"{{#${open.name}}}" is closed by "{{/${close[1]}}}"`, offset: start };
      }
    }
  }
  const open = stack.pop();
  if (open) return { message: `"{{#${open.name}}}" is never closed`, offset: open.offset };
  return null;
}
