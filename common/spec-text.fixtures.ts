// The product spec as written (../shared/spec/), for tests that hold a constant to the spec's own words rather than to
// a second copy of the constant (test-only).
import { readFileSync } from 'node:fs';

const PARTS = {
  1: 'part-1-stores-dumps-imports-bulk-video.md',
  2: 'part-2-cloud-video-360-profile-keywords-ai.md',
} as const;

/** The first line of spec part `part` that follows the line `after` (a heading, say), or that starts with it. */
export function specLine(part: keyof typeof PARTS, after: string): string {
  const lines = readFileSync(new URL(`../../shared/spec/${PARTS[part]}`, import.meta.url), 'utf8').split(
    '\n',
  );
  const at = lines.findIndex((line) => line.startsWith(after));
  if (at < 0) throw new Error(`spec part ${part} has no line starting ${after}`);
  return lines[at] === after ? (lines[at + 1] ?? '') : (lines[at] ?? '');
}
