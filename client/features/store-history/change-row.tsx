import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotChange } from '../../../common/contracts/store-history';
import { cn } from '../../lib/class-names';
import { FieldChangeView } from './field-change';
import { isComparablePage, type PagePair } from './page-compare';
import { fieldLabel } from './snapshot-format';
import { PageCompareButton } from './page-compare-button';
import { badgeClass } from './snapshot-list';

const CHANGE_CLASSES: Record<SnapshotChange['change'], string> = {
  added: 'bg-emerald-100 text-emerald-800',
  removed: 'bg-red-100 text-red-800',
  changed: 'bg-amber-100 text-amber-900',
};

import {
  isFieldChosen,
  isRestorable,
  itemState,
  toggleField,
  toggleItem,
  type RestoreSelection,
} from './restore-selection';
import { useCount } from '../../lib/number-format';

const boxClass =
  'mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600';

/** What a row needs to choose its item (or some of its fields) for a restore. */
export type RowSelection = { value: RestoreSelection; onChange: (next: RestoreSelection) => void };

/** Where the item is: a page's template file (and entity), anything else's id. */
function keyText(change: SnapshotChange): string {
  const { key } = change;
  if ('templateFile' in key) return key.entityId ? `${key.templateFile} · ${key.entityId}` : key.templateFile;
  return `#${key.id}`;
}

/** A changed item of the diff: its kind, name and change; a changed one opens to its fields, before and after. */
export function ChangeRow({
  change,
  selection,
  pagePair,
}: {
  change: SnapshotChange;
  selection?: RowSelection;
  /** The pair compared: a page's row opens it in the Widgets Visualization. */
  pagePair?: PagePair;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const hasFields = change.change === 'changed' && change.fields.length > 0;
  const canChoose = selection !== undefined && isRestorable(change);
  return (
    <li className="py-3" data-testid="diff-change" data-kind={change.kind} data-change={change.change}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {canChoose && <ItemBox change={change} selection={selection} />}
        <span className="text-xs font-medium text-slate-500" data-testid="diff-change-kind">
          {t(`storeHistory.kinds.${change.kind}`)}
        </span>
        <span
          className="min-w-0 text-sm font-medium break-words text-slate-900"
          data-testid="diff-change-name"
        >
          {change.name}
        </span>
        <span className="min-w-0 font-mono text-xs break-all text-slate-500">{keyText(change)}</span>
        <span className={cn(badgeClass, CHANGE_CLASSES[change.change])} data-testid="diff-change-badge">
          {t(`storeHistory.change.${change.change}`)}
        </span>
        {hasFields && (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={`${id}-fields`}
            onClick={() => setIsOpen((open) => !open)}
            data-testid="diff-change-toggle"
            className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {isOpen
              ? t('storeHistory.hideFields')
              : t('storeHistory.showFields', { n: count(change.fields.length) })}
          </button>
        )}
        {pagePair && isComparablePage(change) && <PageCompareButton change={change} pair={pagePair} />}
      </div>
      {hasFields && isOpen && (
        <ul id={`${id}-fields`} className="mt-3 space-y-3" data-testid="diff-fields">
          {change.fields.map((field) => (
            <FieldChangeView
              key={field.path}
              field={field}
              control={
                canChoose && !field.path.startsWith('(') ? (
                  <input
                    type="checkbox"
                    checked={isFieldChosen(selection.value, change, field.path)}
                    onChange={(event) =>
                      selection.onChange(
                        toggleField(selection.value, change, field.path, event.target.checked),
                      )
                    }
                    aria-label={t('storeHistory.restoreField', {
                      path: fieldLabel(field.path, t('storeHistory.fieldLabels', { returnObjects: true })),
                      name: change.name,
                    })}
                    data-testid="restore-field-box"
                    className={boxClass}
                  />
                ) : undefined
              }
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The item's "restore" box: ticked for the whole item, mixed when some of its fields are chosen. */
function ItemBox({ change, selection }: { change: SnapshotChange; selection: RowSelection }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const state = itemState(selection.value, change);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={state !== 'none'}
      onChange={(event) => selection.onChange(toggleItem(selection.value, change, event.target.checked))}
      aria-label={t('storeHistory.restoreItem', { name: change.name })}
      data-testid="restore-item-box"
      className={boxClass}
    />
  );
}
