// `POST /api/import-widgets` read as it arrives (issue 29). A whole store's widgets dump runs to tens of MB; read whole
// it was held several times over (the text, the parsed copy, the contract's copy, every page's objects until the end).
// Here the body is streamed (server/json-stream.ts): each page and each source widget template is parsed and checked
// with the contract as it arrives, and then kept only as its JSON bytes (about the size of the dump, outside the
// JavaScript heap) with the little the import needs up front (its channel, template file, entity id, the template
// uuids it uses; a template's uuid, name and kind). A page's objects are made again when the page is written, at most
// PAGE_CONCURRENCY at once, and a template's only when it is created.
//
// Nothing is written before the whole body has been read and checked, and a refused body gets the very answer the
// whole body got before: the request is checked with the same contract (common/contracts/import-widgets.ts), the
// pages and templates that passed standing in as the smallest valid ones, the first one that did not as itself.
import { z } from 'zod';
import {
  importWidgetsPageSchema,
  importWidgetsRequestSchema,
  MAX_IMPORT_PAGES,
  MAX_SOURCE_TEMPLATES,
} from '../../../common/contracts/import-widgets';
import { dumpedWidgetTemplateSchema, listSnapshotWidgets } from '../../../common/dumps/widgets-dump';
import { parseInput } from '../../errors';
import { readToolJsonStream } from '../../json-stream';
import type { ImportPage } from './import-widgets.service';
import type { SourceTemplate } from './import-widgets.templates';

/**
 * The largest body an import takes. A whole store's dump of 50 MB fits; the import then holds about the body's size
 * (its JSON bytes) plus a few pages at a time (bench P10).
 */
export const IMPORT_WIDGETS_MAX_BODY_BYTES = 64 * 1024 * 1024;

export type ImportWidgetsInput = {
  store: z.output<typeof importWidgetsRequestSchema>['store'];
  pages: ImportPage[];
  autoCreateMissingTemplates: boolean;
  sourceWidgetTemplates: SourceTemplate[];
};

/** The route's input as `checkImportWidgetsRequest` answers it, already checked. */
export const importWidgetsInputSchema = z.custom<ImportWidgetsInput>();

const PAGE_STAND_IN = { template_file: null, entity_id: null, channel_id: 1, regions: [] };
const TEMPLATE_STAND_IN = {
  uuid: '',
  name: '',
  kind: 'custom',
  template: '',
  schema: null,
  storefront_api_query: null,
};

/** A streamed list's elements that passed, and the first that did not. */
class Kept<T> {
  items: T[] = [];
  invalid: { index: number; value: unknown } | undefined;

  constructor(private readonly max: number) {}

  restart() {
    this.items = [];
    this.invalid = undefined;
  }

  add(index: number, value: unknown, keep: () => T | undefined) {
    if (this.invalid) return;
    const item = keep();
    if (item === undefined) this.invalid = { index, value };
    // A list over its maximum is refused too: from then on it is only checked, nothing is kept.
    if (item === undefined || index >= this.max) this.items = [];
    else this.items.push(item);
  }

  /** The list as the contract checks it: every element that passed as a stand-in, the first that did not as itself. */
  standIn(length: number, passed: unknown): unknown[] {
    return Array.from({ length }, (_, index) =>
      index === this.invalid?.index ? this.invalid.value : passed,
    );
  }
}

function keptPage(value: unknown, json: Buffer): ImportPage | undefined {
  const read = importWidgetsPageSchema.safeParse(value);
  if (!read.success) return undefined;
  const page = read.data;
  const uuids = new Set<string>();
  for (const widget of listSnapshotWidgets(page.regions)) {
    if (widget.widget_template_uuid) uuids.add(widget.widget_template_uuid);
  }
  return {
    template_file: page.template_file,
    entity_id: page.entity_id,
    channel_id: page.channel_id,
    templateUuids: [...uuids],
    regions: () => importWidgetsPageSchema.parse(JSON.parse(json.toString('utf8'))).regions,
  };
}

function keptTemplate(value: unknown, json: Buffer): SourceTemplate | undefined {
  const read = dumpedWidgetTemplateSchema.safeParse(value);
  if (!read.success) return undefined;
  const { uuid, name, kind } = read.data;
  return {
    uuid,
    name,
    kind,
    read: () => dumpedWidgetTemplateSchema.parse(JSON.parse(json.toString('utf8'))),
  };
}

/** The body as read: its fields, and its pages and templates kept as JSON. */
export type ImportWidgetsBody = {
  value: unknown;
  lengths: Map<string, number>;
  pages: Kept<ImportPage>;
  templates: Kept<SourceTemplate>;
};

/** Reads the body as it arrives; throws the body guard's refusals (size, JSON, NUL, depth). */
export async function readImportWidgetsBody(request: Request): Promise<ImportWidgetsBody> {
  const pages = new Kept<ImportPage>(MAX_IMPORT_PAGES);
  const templates = new Kept<SourceTemplate>(MAX_SOURCE_TEMPLATES);
  const body = await readToolJsonStream(request, {
    maxBytes: IMPORT_WIDGETS_MAX_BODY_BYTES,
    streamed: ['pages', 'sourceWidgetTemplates'],
    onArrayStart: (key) => (key === 'pages' ? pages : templates).restart(),
    onElement: (key, index, value, json) => {
      if (key === 'pages') pages.add(index, value, () => keptPage(value, json));
      else templates.add(index, value, () => keptTemplate(value, json));
    },
  });
  return { ...body, pages, templates };
}

/** Checks the body with the contract; throws its first issue as the whole body would get it (a 400). */
export function checkImportWidgetsRequest(body: ImportWidgetsBody): ImportWidgetsInput {
  const { pages, templates } = body;
  let whole = body.value;
  if (typeof whole === 'object' && whole !== null && !Array.isArray(whole)) {
    const pageCount = body.lengths.get('pages');
    const templateCount = body.lengths.get('sourceWidgetTemplates');
    whole = {
      ...whole,
      ...(pageCount !== undefined ? { pages: pages.standIn(pageCount, PAGE_STAND_IN) } : {}),
      ...(templateCount !== undefined
        ? { sourceWidgetTemplates: templates.standIn(templateCount, TEMPLATE_STAND_IN) }
        : {}),
    };
  }
  const checked = parseInput(importWidgetsRequestSchema, whole);
  return {
    store: checked.store,
    autoCreateMissingTemplates: checked.autoCreateMissingTemplates,
    // Checked: the pages were an array (so streamed), and every element passed.
    pages: pages.items,
    sourceWidgetTemplates: body.lengths.has('sourceWidgetTemplates') ? templates.items : [],
  };
}
