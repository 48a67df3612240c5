import type { CopyDescriptionRequest } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import {
  scopeBody,
  validateCopyForm,
  type BulkProblem,
  type ScopeForm,
} from '../../components/bulk-edit/bulk-edit-rules';
import { toStoreCredentials } from '../../lib/stores/store-credentials';

export interface CopyForm {
  sourceStore: LocalStore | null;
  sourceProductId: string;
  targetStore: LocalStore | null;
  scope: ScopeForm;
}

/**
 * The spec's body (part 1 §7) `{sourceStoreCredentials, sourceProductId, targetStoreCredentials, targetOption,
 * targetValue}`, or the first thing wrong (§5).
 */
export function buildCopyRequest(
  form: CopyForm,
): { ok: true; request: CopyDescriptionRequest } | { ok: false; problem: BulkProblem } {
  const { sourceStore, targetStore } = form;
  const problem = validateCopyForm({
    hasSourceStore: sourceStore !== null,
    sourceProductId: form.sourceProductId,
    hasTargetStore: targetStore !== null,
    scope: form.scope,
  });
  if (problem) return { ok: false, problem };
  if (!sourceStore) return { ok: false, problem: { field: 'sourceStore', kind: 'store-required' } };
  if (!targetStore) return { ok: false, problem: { field: 'targetStore', kind: 'store-required' } };
  return {
    ok: true,
    request: {
      sourceStoreCredentials: toStoreCredentials(sourceStore),
      sourceProductId: form.sourceProductId.trim(),
      targetStoreCredentials: toStoreCredentials(targetStore),
      ...scopeBody(form.scope),
    },
  };
}
