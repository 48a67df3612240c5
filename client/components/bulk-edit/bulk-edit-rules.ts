// The client-side checks of the bulk edits (spec part 1 §5) and the requests they send (§7). The server checks the
// same rules with the contracts in common/contracts/bulk-edit.ts; these only save a round trip and name the field.
import { MAX_PRODUCT_IDS, parseProductIds, type TargetOption } from '../../../common/contracts/bulk-edit';
import type { TFunction } from 'i18next';

/** The scope as the form holds it: the radio and its text. */
export interface ScopeForm {
  targetOption: TargetOption;
  targetValue: string;
}

export const initialScopeForm: ScopeForm = { targetOption: 'category', targetValue: '' };

/** A field of a bulk-edit form that can be wrong. */
export type BulkField = 'store' | 'sourceStore' | 'targetStore' | 'sourceProductId' | 'targetValue';

export type BulkProblemKind =
  | 'store-required'
  | 'value-required'
  | 'id-invalid'
  | 'product-ids-invalid'
  | 'too-many-ids'
  | 'source-product-required';

export interface BulkProblem {
  field: BulkField;
  kind: BulkProblemKind;
}

const positiveId = /^[1-9][0-9]{0,9}$/;

/** Spec part 1 §5: the value is required unless the scope is all; ids are positive whole numbers. */
export function validateScope(scope: ScopeForm): BulkProblem | undefined {
  if (scope.targetOption === 'all') return undefined;
  const value = scope.targetValue.trim();
  if (value === '') return { field: 'targetValue', kind: 'value-required' };
  if (scope.targetOption === 'specific') {
    const ids = parseProductIds(value);
    if (!ids || ids.length === 0) return { field: 'targetValue', kind: 'product-ids-invalid' };
    if (ids.length > MAX_PRODUCT_IDS) return { field: 'targetValue', kind: 'too-many-ids' };
    return undefined;
  }
  return positiveId.test(value) ? undefined : { field: 'targetValue', kind: 'id-invalid' };
}

/** The scope fields of the spec's body: no value is sent for 'all'. */
export function scopeBody(scope: ScopeForm): ScopeForm {
  return {
    targetOption: scope.targetOption,
    targetValue: scope.targetOption === 'all' ? '' : scope.targetValue.trim(),
  };
}

/** Reset Page Title: a store and a scope. */
export function validateResetForm(form: { hasStore: boolean; scope: ScopeForm }): BulkProblem | undefined {
  if (!form.hasStore) return { field: 'store', kind: 'store-required' };
  return validateScope(form.scope);
}

/** Copy Description: source store, source product ID, target store, and a scope (spec part 1 §5). */
export function validateCopyForm(form: {
  hasSourceStore: boolean;
  sourceProductId: string;
  hasTargetStore: boolean;
  scope: ScopeForm;
}): BulkProblem | undefined {
  if (!form.hasSourceStore) return { field: 'sourceStore', kind: 'store-required' };
  const sourceProductId = form.sourceProductId.trim();
  if (sourceProductId === '') return { field: 'sourceProductId', kind: 'source-product-required' };
  if (!positiveId.test(sourceProductId)) return { field: 'sourceProductId', kind: 'id-invalid' };
  if (!form.hasTargetStore) return { field: 'targetStore', kind: 'store-required' };
  return validateScope(form.scope);
}

/** The words of a problem in the user's language; `count` formats a number for the reader's language. */
export function bulkProblemText(
  problem: BulkProblem,
  t: TFunction,
  count: (value: number) => string,
): string {
  switch (problem.kind) {
    case 'store-required':
      return t('errors.selectStore');
    case 'value-required':
      return t('bulkScope.valueRequired');
    case 'id-invalid':
      return t('bulkScope.idInvalid');
    case 'product-ids-invalid':
      return t('bulkScope.productIdsInvalid');
    case 'too-many-ids':
      return t('bulkScope.tooManyIds', { max: count(MAX_PRODUCT_IDS) });
    case 'source-product-required':
      return t('copyDescription.sourceProductIdRequired');
  }
}

/** The names of the items picked in the scope's EntityPicker, by `scopeNameKey` (issue 44): the confirmation names them. */
export type ScopeNames = ReadonlyMap<string, string>;

/** One picked item's key: a category and a brand may share an id. */
export const scopeNameKey = (option: TargetOption, id: string): string => `${option}:${id}`;

/** Products the confirmation names one by one before "and N more". */
const NAMED_PRODUCTS = 3;

/**
 * What a bulk edit will change, as its confirmation names it (issue 44): the category or brand by the name it was picked
 * by ('category “Lamps” (#68)'), a few products by theirs then "and N more", or all visible products; an id typed
 * rather than picked reads as '#68'. `count` formats a number for the reader's language.
 */
export function scopeSubject(
  scope: ScopeForm,
  names: ScopeNames,
  t: TFunction,
  count: (value: number) => string,
): string {
  const value = scope.targetValue.trim();
  const named = (id: string) => {
    const name = names.get(scopeNameKey(scope.targetOption, id));
    return name ? `“${name}” (#${id})` : `#${id}`;
  };
  switch (scope.targetOption) {
    case 'all':
      return t('bulkScope.subjectAll');
    case 'category':
      return t('bulkScope.subjectCategory', { item: named(value) });
    case 'brand':
      return t('bulkScope.subjectBrand', { item: named(value) });
    case 'specific': {
      const ids = [
        ...new Set(
          value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      const shown = ids.slice(0, NAMED_PRODUCTS).map(named).join(', ');
      const list =
        ids.length > NAMED_PRODUCTS
          ? t('bulkScope.subjectMore', { list: shown, n: count(ids.length - NAMED_PRODUCTS) })
          : shown;
      return t(ids.length === 1 ? 'bulkScope.subjectProduct' : 'bulkScope.subjectProducts', { list });
    }
  }
}
