import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SNAPSHOT_RETENTION, type SnapshotSchedule } from '../../../common/contracts/store-history';
import type { LocalStore } from '../../../common/contracts/stores';
import { CheckboxField, FormAlert } from '../../components/form-field';
import { ToolSubmitButton } from '../../components/tool/tool-form';
import { AUTH_PATHS } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { useStoreList } from '../../lib/stores/store-list';
import { apiErrorText } from '../../lib/tool-errors';
import { listSnapshotSchedules, saveSnapshotSchedule, snapshotSchedulesKey } from './schedule-api';
import { localDateTime, localHourText, nextRunAt } from './schedule-times';
import { formatNumber } from '../../lib/number-format';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** The hour a new schedule offers: early morning in UTC, when stores are quiet in most of the world. */
const DEFAULT_HOUR = 2;

/**
 * "Schedule": a daily snapshot of a signed-in user's cloud store at a chosen hour (UTC), kept by the retention rule.
 * A visitor, or a store kept only in this browser, reads what it needs instead.
 */
export function SchedulePanel({ store }: { store: LocalStore }) {
  const { t } = useTranslation();
  const session = useSession();
  // The list as it is now (the store chosen may have been synced to the account since, or loaded before the cloud list).
  const { stores } = useStoreList();
  const source = stores.find((s) => s.id === store.id)?.source ?? store.source;
  const isCloud = session.user !== null && source === 'cloud';
  const schedules = useQuery({
    queryKey: snapshotSchedulesKey,
    queryFn: ({ signal }) => listSnapshotSchedules(signal),
    enabled: isCloud,
    retry: false,
  });
  if (session.isLoading) return null;

  let body;
  if (session.user === null) {
    body = (
      <p className="text-sm text-slate-600" data-testid="snapshot-schedule-needs-account">
        {t('storeHistorySchedule.needsAccount')}{' '}
        <a
          href={AUTH_PATHS.login}
          className="font-medium text-indigo-700 underline hover:text-indigo-600"
          data-testid="snapshot-schedule-login"
        >
          {t('storeHistorySchedule.logIn')}
        </a>
      </p>
    );
  } else if (!isCloud) {
    body = (
      <p className="text-sm text-slate-600" data-testid="snapshot-schedule-needs-cloud">
        {t('storeHistorySchedule.needsCloud')}
      </p>
    );
  } else if (schedules.isPending) {
    body = <p className="text-sm text-slate-500">{t('storeHistorySchedule.loading')}</p>;
  } else if (schedules.error) {
    body = (
      <FormAlert tone="error" testId="snapshot-schedule-error">
        {apiErrorText(schedules.error, t)}
      </FormAlert>
    );
  } else {
    const schedule = schedules.data.find((s) => s.storeId === store.id) ?? null;
    body = <ScheduleForm key={store.id} storeId={store.id} schedule={schedule} />;
  }
  return (
    <section
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="snapshot-schedule"
    >
      <h2 className="text-base font-semibold text-slate-900">{t('storeHistorySchedule.title')}</h2>
      {body}
    </section>
  );
}

function ScheduleForm({ storeId, schedule }: { storeId: string; schedule: SnapshotSchedule | null }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(schedule?.enabled ?? false);
  const [hour, setHour] = useState(schedule?.hour ?? DEFAULT_HOUR);
  const save = useMutation({
    mutationFn: () => saveSnapshotSchedule(storeId, { enabled, hour }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: snapshotSchedulesKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const retention = schedule ?? DEFAULT_SNAPSHOT_RETENTION;
  // Times in the reader's own clock (issue 44); the hour stays named in UTC, as the server keeps it.
  const now = new Date();
  const lastRun = schedule?.lastRunAt ? localDateTime(new Date(schedule.lastRunAt), i18n.language) : null;
  const nextRun = schedule?.enabled
    ? localDateTime(nextRunAt(schedule.hour, now, schedule.lastRunAt), i18n.language)
    : null;
  const hourText = (each: number) => {
    const hour = String(each).padStart(2, '0');
    const local = localHourText(each, now, i18n.language);
    return local
      ? t('storeHistorySchedule.hourOptionLocal', { hour, local })
      : t('storeHistorySchedule.hourOption', { hour });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <CheckboxField
        label={t('storeHistorySchedule.enabled')}
        checked={enabled}
        onChange={setEnabled}
        testId="snapshot-schedule-enabled"
      />
      <div className="flex items-center gap-2 text-sm text-slate-800">
        <label htmlFor="snapshot-schedule-hour">{t('storeHistorySchedule.hour')}</label>
        <select
          id="snapshot-schedule-hour"
          value={hour}
          onChange={(event) => setHour(Number(event.target.value))}
          data-testid="snapshot-schedule-hour"
          className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
        >
          {HOURS.map((each) => (
            <option key={each} value={each}>
              {hourText(each)}
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-slate-500">
        {t('storeHistorySchedule.retention', {
          daily: formatNumber(retention.keepDaily, i18n.language),
          weekly: formatNumber(retention.keepWeekly, i18n.language),
          monthly: formatNumber(retention.keepMonthly, i18n.language),
        })}
      </p>
      {nextRun && (
        <p className="text-xs text-slate-700" data-testid="snapshot-schedule-next-run">
          {t('storeHistorySchedule.nextRun', { when: nextRun })}
        </p>
      )}
      {lastRun && (
        <p className="text-xs text-slate-500" data-testid="snapshot-schedule-last-run">
          {t('storeHistorySchedule.lastRun', { when: lastRun })}
        </p>
      )}
      {schedule?.lastError && (
        <FormAlert tone="error" testId="snapshot-schedule-last-error">
          {t('storeHistorySchedule.lastError', { error: schedule.lastError })}
        </FormAlert>
      )}
      <ToolSubmitButton
        label={t('storeHistorySchedule.save')}
        busyLabel={t('storeHistorySchedule.saving')}
        isBusy={save.isPending}
        testId="snapshot-schedule-save"
      />
      {save.isSuccess && (
        <FormAlert tone="success" testId="snapshot-schedule-saved">
          {t('storeHistorySchedule.saved')}
        </FormAlert>
      )}
      {save.error && (
        <FormAlert tone="error" testId="snapshot-schedule-save-error">
          {apiErrorText(save.error, t)}
        </FormAlert>
      )}
    </form>
  );
}
