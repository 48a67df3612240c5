import type { TFunction } from 'i18next';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCount } from '../../lib/number-format';
import type { ImportClash, ImportProductPlan } from '../../../common/contracts/import-product';
import { smallButtonClass } from '../../components/button-classes';
import { messageLines } from './import-product-rules';

/** What the check against the target (the dry run) has to show. */
export type PlanState =
  | { status: 'waiting' }
  | { status: 'checking' }
  | { status: 'error'; text: string }
  | { status: 'ready'; plan: ImportProductPlan; copySuffix: string };

/** The plan's headline: create, update product #id, skip, or copy with the suffix. */
export function planActionText(plan: ImportProductPlan, copySuffix: string, t: TFunction): string {
  const id = String(plan.existingProductId ?? '?');
  switch (plan.action) {
    case 'create':
      return t('importProduct.planCreate');
    case 'update':
      return t('importProduct.planUpdate', { id });
    case 'skip':
      return t('importProduct.planSkip', { id });
    case 'copy':
      return plan.existingProductId === null
        ? t('importProduct.planCopyNew', { suffix: copySuffix })
        : t('importProduct.planCopy', { suffix: copySuffix, id });
  }
}

export function clashText(clash: ImportClash, t: TFunction): string {
  const values = {
    kind: t(`importProduct.clashKinds.${clash.kind}`),
    value: clash.value,
    id: String(clash.productId),
  };
  return clash.productName
    ? t('importProduct.clashNamed', { ...values, name: clash.productName })
    : t('importProduct.clash', values);
}

/**
 * "Check against target" (issue 13): the dry run's plan, read from the target without writing: what happens to the
 * product, the SKU and name it will have, clashes, limits broken, categories by path, brand, channels, variants and
 * notes. It runs by itself once a target and a product are chosen; "Check again" asks once more.
 */
export function PlanPanel({
  state,
  canCheck,
  isFetching,
  onCheckAgain,
  afterImport = false,
}: {
  state: PlanState;
  canCheck: boolean;
  isFetching: boolean;
  onCheckAgain: () => void;
  /**
   * An import just succeeded: the check is of a next import, and its clashes are the product just written, so the
   * heading says so rather than contradict the success below (issue 31).
   */
  afterImport?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={isFetching || undefined}
      data-testid="import-plan"
      className="rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          {afterImport ? t('importProduct.planAfterImport') : t('importProduct.plan')}
        </h2>
        <button
          type="button"
          onClick={onCheckAgain}
          disabled={!canCheck || isFetching}
          data-testid="plan-check-again"
          className={smallButtonClass}
        >
          {t('importProduct.checkAgain')}
        </button>
      </div>
      <div className="mt-2 text-sm">
        <PlanBody state={state} />
      </div>
    </section>
  );
}

/** The panel's content for each state (rendered on its own in the unit test). */
export function PlanBody({ state }: { state: PlanState }) {
  const { t } = useTranslation();
  switch (state.status) {
    case 'waiting':
      return (
        <p className="text-slate-500" data-testid="plan-waiting">
          {t('importProduct.planWaiting')}
        </p>
      );
    case 'checking':
      return (
        <p role="status" className="text-slate-600" data-testid="plan-checking">
          {t('importProduct.checking')}
        </p>
      );
    case 'error':
      return (
        <p role="alert" className="font-medium text-red-700" data-testid="plan-error">
          {t('importProduct.planFailed', { error: state.text })}
        </p>
      );
    case 'ready':
      return <PlanDetails plan={state.plan} copySuffix={state.copySuffix} />;
  }
}

