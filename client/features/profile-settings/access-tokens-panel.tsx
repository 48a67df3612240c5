// Profile Settings: access tokens for AI agents (issue 33). A token is named, scoped (read, or read and write) and
// expiring; its secret is shown once, right after it is made; the list shows when each was last used, and revokes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCESS_TOKEN_SCOPES,
  DEFAULT_ACCESS_TOKEN_DAYS,
  MAX_ACCESS_TOKEN_DAYS,
  type AccessTokenScope,
  type AccessTokenSummary,
} from '../../../common/contracts/access-tokens';
import { MCP_PATH } from '../../../common/contracts/mcp';
import { smallButtonClass } from '../../components/button-classes';
import { FormAlert, SubmitButton, TextField } from '../../components/form-field';
import { ConfirmDialog } from '../../components/tool/confirm-dialog';
import { apiErrorText } from '../../lib/tool-errors';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './access-tokens-api';
import { McpClientSnippets } from './mcp-client-snippets';
import { useCount } from '../../lib/number-format';

const TOKENS_KEY = ['access-tokens'] as const;

export function AccessTokensPanel({ className }: { className: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: listAccessTokens });
  const [revoking, setRevoking] = useState<AccessTokenSummary | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => revokeAccessToken(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  // The app's own address, as the page reaches it (same origin), is what a client on this machine connects to.
  const address = `${window.location.origin}${MCP_PATH}`;

  return (
    <section aria-labelledby="profile-tokens" className={className} data-testid="access-tokens">
      <h2 id="profile-tokens" className="text-base font-semibold text-slate-900">
        {t('accessTokens.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('accessTokens.intro', { address })}</p>
      <CreateTokenForm
        address={address}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY })}
      />
      {tokens.isError && (
        <FormAlert tone="error" testId="tokens-error">
          {apiErrorText(tokens.error, t)}
        </FormAlert>
      )}
      {revoke.isError && (
        <FormAlert tone="error" testId="revoke-error">
          {apiErrorText(revoke.error, t)}
        </FormAlert>
      )}
      {tokens.data && tokens.data.length === 0 && (
        <p className="mt-4 text-sm text-slate-600" data-testid="tokens-none">
          {t('accessTokens.none')}
        </p>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <ul
          className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200"
          data-testid="tokens-list"
        >
          {tokens.data.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              data-testid="token-row"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900" data-testid="token-name">
                  {token.name}
                </p>
                <p className="text-xs text-slate-600" data-testid="token-facts">
                  {t(`accessTokens.scopes.${token.scope}`)} ·{' '}
                  {t('accessTokens.expires', { date: date(token.expiresAt) })} ·{' '}
                  {token.lastUsedAt
                    ? t('accessTokens.lastUsed', { date: date(token.lastUsedAt) })
                    : t('accessTokens.neverUsed')}
                </p>
              </div>
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => setRevoking(token)}
                aria-label={t('accessTokens.revokeNamed', { name: token.name })}
                data-testid="token-revoke"
              >
                {t('accessTokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('accessTokens.revokeTitle')}
        message={t('accessTokens.revokeConfirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('accessTokens.revoke')}
        isDestructive
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

function CreateTokenForm({ address, onCreated }: { address: string; onCreated: () => void }) {
  const { t } = useTranslation();
  const count = useCount();
  const scopeId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [days, setDays] = useState(String(DEFAULT_ACCESS_TOKEN_DAYS));
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // The token is shown once: the page moves to it and focus lands on it, so it is neither out of view nor missed.
  const createdRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!created) return;
    createdRef.current?.scrollIntoView({ block: 'center' });
    createdRef.current?.focus();
  }, [created]);
  const create = useMutation({
    mutationFn: createAccessToken,
    onSuccess: (answer) => {
      setCreated(answer.token);
      setCopied(false);
      setName('');
      onCreated();
    },
  });
  const daysNumber = Number(days);
  const daysError =
    Number.isInteger(daysNumber) && daysNumber >= 1 && daysNumber <= MAX_ACCESS_TOKEN_DAYS
      ? undefined
      : t('accessTokens.daysInvalid', { max: count(MAX_ACCESS_TOKEN_DAYS) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (daysError) return;
    create.mutate({ name: name.trim(), scope, expiresInDays: daysNumber });
  };

  return (
    <div className="mt-4 space-y-3">
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        noValidate
      >
        <TextField
          label={t('accessTokens.name')}
          value={name}
          onValueChange={setName}
          maxLength={100}
          placeholder={t('accessTokens.namePlaceholder')}
          testId="token-name-input"
        />
        <div>
          <label htmlFor={scopeId} className="block text-sm font-medium text-slate-700">
            {t('accessTokens.scope')}
          </label>
          <select
            id={scopeId}
            value={scope}
            onChange={(event) => setScope(event.target.value === 'write' ? 'write' : 'read')}
            className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            data-testid="token-scope"
          >
            {ACCESS_TOKEN_SCOPES.map((value) => (
              <option key={value} value={value}>
                {t(`accessTokens.scopes.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('accessTokens.days')}
          value={days}
          onValueChange={setDays}
          inputMode="numeric"
          error={daysError}
          className="sm:w-28"
          testId="token-days"
        />
        <SubmitButton
          isBusy={create.isPending}
          isDisabled={name.trim() === ''}
          label={t('accessTokens.create')}
          busyLabel={t('common.processing')}
          testId="token-create"
        />
      </form>
      {create.isError && (
        <FormAlert tone="error" testId="token-create-error">
          {apiErrorText(create.error, t)}
        </FormAlert>
      )}
      {created && (
        <div ref={createdRef} tabIndex={-1} className="rounded-lg focus:outline-2 focus:outline-indigo-600">
          <FormAlert tone="success" testId="token-created">
            <p className="font-medium">{t('accessTokens.shownOnce')}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                className="rounded bg-white px-2 py-1 font-mono text-xs break-all"
                data-testid="token-secret"
              >
                {created}
              </code>
              <button
                type="button"
                className={smallButtonClass}
                onClick={() =>
                  void navigator.clipboard?.writeText(created).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? t('accessTokens.copied') : t('accessTokens.copy')}
              </button>
            </div>
          </FormAlert>
        </div>
      )}
      <McpClientSnippets address={address} token={created} />
    </div>
  );
}
