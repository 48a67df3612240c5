import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYWORD_PAGE_SIZE } from '../../../common/contracts/keyword-extractor';
import { TextField } from '../../components/form-field';
import { StorePicker } from '../../components/store-picker/store-picker';
import { channelsErrorText } from './api';
import type { KeywordExtractorFields as Fields } from './use-keyword-extractor-form';
import { useCount } from '../../lib/number-format';

/** A page number of the range: a whole number from 1. */
const PAGE_NUMBER = { type: 'number', min: 1, step: 1, inputMode: 'numeric' } as const;

/** The store, its channel and the page range (spec part 2 §2); fixed while a run exists. */
export function KeywordExtractorFields({ fields }: { fields: Fields }) {
  const { t } = useTranslation();
  const count = useCount();
  const { problem } = fields;
  return (
    <fieldset disabled={!fields.isIdle} className="space-y-4">
      <StorePicker
        value={fields.storeId ?? ''}
        onChange={fields.changeStore}
        rememberAs="keyword-extractor"
      />
      <ChannelField fields={fields} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...PAGE_NUMBER}
          label={t('keywords.fromPage')}
          value={fields.fromPage}
          onValueChange={fields.changeFromPage}
          error={problem === 'page-range' ? t('keywords.invalidPageRange') : undefined}
          testId="from-page"
        />
        <TextField
          {...PAGE_NUMBER}
          label={t('keywords.toPage')}
          value={fields.toPage}
          onValueChange={fields.changeToPage}
          hint={t('keywords.toPageHint')}
          testId="to-page"
        />
      </div>
      <p className="text-xs font-medium text-slate-600" data-testid="page-size">
        {t('keywords.pageSize', { n: count(KEYWORD_PAGE_SIZE) })}
      </p>
    </fieldset>
  );
}

/** The channels of the chosen store, with their loading, failure and empty states. */
function ChannelField({ fields }: { fields: Fields }) {
  const { t } = useTranslation();
  const channelFieldId = useId();
  const { store, channels, channelId } = fields;
  const channelList = channels.data ?? [];
  return (
    <div>
      <label htmlFor={channelFieldId} className="block text-sm font-medium text-slate-700">
        {t('keywords.channel')}
      </label>
      <select
        id={channelFieldId}
        value={channelId}
        onChange={(event) => fields.changeChannel(event.target.value)}
        disabled={!store}
        aria-invalid={fields.problem === 'channel' || undefined}
        data-testid="channel-select"
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500"
      >
        <option value="">{t('keywords.channelPlaceholder')}</option>
        {channelList.map((channel) => (
          <option key={channel.id} value={String(channel.id)}>
            {channel.name} ({channel.id})
          </option>
        ))}
        {channelId !== '' && !channelList.some((c) => String(c.id) === channelId) && (
          <option value={channelId}>{channelId}</option>
        )}
      </select>
      {store && channels.isFetching && (
        <p className="mt-1 text-xs text-slate-500" role="status" data-testid="channels-loading">
          {t('keywords.loadingChannels')}
        </p>
      )}
      {store && channels.isError && (
        <p className="mt-1 text-xs font-medium text-red-600" role="alert" data-testid="channels-error">
          {channelsErrorText(channels.error, t)}
        </p>
      )}
      {store && channels.isSuccess && channelList.length === 0 && (
        <p className="mt-1 text-xs font-medium text-amber-700" role="status" data-testid="channels-empty">
          {t('keywords.noChannels')}
        </p>
      )}
    </div>
  );
}
