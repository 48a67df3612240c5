// The configuration to paste into an MCP client (issue 44): Claude Code, Cursor, VS Code or any client that takes a
// header, with the app's own address and the new token (a placeholder until one is made), each copyable.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smallButtonClass } from '../../components/button-classes';
import { cn } from '../../lib/class-names';
import { MCP_CLIENTS, mcpSnippet, TOKEN_PLACEHOLDER, type McpClient } from './mcp-snippets';

export function McpClientSnippets({ address, token }: { address: string; token: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [client, setClient] = useState<McpClient>('claude-code');
  const [copied, setCopied] = useState<McpClient | null>(null);
  const snippet = mcpSnippet(client, address, token ?? TOKEN_PLACEHOLDER);
  const name = t(`accessTokens.clients.${client}`);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 space-y-2" data-testid="mcp-snippets">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('accessTokens.connectTitle')}
      </h3>
      <p className="text-xs text-slate-600" data-testid="mcp-snippets-note">
        {token
          ? t('accessTokens.connectWithToken')
          : t('accessTokens.connectPlaceholder', { placeholder: TOKEN_PLACEHOLDER })}
      </p>
      <fieldset>
        <legend className="sr-only">{t('accessTokens.clientLegend')}</legend>
        <div className="flex flex-wrap gap-2">
          {MCP_CLIENTS.map((value) => (
            <label
              key={value}
              className={cn(
                'cursor-pointer rounded-lg border px-3 py-1 text-xs font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                value === client
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-800'
                  : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              <input
                type="radio"
                name={`${id}-client`}
                value={value}
                checked={value === client}
                onChange={() => {
                  setClient(value);
                  setCopied(null);
                }}
                className="sr-only"
                data-testid={`mcp-client-${value}`}
              />
              {t(`accessTokens.clients.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-start gap-2">
        <pre
          className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100"
          aria-label={t('accessTokens.snippetLabel', { client: name })}
          tabIndex={0}
          data-testid="mcp-snippet"
        >
          <code>{snippet}</code>
        </pre>
        <button
          type="button"
          className={smallButtonClass}
          aria-label={t('accessTokens.copyFor', { client: name })}
          onClick={() =>
            void navigator.clipboard?.writeText(snippet).then(
              () => setCopied(client),
              () => setCopied(null),
            )
          }
          data-testid="mcp-snippet-copy"
        >
          {copied === client ? t('accessTokens.copied') : t('accessTokens.copy')}
        </button>
      </div>
    </section>
  );
}
