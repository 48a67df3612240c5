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

  it('names where the data has the wrong shape', async () => {
    const result = await readJsonFile(file('stores.json', '{"stores":[{"name":"Shop"}]}'), storesFile);
    expect(result).toMatchObject({ ok: false, problem: { kind: 'wrong-shape' } });
    expect(problemOf(result).reason).toMatch(/^stores\[0\]\.storeHash: /);
    const root = await readJsonFile(file('stores.json', '[]'), storesFile);
    expect(problemOf(root).reason).not.toMatch(/^:/);
  });
});

function problemOf(result: JsonFileResult<unknown>): { reason?: string } {
  if (result.ok) throw new Error('expected a problem');
  return 'reason' in result.problem ? { reason: result.problem.reason } : {};
}

describe('jsonFileProblemText', () => {
  it('names the file and the reason, in both languages', () => {
    const en = createI18n('en').t;
    const vi = createI18n('vi').t;
    expect(jsonFileProblemText({ kind: 'not-json-file' }, 'a.txt', en)).toBe(
      'a.txt is not a .json file. Please choose a .json file.',
    );
    expect(jsonFileProblemText({ kind: 'unreadable' }, 'a.json', en)).toBe(
      'a.json could not be read. Please try again.',
    );
    expect(jsonFileProblemText({ kind: 'invalid-json', reason: 'Unexpected end' }, 'a.json', en)).toBe(
      'a.json is not valid JSON: Unexpected end',
    );
    expect(jsonFileProblemText({ kind: 'wrong-shape', reason: 'stores: Required' }, 'a.json', en)).toBe(
      'a.json does not hold the expected data: stores: Required',
    );
    expect(jsonFileProblemText({ kind: 'invalid-json', reason: 'x' }, 'a.json', vi)).toBe(
      'a.json không phải JSON hợp lệ: x',
    );
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
    const loaded = renderView({ tone: 'ok', text: 'Loaded a.json' });
    expect(loaded).not.toContain('aria-invalid');
    expect(loaded).toMatch(/role="status" data-testid="stores-file-loaded"[^>]*>Loaded a.json</);
  });
});
