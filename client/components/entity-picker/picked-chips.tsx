// The items an entity picker's field holds that were picked by name (issue 44): a chip each, its name and id, with a
// button that takes it out of the field.
import { useTranslation } from 'react-i18next';
import type { PickedChip } from './entity-picker-rules';

/** The items picked by name, each a chip with its name and id, removable by mouse or keyboard. */
export function PickedChips({
  chips,
  testId,
  onRemove,
}: {
  chips: readonly PickedChip[];
  testId: string | undefined;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <ul
      aria-label={t('entityPicker.picked')}
      className="mt-2 flex flex-wrap gap-1.5"
      data-testid={testId ? `${testId}-chips` : undefined}
    >
      {chips.map((chip) => {
        const name = chip.name || t('entityPicker.unnamed');
        return (
          <li
            key={chip.id}
            className="inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs text-indigo-900"
            data-testid="picked-chip"
          >
            <span>
              {name} <span className="text-indigo-700">#{chip.id}</span>
            </span>
            <button
              type="button"
              aria-label={t('entityPicker.remove', { name: `${name} #${chip.id}` })}
              onClick={() => onRemove(chip.id)}
              className="rounded-full px-1.5 leading-5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
