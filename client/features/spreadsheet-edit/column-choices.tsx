import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/form-field';
import {
  ALL_CUSTOM_FIELDS_HEADER,
  COLUMN_CHOICE_GROUPS,
  testIdOf,
  VARIANT_CHOICE_PREFIX,
} from './spreadsheet-edit-rules';

/** A choice's label: the header, the variant's header, or "All custom fields". */
function useChoiceLabel() {
  const { t } = useTranslation();
  return (choice: string) =>
    choice === ALL_CUSTOM_FIELDS_HEADER
      ? t('spreadsheetEdit.allCustomFields')
      : choice.startsWith(VARIANT_CHOICE_PREFIX)
        ? choice.slice(VARIANT_CHOICE_PREFIX.length)
        : choice;
}

/**
 * The export's columns as checkbox groups (issue 45): Products columns by group, custom fields, then the Variants
 * sheet's columns. `ID` is always written, so it is not a choice.
 */
export function ColumnChoices({
  checked,
  onChange,
  error,
}: {
  checked: readonly string[];
  onChange: (checked: string[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const labelOf = useChoiceLabel();
  const toggle = (choice: string, isOn: boolean) =>
    onChange(isOn ? [...checked, choice] : checked.filter((other) => other !== choice));
  return (
    <fieldset className="space-y-3" aria-describedby={error ? 'spreadsheet-columns-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">{t('spreadsheetEdit.columns')}</legend>
      <p className="text-xs text-slate-500">{t('spreadsheetEdit.columnsHint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {COLUMN_CHOICE_GROUPS.map((group) => {
          const isAllOn = group.headers.every((header) => checked.includes(header));
          return (
            <fieldset
              key={group.id}
              className="rounded-lg border border-slate-200 p-3"
              data-testid={`column-group-${group.id}`}
            >
              <legend className="px-1 text-xs font-semibold text-slate-700">
                {t(`spreadsheetEdit.groups.${group.id}`)}
              </legend>
              {group.headers.length > 1 && (
                <button
                  type="button"
                  className="mb-1 text-xs text-indigo-700 underline hover:text-indigo-600"
                  onClick={() =>
                    onChange(
                      isAllOn
                        ? checked.filter((choice) => !group.headers.includes(choice))
                        : [...new Set([...checked, ...group.headers])],
                    )
                  }
                  data-testid={`column-group-${group.id}-toggle`}
                >
                  {isAllOn ? t('spreadsheetEdit.noneInGroup') : t('spreadsheetEdit.allInGroup')}
                </button>
              )}
              <div className="flex flex-col gap-1">
                {group.headers.map((header) => (
                  <CheckboxField
                    key={header}
                    label={labelOf(header)}
                    checked={checked.includes(header)}
                    onChange={(isOn) => toggle(header, isOn)}
                    testId={`column-${testIdOf(header)}`}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
      {error && (
        <p id="spreadsheet-columns-error" className="text-xs text-red-600" data-testid="columns-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