function PlanDetails({ plan, copySuffix }: { plan: ImportProductPlan; copySuffix: string }) {
  const { t } = useTranslation();
  const count = useCount();
  const channelName = (channel: ImportProductPlan['channels'][number]) =>
    channel.name ?? t('importProduct.channelUnnamed', { id: String(channel.sourceId) });
  return (
    <div className="space-y-3" data-testid="plan-details" data-action={plan.action}>
      <div role="status">
        <p className="font-semibold text-slate-900" data-testid="plan-action">
          {planActionText(plan, copySuffix, t)}
        </p>
        <p className="text-slate-700 break-all" data-testid="plan-will-have">
          {t('importProduct.planWillHave', {
            sku: plan.sku || t('common.notAvailable'),
            name: plan.name,
          })}
        </p>
      </div>

      {plan.clashes.length === 0 ? (
        <p className="text-slate-600" data-testid="plan-no-clashes">
          {t('importProduct.noClashes')}
        </p>
      ) : (
        <PlanList title={t('importProduct.clashes')} testId="plan-clashes" tone="amber">
          {plan.clashes.map((clash, index) => (
            <li key={`${index}-${clash.kind}-${clash.value}`}>{clashText(clash, t)}</li>
          ))}
        </PlanList>
      )}

      {plan.limits.length > 0 && (
        <PlanList title={t('importProduct.limits')} testId="plan-limits" tone="red">
          {messageLines(plan.limits, plan.limitMessages, t).map((limit, index) => (
            <li key={`${index}-${limit}`}>{limit}</li>
          ))}
        </PlanList>
      )}

      <PlanList title={t('importProduct.planCategories')} testId="plan-categories">
        {plan.categories.length === 0 ? (
          <li className="list-none text-slate-500">{t('importProduct.noCategories')}</li>
        ) : (
          plan.categories.map((category) => (
            <li key={category.sourceId} data-found={category.targetId !== null}>
              <span className="font-medium">{category.path.join(' › ')}</span>:{' '}
              {category.targetId === null ? (
                <span className="text-amber-700">{t('importProduct.categoryNotFound')}</span>
              ) : (
                t('importProduct.categoryFound', { id: String(category.targetId) })
              )}
            </li>
          ))
        )}
      </PlanList>

      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('importProduct.brand')}</dt>
        <dd data-testid="plan-brand">
          {plan.brand === null
            ? t('importProduct.noBrand')
            : plan.brand.targetId !== null
              ? t('importProduct.brandFound', { name: plan.brand.name, id: String(plan.brand.targetId) })
              : t('importProduct.brandCreate', { name: plan.brand.name })}
        </dd>
        <dt className="text-slate-600">{t('importProduct.channels')}</dt>
        <dd data-testid="plan-channels">
          {plan.channels.length === 0
            ? t('importProduct.noChannels')
            : plan.channels
                .map((channel) =>
                  channel.exists && channel.targetId !== null
                    ? t('importProduct.channelFound', {
                        name: channelName(channel),
                        id: String(channel.targetId),
                      })
                    : t('importProduct.channelMissing', { name: channelName(channel) }),
                )
                .join('; ')}
        </dd>
      </dl>
      <p data-testid="plan-variants">
        {t('importProduct.planVariants', {
          create: count(plan.variants.create),
          update: count(plan.variants.update),
        })}
      </p>
      <p className="text-xs text-slate-500" data-testid="plan-steps">
        {t('importProduct.planSteps', { steps: count(plan.steps) })}
      </p>

      {plan.notes.length > 0 && (
        <PlanList title={t('importProduct.notes')} testId="plan-notes">
          {messageLines(plan.notes, plan.noteMessages, t).map((note, index) => (
            <li key={`${index}-${note}`}>{note}</li>
          ))}
        </PlanList>
      )}
    </div>
  );
}

function PlanList({
  title,
  testId,
  tone,
  children,
}: {
  title: string;
  testId: string;
  tone?: 'amber' | 'red';
  children: ReactNode;
}) {
  const titleClass = tone === 'red' ? 'text-red-700' : tone === 'amber' ? 'text-amber-800' : 'text-slate-700';
  return (
    <div>
      <p className={`text-xs font-semibold tracking-wide uppercase ${titleClass}`}>{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800" data-testid={testId}>
        {children}
      </ul>
    </div>
  );
}
