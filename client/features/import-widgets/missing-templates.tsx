import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/form-field';
import { TableHeader } from '../../components/table-header';
import type { MissingTemplate } from './import-widgets-rules';
import { useCount } from '../../lib/number-format';

const cell = 'px-3 py-2 align-top';

/**
 * The dump's custom templates the target lacks (spec part 1 §2, §4, §8), each marked 'MISSING:', and the one
 * auto-create checkbox of the import with what happens either way. `missing` is null until the target's templates are
 * loaded.
 */
export function MissingTemplatesSection({
  missing,
  hasSourceTemplates,
  autoCreate,
  onAutoCreateChange,
}: {
  missing: readonly MissingTemplate[] | null;
  /** False for a bare array of pages: it names no templates to compare or create. */
  hasSourceTemplates: boolean;
  autoCreate: boolean;
  onAutoCreateChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="missing-templates"
      className="space-y-3 rounded-xl border border-slate-200 p-4"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('importWidgets.missingTemplates')}
      </h2>
      {!hasSourceTemplates ? (
        <p className="text-xs text-slate-600" data-testid="no-source-templates">
          {t('importWidgets.noSourceTemplates')}
        </p>
      ) : missing === null ? (
        <p className="text-xs text-slate-600" data-testid="templates-not-loaded">
          {t('importWidgets.templatesNotLoaded')}
        </p>
      ) : missing.length === 0 ? (
        <p className="text-xs text-emerald-700" data-testid="no-missing-templates">
          {t('importWidgets.noMissingTemplates')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-amber-200" role="alert">
          <table data-testid="missing-templates-table" className="w-full text-left text-xs text-slate-700">
            <TableHeader
              className="bg-amber-50 text-amber-900"
              cellClassName={cell}
              columns={[
                { label: t('importWidgets.templateName') },
                { label: t('importWidgets.sourceUuid') },
                { label: t('importWidgets.usedBy'), className: 'text-right' },
              ]}
            />
            <tbody className="divide-y divide-amber-100">
              {missing.map((template) => (
                <tr key={template.uuid} data-testid="missing-template-row">
                  <td className={`${cell} font-medium text-amber-800`}>
                    {t('importWidgets.missingMark')} {template.name}
                  </td>
                  <td className={`${cell} font-mono break-all`}>{template.uuid}</td>
                  <td className={`${cell} text-right`}>{count(template.widgetsCount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasSourceTemplates && (
        <div>
          <CheckboxField
            label={t('importWidgets.autoCreate')}
            checked={autoCreate}
            onChange={onAutoCreateChange}
            describedBy={`${id}-note`}
            testId="auto-create"
          />
          <p id={`${id}-note`} className="mt-1 text-xs text-slate-600" data-testid="auto-create-note">
            {autoCreate ? t('importWidgets.autoCreateOn') : t('importWidgets.autoCreateOff')}
          </p>
        </div>
      )}
    </section>
  );
}
