import { useTranslation } from 'react-i18next';

export const VENDOR_URL = 'https://www.bigcommerce.com/';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-4 text-xs text-slate-500 sm:px-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="copyright">{t('footer.copyright', { year: String(new Date().getFullYear()) })}</p>
        <div className="flex items-center gap-3">
          <span>
            {t('footer.vendorPrefix')}{' '}
            <a
              href={VENDOR_URL}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="vendor-link"
              className="font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {t('footer.vendorLink')}
            </a>
          </span>
          <span aria-hidden="true" className="text-slate-300">
            |
          </span>
          <span data-testid="version" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-600">
            {t('footer.version')}
          </span>
        </div>
      </div>
    </footer>
  );
}
