import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalStore } from '../../../common/contracts/stores';
import { categoryDumpFileName } from '../../../common/dumps/file-names';
import { FormAlert } from '../../components/form-field';
import { toStoreCredentials } from '../../lib/stores/store-credentials';
import { ResultPanel } from '../../components/tool/result-panel';
import { ToolErrorAlert, ToolForm, ToolSubmitButton } from '../../components/tool/tool-form';
import { useToolRun } from '../../components/tool/use-tool-run';
import { toolErrorText } from '../../lib/tool-errors';
import { categoryTreesQuery, dumpCategories } from './api';
import { CategoryTreeView } from './category-tree-view';
import { useCount } from '../../lib/number-format';

/**
 * Dump Categories (spec part 1 §2, §7): the tree list reloads whenever the store changes; 'all' or one tree. The dump
 * is downloaded and shown below as a tree to browse and filter (issue 31).
 */
export default function DumpCategoriesScreen() {
  const { t } = useTranslation();
  const count = useCount();
  const treeSelectId = useId();
  const [store, setStore] = useState<LocalStore | null>(null);
  const [treeId, setTreeId] = useState('all');
  const credentials = store ? toStoreCredentials(store) : null;
  const trees = useQuery(categoryTreesQuery(credentials));

  const { run, outcome, setOutcome } = useToolRun({
    mutationFn: dumpCategories,
    fileName: (dump) => categoryDumpFileName(dump.treeId, new Date()),
    success: (dump) => ({
      trees: dump.trees.length,
      categories: dump.trees.reduce((sum, tree) => sum + tree.totalCategories, 0),
      dump,
    }),
  });

  const chooseStore = (next: LocalStore | null) => {
    setStore(next);
    setTreeId('all');
    setOutcome(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!credentials) return setOutcome({ tone: 'error', text: t('errors.selectStore') });
    setOutcome(null);
    run.mutate({ storeCredentials: credentials, treeId });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4" data-testid="dump-categories">
      <ToolForm tool="dump-categories" store={store} onStoreChange={chooseStore} onSubmit={submit}>
        <div>
          <label htmlFor={treeSelectId} className="block text-sm font-medium text-slate-700">
            {t('dumpCategories.tree')}
          </label>
          <select
            id={treeSelectId}
            value={treeId}
            onChange={(event) => setTreeId(event.target.value)}
            data-testid="tree-select"
            aria-busy={trees.isFetching || undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
          >
            <option value="all">{t('dumpCategories.allTrees')}</option>
            {(trees.data ?? []).map((tree) => (
              <option key={tree.id} value={String(tree.id)}>
                {t('dumpCategories.treeOption', { name: tree.name, id: String(tree.id) })}
              </option>
            ))}
          </select>
          {trees.isFetching && (
            <p role="status" className="mt-1 text-xs text-slate-500" data-testid="trees-loading">
              {t('dumpCategories.loadingTrees')}
            </p>
          )}
        </div>
        <ToolSubmitButton isBusy={run.isPending} label={t('dumpCategories.submit')} />
      </ToolForm>
      {trees.isError && (
        <FormAlert tone="error" testId="trees-error">
          {toolErrorText(trees.error, t)}
        </FormAlert>
      )}
      <ToolErrorAlert outcome={outcome} />
      {outcome?.tone === 'success' && (
        <ResultPanel title={t('dumpCategories.success')} fileName={outcome.fileName}>
          <p>
            {t('dumpCategories.summary', {
              trees: count(outcome.trees),
              categories: count(outcome.categories),
            })}
          </p>
        </ResultPanel>
      )}
      {outcome?.tone === 'success' && <CategoryTreeView key={outcome.fileName} dump={outcome.dump} />}
    </div>
  );
}
