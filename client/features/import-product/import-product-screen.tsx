import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import type { ImportProgress } from '../../../common/contracts/import-product';
import { StorePicker } from '../../components/store-picker/store-picker';
import { ProgressPanel } from '../../components/tool/progress-panel';
import { ToolErrorAlert, ToolSubmitButton } from '../../components/tool/tool-form';
import { DumpPreviewPanel } from './dump-preview';
import { ImportProductExistingSku } from './import-product-existing-sku';
import { importMessageText, previewDump } from './import-product-rules';
import { ImportProductSourceFields } from './import-product-source';
import { ImportResultPanel } from './import-result';
import { PlanPanel } from './plan-panel';
import { useImportProduct } from './use-import-product';

/**
 * Import Product (spec part 1 §2, §3, §4, §5, §7, §8; issue 13): a target store, a product dump from a file or fetched
 * from a store, its preview, the check against the target (dry run), the choice for an existing SKU, the import with
 * its progress, and the result with the statistics, what did not carry over and the logs. A second import of the same
 * dump into the same store sends the first one's id map, so it continues instead of duplicating. The state lives in
 * use-import-product.ts.
 */
export default function ImportProductScreen() {
  const { t } = useTranslation();
  const screen = useImportProduct();
  const waitingId = useId();
  const { loaded, plan, progress, outcome } = screen;

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="import-product">
      <form
        noValidate
        onSubmit={screen.submit}
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <StorePicker
          value={screen.store?.id ?? ''}
          onChange={screen.chooseTarget}
          label={t('importProduct.targetStore')}
          rememberAs="import-product"
          avoidStoreId={screen.avoidTargetStoreId}
        />

        <ImportProductSourceFields source={screen.source} isDisabled={screen.isRunning} />

        {loaded && <DumpPreviewPanel preview={previewDump(loaded.dump)} />}

        <ImportProductExistingSku
          choice={screen.choice}
          onChoiceChange={screen.setChoice}
          suffixError={screen.suffixError}
          isDisabled={screen.isRunning}
        />

        <PlanPanel
          state={plan.state}
          canCheck={plan.canCheck}
          isFetching={plan.isFetching}
          onCheckAgain={plan.checkAgain}
          afterImport={outcome?.tone === 'success'}
        />

        {screen.hasEarlierIdMap && (
          <p className="text-xs text-slate-600" data-testid="rerun-note">
            {t('importProduct.rerunNote')}
          </p>
        )}

        <div className="flex flex-wrap items-center gap-3">
          <ToolSubmitButton
            isBusy={screen.isRunning}
            isDisabled={!loaded}
            label={t('importProduct.submit')}
            busyLabel={t('common.importing')}
            describedBy={loaded ? undefined : waitingId}
          />
          {!loaded && (
            // Issue 44: Import waits for a dump, from a file or a store, and says which.
            <p id={waitingId} className="text-xs text-slate-600" data-testid="import-waiting">
              {screen.source.mode === 'file'
                ? t('importProduct.selectJsonFile')
                : t('importProduct.waitingForProduct')}
            </p>
          )}
        </div>
        {screen.isRunning && progress && progress.total > 0 && <ImportProgressPanel progress={progress} />}
      </form>

      <ToolErrorAlert outcome={outcome} />
      {outcome?.tone === 'success' && (
        <ImportResultPanel result={outcome.result} onDownload={screen.downloadResult} />
      )}
      <ConfirmDialog
        isOpen={screen.confirmation.isOpen}
        title={t('importProduct.confirmTitle')}
        message={t('importProduct.confirm', {
          name: screen.confirmation.product?.name ?? '',
          sku: screen.confirmation.product?.sku || '—',
          store: screen.store?.name ?? '',
        })}
        confirmLabel={t('importProduct.submit')}
        onConfirm={screen.confirmation.confirm}
        onCancel={screen.confirmation.cancel}
      />
    </div>
  );
}

/** The import's progress: steps done of the plan's, and the step running. */
function ImportProgressPanel({ progress }: { progress: ImportProgress }) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <ProgressPanel
      done={Math.min(progress.done, progress.total)}
      total={progress.total}
      label={
        progress.step
          ? t('importProduct.progressStep', {
              done: count(progress.done),
              total: count(progress.total),
              step: progress.stepMessage ? importMessageText(progress.stepMessage, t) : progress.step,
            })
          : t('importProduct.progress', { done: count(progress.done), total: count(progress.total) })
      }
    />
  );
}
