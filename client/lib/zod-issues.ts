import type { z } from 'zod';

/** `stores[0].storeHash`: where in the file a zod issue is. */
function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** One issue as a person reads it: `path: message`, or the message alone for the file as a whole. */
export function issueText(issue: z.core.$ZodIssue): string {
  const where = issuePath(issue.path);
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The first thing wrong with the data, e.g. 'stores[0].storeHash: Invalid input: expected string, received undefined'. */
export function firstIssueText(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issueText(issue) : error.message;
}
