import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n } from '../../lib/i18n';
import {
  JsonFileInput,
  JsonFileInputView,
  jsonFileProblemText,
  readJsonFile,
  type JsonFileResult,
  type JsonFileStatus,
} from './json-file-input';

const storesFile = z.object({
  stores: z.array(z.object({ name: z.string(), storeHash: z.string() })),
});

const file = (name: string, text: string) => new File([text], name, { type: 'application/json' });

describe('readJsonFile', () => {
  it('gives the typed value of a good file', async () => {
    const result = await readJsonFile(
      file('stores.json', '{"stores":[{"name":"Shop","storeHash":"abc123"}],"extra":1}'),
      storesFile,
    );
    expect(result).toEqual({
      ok: true,
      value: { stores: [{ name: 'Shop', storeHash: 'abc123' }] },
      fileName: 'stores.json',
    });
  });

  // A file whose text cannot be read: a .json one says so, any other is refused before it is read.
  it.each([
    { why: 'refuses a file that is not .json, without reading it', name: 'notes.txt', kind: 'not-json-file' },
    { why: 'says when the file cannot be read', name: 'stores.JSON', kind: 'unreadable' },
  ] as const)('$why', async ({ name, kind }) => {
    const unreadable = { name, text: () => Promise.reject(new Error('disk')) };
    expect(await readJsonFile(unreadable, storesFile)).toEqual({
      ok: false,
      problem: { kind },
      fileName: name,
    });
  });

  it('says when the text is not JSON, with the parser’s reason', async () => {
    const result = await readJsonFile(file('stores.json', '{"stores": ['), storesFile);
    expect(result).toMatchObject({ ok: false, problem: { kind: 'invalid-json' } });
    expect(problemOf(result).reason).not.toBe('');
  });

  it('names where the data has the wrong shape, in words, with the parser’s text behind Details', async () => {
    const en = createI18n('en').t;
    const vi = createI18n('vi').t;
    const result = await readJsonFile(file('stores.json', '{"stores":[{"name":"Shop"}]}'), storesFile);
    expect(result).toMatchObject({ ok: false, problem: { kind: 'wrong-shape' } });
    expect(textOf(result, en)).toEqual({
      text: 'stores.json does not hold the expected data: The store hash is missing (item 1)',
      detail: 'stores[0].storeHash: Invalid input: expected string, received undefined',
    });
    expect(textOf(result, vi).text).toBe(
      'stores.json không chứa dữ liệu như mong đợi: Thiếu mã store (store hash) (mục 1)',
    );
    const root = await readJsonFile(file('stores.json', '[]'), storesFile);
    expect(textOf(root, en).text).toBe(
      'stores.json does not hold the expected data: The data is not in the expected format',
    );
  });
});

function problemOf(result: JsonFileResult<unknown>): { reason?: string } {
  if (result.ok) throw new Error('expected a problem');
  return 'reason' in result.problem ? { reason: result.problem.reason } : {};
}

function textOf(result: JsonFileResult<unknown>, t: ReturnType<typeof createI18n>['t']) {
  if (result.ok) throw new Error('expected a problem');
  return jsonFileProblemText(result.problem, result.fileName, t);
}

describe('jsonFileProblemText', () => {
  it('names the file and the reason, in both languages', () => {
    const en = createI18n('en').t;
    const vi = createI18n('vi').t;
    expect(jsonFileProblemText({ kind: 'not-json-file' }, 'a.txt', en)).toEqual({
      text: 'a.txt is not a .json file. Please choose a .json file.',
    });
    expect(jsonFileProblemText({ kind: 'unreadable' }, 'a.json', en)).toEqual({
      text: 'a.json could not be read. Please try again.',
    });
    // The parser's words ("Unexpected end of JSON input") only behind Details.
    const reason = `Expected ',' or '}' after property value in JSON at position 20 (line 1 column 21)`;
    expect(jsonFileProblemText({ kind: 'invalid-json', reason }, 'a.json', en)).toEqual({
      text: 'a.json is not valid JSON: the text is not JSON from line 1, column 21',
      detail: reason,
    });
    expect(
      jsonFileProblemText({ kind: 'invalid-json', reason: 'Unexpected end of JSON input' }, 'a.json', vi)
        .text,
    ).toBe('a.json không phải JSON hợp lệ: nội dung kết thúc trước khi JSON hoàn chỉnh');
    expect(
      jsonFileProblemText(
        { kind: 'invalid-json', reason: `Unexpected token 'h', "hello" is not valid JSON` },
        'a.json',
        en,
      ).text,
    ).toBe('a.json is not valid JSON: the text is not JSON');
  });
});

describe('JsonFileInput', () => {
  it('is a labelled file input for .json files', () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={createI18n('en')}>
        <JsonFileInput label="Stores file" schema={storesFile} onChange={() => undefined} />
      </I18nextProvider>,
    );
    const input = /<input\b([^>]*)>/.exec(html)?.[1] ?? '';
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(input).toContain('type="file"');
    expect(input).toContain('accept=".json,application/json"');
    expect(input).not.toContain('aria-invalid');
  });

  it('shows an error as an alert linked to the input, and a loaded file politely', () => {
    const renderView = (status: JsonFileStatus) =>
      renderToStaticMarkup(
        <JsonFileInputView
          id="f"
          label="Stores file"
          status={status}
          onChange={() => Promise.resolve()}
          testId="stores-file"
        />,
      );
    const error = renderView({ tone: 'error', text: 'a.json is not valid JSON: x' });
    expect(error).toContain('aria-invalid="true"');
    expect(error).toContain('aria-describedby="f-status"');
    expect(error).toMatch(
      /<p id="f-status" role="alert" data-testid="stores-file-error"[^>]*>a.json is not valid JSON: x<\/p>/,
    );
    const detailed = renderView({
      tone: 'error',
      text: 'a.json is not valid JSON.',
      detail: 'Unexpected token',
    });
    expect(detailed).toMatch(
      /<details[^>]*data-testid="stores-file-details"><summary[^>]*>Details<\/summary>/,
    );
    expect(detailed).toMatch(/<pre[^>]*>Unexpected token<\/pre>/);
    expect(detailed).not.toContain('<details open');
    expect(error).not.toContain('<details');
    const loaded = renderView({ tone: 'ok', text: 'Loaded a.json' });
    expect(loaded).not.toContain('aria-invalid');
    expect(loaded).toMatch(/role="status" data-testid="stores-file-loaded"[^>]*>Loaded a.json</);
  });
});
