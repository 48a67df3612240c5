import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFieldChange } from '../../../common/contracts/store-history';
import { fieldLabel, fieldView } from './snapshot-format';
import { countChangedWords, type TextDiffSegment } from './text-diff';
import { useCount } from '../../lib/number-format';

const valueBoxClass =
  'mt-1 max-h-64 overflow-auto rounded-lg border px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap';

/**
 * One field of a changed item: its label (its path as a person reads it), then a word diff (long text) or its value before and after. A restore's
 * preview shows its fields the same way, the store's value now as "before" and the snapshot's as "after" (`labels`).
 */
export function FieldChangeView({
  field,
  labels,
  control,
  testId = 'diff-field',
}: {
  field: SnapshotFieldChange;
  /** The two sides' names; "Before" and "After" by default. */
  labels?: { before: string; after: string };
  /** Shown before the path: a diff field's "restore this field" box. */
  control?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const view = fieldView(field);
  const label = (side: 'before' | 'after') => labels?.[side] ?? t(`storeHistory.${side}`);
  return (
    <li
      className="rounded-lg border border-slate-200 bg-slate-50 p-3"
      data-testid={testId}
      data-path={field.path}
    >
      <div className="flex items-start gap-2">
        {control}
        <p
          className="text-xs font-semibold break-words text-slate-800"
          title={field.path}
          data-testid="diff-field-path"
        >
          {fieldLabel(field.path, t('storeHistory.fieldLabels', { returnObjects: true }))}
        </p>
      </div>
      {view.type === 'text' ? (
        <TextDiffView segments={view.segments} />
      ) : (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(
            [
              ['before', view.before, 'border-red-200'],
              ['after', view.after, 'border-emerald-200'],
            ] as const
          ).map(([side, value, border]) => (
            <div key={side}>
              <p className="text-xs font-medium text-slate-600">{label(side)}</p>
              <p
                className={`${valueBoxClass} ${border} bg-white text-slate-900`}
                data-testid={`diff-field-${side}`}
              >
                {value === '' ? (
                  <span className="font-sans text-slate-500 italic">{t('storeHistory.empty')}</span>
                ) : (
                  (value ?? t('storeHistory.none'))
                )}
              </p>
            </div>
          ))}
        </div>
      )}
    </li>
  );
}

/** A text as it reads now, the removed words struck through in red and the added ones underlined in green. */
function TextDiffView({ segments }: { segments: readonly TextDiffSegment[] }) {
  const { t } = useTranslation();
  const count = useCount();
  const words = countChangedWords(segments);
  return (
    <div className="mt-2 space-y-1" data-testid="text-diff">
      <p className="text-xs text-slate-600" data-testid="text-diff-summary">
        {t('storeHistory.wordsChanged', { added: count(words.added), removed: count(words.removed) })}
      </p>
      <p className="max-h-80 overflow-auto rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900">
        {segments.map((segment, index) => {
          // A change of white space only reads as plain space.
          if (segment.type === 'same' || segment.text.trim() === '') return segment.text;
          const isRemoved = segment.type === 'removed';
          // The spaces around the changed words stay plain: only the words are marked.
          const [, lead = '', words = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(segment.text) ?? [];
          return (
            <Fragment key={index}>
              {lead}
              <span className="sr-only">
                {isRemoved ? t('storeHistory.removedText') : t('storeHistory.addedText')}{' '}
              </span>
              {isRemoved ? (
                <del className="bg-red-100 text-red-900 decoration-red-700" data-testid="text-diff-removed">
                  {words}
                </del>
              ) : (
                <ins
                  className="bg-emerald-100 text-emerald-900 decoration-emerald-700"
                  data-testid="text-diff-added"
                >
                  {words}
                </ins>
              )}
              {trail}
            </Fragment>
          );
        })}
      </p>
    </div>
  );
}
