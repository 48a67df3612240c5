// Reading a widgets dump for the visualization (spec part 1 §3, §5): JSON first ('Error parsing JSON file: ...' when it
// is not JSON), then the widgets dump's own schema from `common/dumps/` (a clear message when it parses but is not a
// widgets dump). Pure, so the Web Worker runs it off the main thread and the unit test runs it in Node.
import { widgetsDumpSchema, type WidgetsDump } from '../../../common/dumps/widgets-dump';
import { firstIssueText } from '../../lib/zod-issues';

export type DumpParseResult =
  | { ok: true; dump: WidgetsDump }
  | { ok: false; kind: 'invalid-json'; message: string }
  | { ok: false; kind: 'not-widgets-dump'; reason: string };

export function parseWidgetsDump(text: string): DumpParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      kind: 'invalid-json',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  // A product or category dump, or any other JSON: say what it is not, naming the first thing missing.
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, kind: 'not-widgets-dump', reason: 'the file holds no object' };
  }
  const parsed = widgetsDumpSchema.safeParse(data);
  if (!parsed.success) return { ok: false, kind: 'not-widgets-dump', reason: firstIssueText(parsed.error) };
  return { ok: true, dump: parsed.data };
}
