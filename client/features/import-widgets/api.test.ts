import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ImportWidgetsPageResult,
  ImportWidgetsProgress,
  ImportWidgetsRequest,
} from '../../../common/contracts/import-widgets';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../lib/i18n';
import { stubFetchAnswer } from '../../lib/test-ndjson';
import { apiErrorText } from '../../lib/tool-errors';
import { importWidgets, loadTargetTemplates, restoreWidgetsPage } from './api';

const store = { storeHash: 'sandbox-empty', accessToken: 'empty-token', clientId: 'c' };
const request: ImportWidgetsRequest = {
  store,
  pages: [{ template_file: 'pages/home', entity_id: null, channel_id: 1, regions: [] }],
  autoCreateMissingTemplates: true,
  sourceWidgetTemplates: [],
};
const pageResult: ImportWidgetsPageResult = {
  templateFile: 'pages/home',
  entityId: null,
  success: true,
  widgetsCount: 3,
  channelId: 1,
  error: null,
  logs: ['Wrote 3 widgets'],
  warnings: [],
  backupId: 'b-1',
  skipped: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

const en = createI18n('en').t;

describe('the import call', () => {
  it('asks for NDJSON, hands on each progress line (split anywhere), and gives the results of the last line', async () => {
    const calls = stubFetchAnswer([
      '{"type":"progress","done":1,"total":3,"step":"template FAQ"}\n{"type":"pro',
      'gress","done":2,"total":3,"step":"pages/home"}\n',
      `${JSON.stringify({ results: [pageResult], createdTemplates: [], failedTemplates: [] })}\n`,
    ]);
    const progress: ImportWidgetsProgress[] = [];
    const answered = await importWidgets(request, (line) => progress.push(line));
    expect(answered.results).toEqual([pageResult]);
    expect(progress.map((line) => `${line.done}/${line.total} ${line.step}`)).toEqual([
      '1/3 template FAQ',
      '2/3 pages/home',
    ]);
    expect(calls[0]?.url).toBe('/api/import-widgets');
    expect(calls[0]?.init.method).toBe('POST');
    expect(new Headers(calls[0]?.init.headers).get('accept')).toBe('application/x-ndjson');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual(request);
  });

  it('throws the server’s words of a failure after the stream began, and of a refused request', async () => {
    stubFetchAnswer([
      '{"type":"progress","done":1,"total":2,"step":"pages/home"}\n',
      '{"success":false,"error":"BigCommerce rejected the API token (401)","code":"bc_unauthorized"}\n',
    ]);
    const late = await importWidgets(request, () => undefined).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(ApiError);
    expect(apiErrorText(late, en, 'Import failed')).toBe('BigCommerce rejected the API token (401)');

    stubFetchAnswer(
      [JSON.stringify({ success: false, error: 'Please select a store', code: 'store_required' })],
      400,
    );
    const refused = await importWidgets(request, () => undefined).catch((error: unknown) => error);
    expect(apiErrorText(refused, en, 'Import failed')).toBe('Please select a store');
    expect(apiErrorText(refused, createI18n('vi').t, 'Nhập thất bại')).toBe('Vui lòng chọn store');
  });

  it('falls back to Import failed for an answer without words, and says a dropped stream is a connection error', async () => {
    stubFetchAnswer(['oops'], 500);
    const bare = await importWidgets(request, () => undefined).catch((error: unknown) => error);
    expect(apiErrorText(bare, en, en('errors.importFailed'))).toBe('Import failed');

    stubFetchAnswer(['{"type":"progress","done":1,"total":2,"step":"pages/home"}\n']);
    const dropped = await importWidgets(request, () => undefined).catch((error: unknown) => error);
    expect(apiErrorText(dropped, en, en('errors.importFailed'))).toBe(
      'Server connection error: the connection closed before the answer arrived',
    );
  });
});

describe('the templates and restore calls', () => {
  it('reads the target’s templates; a failure without words is Failed to load templates', async () => {
    const calls = stubFetchAnswer([
      JSON.stringify({ templates: [{ name: 'Text', uuid: 'u', kind: 'text' }] }),
    ]);
    expect(await loadTargetTemplates({ store, channelId: 2 })).toEqual([
      { name: 'Text', uuid: 'u', kind: 'text' },
    ]);
    expect(calls[0]?.url).toBe('/api/import-widgets/templates');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ store, channelId: 2 });

    stubFetchAnswer([''], 502);
    const failed = await loadTargetTemplates({ store, channelId: 1 }).catch((error: unknown) => error);
    expect(apiErrorText(failed, en, en('errors.loadTemplatesFailed'))).toBe('Failed to load templates');
  });

  it('restores a page by its backup id and gives the page’s result', async () => {
    const calls = stubFetchAnswer([JSON.stringify({ result: { ...pageResult, widgetsCount: 1 } })]);
    expect((await restoreWidgetsPage({ store, backupId: 'b-1' })).widgetsCount).toBe(1);
    expect(calls[0]?.url).toBe('/api/import-widgets/restore');
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ store, backupId: 'b-1' });
  });
});
