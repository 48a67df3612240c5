import { useTranslation } from 'react-i18next';
import type { UnreadPages } from '../../../common/contracts/store-history';
import { FormAlert } from '../../components/form-field';
import { formatCount } from './snapshot-format';

/** The Page Builder entity templates a snapshot probes, as the note names them. */
const TEMPLATE_KINDS = {
  'pages/product': 'product',
  'pages/category': 'category',
  'pages/brand': 'brand',
  'pages/page': 'page',
} as const;

/**
 * The Page Builder pages a snapshot did not read (over its bound, issue 40): one line per channel and kind of page,
 * with the ids they cover. Shown under a diff ("not compared") and a restore preview ("cannot be restored").
 */
export function UnreadPagesNote({
  unread,
  context,
  testId,
}: {
  unread: readonly UnreadPages[];
  context: 'diff' | 'restore';
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  if (unread.length === 0) return null;
  const total = unread.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <FormAlert tone="warning" testId={testId}>
      <p>
        {t(context === 'diff' ? 'storeHistory.unreadPagesDiff' : 'storeHistory.unreadPagesRestore', {
          n: formatCount(total, i18n.language),
        })}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {unread.map((entry) => {
          const kind = TEMPLATE_KINDS[entry.templateFile as keyof typeof TEMPLATE_KINDS];
          return (
            <li key={`${entry.channelId}:${entry.templateFile}`} data-testid={`${testId}-entry`}>
              {t('storeHistory.unreadPagesEntry', {
                n: formatCount(entry.count, i18n.language),
                what: kind ? t(`storeHistory.unreadPagesKind.${kind}`) : entry.templateFile,
                first: String(entry.firstId),
                last: String(entry.lastId),
                channel: String(entry.channelId),
              })}
            </li>
          );
        })}
      </ul>
    </FormAlert>
  );
}
