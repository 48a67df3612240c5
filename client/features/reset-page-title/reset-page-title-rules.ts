import type { ResetPageTitleRequest } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import {
  scopeBody,
  validateResetForm,
  type BulkProblem,
  type ScopeForm,
} from '../../components/bulk-edit/bulk-edit-rules';
import { toStoreCredentials } from '../../lib/stores/store-credentials';

/** The spec's body (part 1 §7) `{storeCredentials, targetOption, targetValue}`, or the first thing wrong (§5). */
export function buildResetRequest(
  store: LocalStore | null,
  scope: ScopeForm,
): { ok: true; request: ResetPageTitleRequest } | { ok: false; problem: BulkProblem } {
  const problem = validateResetForm({ hasStore: store !== null, scope });
  if (problem || !store) return { ok: false, problem: problem ?? { field: 'store', kind: 'store-required' } };
  return { ok: true, request: { storeCredentials: toStoreCredentials(store), ...scopeBody(scope) } };
}
