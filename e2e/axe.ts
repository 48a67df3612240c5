// axe-core in the journeys (issue 31): the installed axe-core (node_modules, never a CDN) is loaded into the page and
// run there; a journey fails on any critical or serious violation, naming the rule, its impact, the elements
// (their selectors) and the rule's help line, so the failure says what to fix.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

type AxeNode = { target: unknown[]; failureSummary?: string };
export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
};

/** The violations axe finds on the page as it is now (each with its impact and the elements concerned). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  // The app's Content-Security-Policy refuses inline scripts (so `addScriptTag` is blocked): the source is evaluated
  // through the browser's debugging protocol instead, which the policy does not govern.
  if (!loaded) await page.evaluate((axeSource ??= readFileSync(AXE_PATH, 'utf8')));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[];
    };
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
}

/** One readable block per violation: rule id, impact, help line, then each element's selector and why it fails. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => {
          const why = (node.failureSummary ?? '').split('\n').slice(1, 3).join(' ').trim();
          return `    - ${node.target.map(String).join(' >> ')}${why ? `: ${why}` : ''}`;
        })
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `  ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Moderate rules refused all the same: the problems issue 31 named (heading order, landmarks that repeat), so they do
 * not come back.
 */
const ALSO_REFUSED = new Set([
  'heading-order',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
]);

/** The violations a journey fails on: every critical or serious one, and the moderate rules above. */
export function refusedViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter(
    (violation) =>
      violation.impact === 'critical' || violation.impact === 'serious' || ALSO_REFUSED.has(violation.id),
  );
}

/**
 * Fails when axe finds a critical or serious violation on the page (or one of the moderate rules refused above);
 * `context` says where (tab, language, state).
 */
export async function expectNoSeriousViolations(page: Page, context: string): Promise<void> {
  const serious = refusedViolations(await axeViolations(page));
  assert.ok(
    serious.length === 0,
    `axe on ${context}: ${serious.length} critical or serious violation(s)\n${describeViolations(serious)}`,
  );
}
