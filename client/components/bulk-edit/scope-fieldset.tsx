import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TARGET_OPTIONS, type TargetOption } from '../../../common/contracts/bulk-edit';
import type { LocalStore } from '../../../common/contracts/stores';
import { peekHandedOffProductIds, takeHandedOffProductIds } from '../../lib/product-ids-handoff';
import { EntityPicker } from '../entity-picker/entity-picker';
import type { EntityKind } from '../entity-picker/entity-picker-rules';
import { RadioOptions } from '../form-field';
import { scopeNameKey, type ScopeForm } from './bulk-edit-rules';
import { useCount } from '../../lib/number-format';

const OPTION_KEYS = {
  category: 'bulkScope.category',
  brand: 'bulkScope.brand',
  specific: 'bulkScope.specific',
  all: 'bulkScope.all',
} as const satisfies Record<TargetOption, string>;

/** What each option's value names, searched by name in the store (issue 31). */
const PICKER_KINDS = {
  category: 'category',
  brand: 'brand',
  specific: 'product',
} as const satisfies Record<Exclude<TargetOption, 'all'>, EntityKind>;

const HINT_KEYS = {
  category: 'bulkScope.categoryHint',
  brand: 'bulkScope.brandHint',
  specific: 'bulkScope.specificHint',
} as const satisfies Record<Exclude<TargetOption, 'all'>, string>;

/**
 * Which products a bulk edit touches (spec part 1 §2): By Category ID, By Brand ID, By Product IDs (comma
 * separated) or All visible products, with the value field (hidden for all), which searches the store by name. Product ids handed over by another tool
 * (the Keyword Extractor, client/lib/product-ids-handoff.ts) fill By Product IDs when it mounts.
 */
export function ScopeFieldset({
  scope,
  onChange,
  error,
  store = null,
  isDisabled = false,
  onNamePicked,
}: {
  scope: ScopeForm;
  onChange: (scope: ScopeForm) => void;
  /** The value's error text. */
  error?: string | undefined;
  /** The store the products are in: its categories, brands and products are searched by name. */
  store?: LocalStore | null;
  isDisabled?: boolean;
  /** An item picked by name in the value's picker: its `scopeNameKey` and name (the confirmation names it). */
  onNamePicked?: (key: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const name = useId();
  // Ids left for this tab by another tool become the scope, once, when the screen opens.
  const [handedOff] = useState(() => peekHandedOffProductIds()?.length ?? 0);
  useEffect(() => {
    const productIds = takeHandedOffProductIds();
    if (productIds) onChange({ targetOption: 'specific', targetValue: productIds.join(', ') });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- taken once on mount; onChange changes every render
  }, []);
  return (
    <fieldset disabled={isDisabled} className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">{t('bulkScope.label')}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-5">
        <RadioOptions
          name={`${name}-scope`}
          values={TARGET_OPTIONS}
          labelOf={(option) => t(OPTION_KEYS[option])}
          value={scope.targetOption}
          onChange={(targetOption) => onChange({ ...scope, targetOption })}
          testIdPrefix="scope-"
        />
      </div>
      {scope.targetOption !== 'all' && (
        <EntityPicker
          // One field per option: what was being searched does not carry over to another kind.
          key={scope.targetOption}
          kind={PICKER_KINDS[scope.targetOption]}
          isList={scope.targetOption === 'specific'}
          store={store}
          label={t('bulkScope.value')}
          value={scope.targetValue}
          onValueChange={(targetValue) => onChange({ ...scope, targetValue })}
          onPick={(match) => onNamePicked?.(scopeNameKey(scope.targetOption, String(match.id)), match.name)}
          error={error}
          hint={t(HINT_KEYS[scope.targetOption])}
          testId="target-value"
        />
      )}
      {handedOff > 0 && scope.targetOption === 'specific' && (
        <p className="text-xs text-indigo-700" data-testid="handed-off-ids">
          {t('bulkScope.handedOff', { n: count(handedOff) })}
        </p>
      )}
    </fieldset>
  );
}
