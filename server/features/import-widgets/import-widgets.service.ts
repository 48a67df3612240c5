// Import Widgets (spec part 1 §2, §3 "Import widgets result, per page", §4; issue 13): writes the pages of a widgets
// dump into a target store with `POST /v3/content/page-widgets`, one call per page (API-NOTES §6 (c), §6 (e).4).
//
// 1. The target's widget templates are read on every channel the pages use and matched by name
//    (./import-widgets.templates.ts); with auto-create, missing custom templates are created first.
// 2. Each page, on its own (one failing does not stop the others):
//    - refused up front when BigCommerce takes no widgets on its template (checkout), when its entity id is not an id,
//      or when it holds more than BigCommerce's 150 widgets or 150 layouts per page (nothing written);
//    - its widgets rewritten to the target's templates, those whose template is missing left out and logged
//      ('MISSING: name'); the fields the publish call does not take left out (./import-widgets.rewrite.ts);
//    - warned about regions the target's theme lacks (`GET /v3/content/regions?template_file=`);
//    - the target page's current snapshot saved in the database (the way back: download or Restore);
//    - published: the page's whole content is replaced.
//    The backup and the publish hold the page's lease (issue 29): another import writing the same page at the same
//    time, on any instance, goes before or after, never in between.
// Pages are held as their JSON until they are written (ImportPage), so an import of a large dump holds about its size.
// Restore publishes a saved snapshot back to its page, saving what is there first, so a restore can be undone too.
import {
  WIDGETLESS_PAGE_TEMPLATE_IDS,
  isEntityId,
  pageTemplateIdOf,
} from '../../../common/dumps/page-templates';
import {
  listSnapshotWidgets,
  snapshotRegionSchema,
  type SnapshotRegion,
} from '../../../common/dumps/widgets-dump';
import { ERROR_CODES } from '../../../common/errors';
import type {
  ImportWidgetsPageResult,
  ImportWidgetsProgress,
  ImportWidgetsResponse,
} from '../../../common/contracts/import-widgets';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type PublishPageWidgets,
} from '../../integrations/bigcommerce';
import type { BeforeWrite } from '../../jobs/before-job';
import type { Exclusive } from '../../db/lease';
import { AppError } from '../../errors';
import type { PageBackupRow, PageBackupStore } from './page-backup-store';
import { describeDropped, rewriteRegions, type RewrittenPage } from './import-widgets.rewrite';
import { matchTemplates, type SourceTemplate, type TemplatePlan } from './import-widgets.templates';

/** BigCommerce's per-page limits (doc:docs/storefront/widgets/page-widgets/index.mdx; API-NOTES §6 (c)). */
export const PAGE_LIMITS = { widgets: 150, layouts: 150 } as const;

/** Pages written at once; the store's scheduler paces them further. */
export const PAGE_CONCURRENCY = 4;

/**
 * One page to write. Its regions are read when the page is written, not before: a large import holds each page as the
 * JSON it came in (import-widgets.request.ts), not as objects, and parses at most PAGE_CONCURRENCY pages at once.
 */
export type ImportPage = {
  template_file: string | null;
  entity_id: string | null;
  channel_id: number;
  /** The source widget template uuids its widgets use. */
  templateUuids: readonly string[];
  regions: () => SnapshotRegion[];
};

/** A page held as objects (tests, and callers that have the page already). */
export function inMemoryPage(page: {
  template_file: string | null;
  entity_id: string | null;
  channel_id: number;
  regions: SnapshotRegion[];
}): ImportPage {
  const uuids = listSnapshotWidgets(page.regions).flatMap((widget) =>
    widget.widget_template_uuid ? [widget.widget_template_uuid] : [],
  );
  return {
    template_file: page.template_file,
    entity_id: page.entity_id,
    channel_id: page.channel_id,
    templateUuids: [...new Set(uuids)],
    regions: () => page.regions,
  };
}

export type ImportWidgetsCommand = {
  pages: readonly ImportPage[];
  autoCreateMissingTemplates: boolean;
  sourceWidgetTemplates: readonly SourceTemplate[];
};

export type ImportWidgetsDeps = {
  backups: PageBackupStore;
  /** Who the backups belong to (`user:<id>` or `visitor:<id>`). */
  owner: string;
  now?: () => Date;
  signal?: AbortSignal;
  onProgress?: (progress: ImportWidgetsProgress) => void;
  /**
   * Writes one page, or creates one widget template, as the only import doing so in its store, on any instance
   * (server/db/lease.ts; issue 29): two imports at once neither create a template twice nor interleave a page's
   * backup and publish.
   */
  exclusive?: Exclusive;
  /** Takes a snapshot of the target pages before anything is written (Store History, issue 32). */
  beforeWrite?: BeforeWrite;
};

/** Said on a page that another import kept writing past the wait. */
export const PAGE_BUSY_MESSAGE =
  'Another import into this store is writing this page. Please wait for it to end and try again.';

/** The lease of a page of a store: its channel, template file (none: the global regions) and entity. */
export function pageLeaseKey(
  storeHash: string,
  page: { channelId: number; templateFile: string | null; entityId: string | null },
): string {
  return `import-widgets:${storeHash}:page:${page.channelId}:${page.templateFile ?? ''}:${page.entityId ?? ''}`;
}

export function pageLabel(templateFile: string | null, entityId: string | null): string {
  if (templateFile === null) return 'Global regions';
  return entityId === null ? templateFile : `${templateFile} (entity ${entityId})`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function emptyResult(page: {
  templateFile: string | null;
  entityId: string | null;
  channelId: number;
}): ImportWidgetsPageResult {
  return {
    templateFile: page.templateFile,
    entityId: page.entityId,
    success: false,
    widgetsCount: 0,
    channelId: page.channelId,
    error: null,
    logs: [],
    warnings: [],
    backupId: null,
    skipped: [],
  };
}

/** Runs `work` on every item, at most `limit` at once; results in input order. */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The message of a BigCommerce refusal, with the widgetless case said plainly. */
function refusalMessage(error: unknown, templateFile: string | null): string {
  if (!isBigCommerceError(error)) return error instanceof Error ? error.message : String(error);
  if (error.status === 422 && error.errors.template_file !== undefined && templateFile !== null) {
    return `BigCommerce takes no widgets on ${templateFile} (${error.errors.template_file}); this page was not imported`;
  }
  return error.message;
}

type RegionCheck = { names: Set<string> } | { unreadable: string };

/**
 * Regions the target's theme has for a template file, read once per template file and channel. A failure is reported
 * as a warning, never as the page's failure: the publish call decides.
 */
function themeRegionReader(client: BigCommerceClient, signal: AbortSignal | undefined) {
  const cache = new Map<string, Promise<RegionCheck>>();
  return (templateFile: string, channelId: number): Promise<RegionCheck> => {
    const key = `${channelId}|${templateFile}`;
    let found = cache.get(key);
    if (!found) {
      found = client.regions
        .list(templateFile, { channelId, signal })
        .then((regions): RegionCheck => ({ names: new Set(regions.map((region) => region.name)) }))
        .catch((error: unknown): RegionCheck => ({
          unreadable: error instanceof Error ? error.message : String(error),
        }));
      cache.set(key, found);
    }
    return found;
  };
}

/** Warnings about regions holding widgets that the target's theme does not have. */
async function regionWarnings(
  page: { templateFile: string | null; channelId: number },
  rewritten: RewrittenPage,
  readRegions: ReturnType<typeof themeRegionReader>,
): Promise<string[]> {
  const filled = rewritten.regions.filter((region) => region.children?.length);
  if (filled.length === 0) return [];
  if (page.templateFile === null) {
    return filled
      .filter((region) => !region.name.endsWith('--global'))
      .map(
        (region) =>
          `Region "${region.name}" is not a global region (their names end in --global); BigCommerce may refuse it on the global page`,
      );
  }
  const theme = await readRegions(page.templateFile, page.channelId);
  if ('unreadable' in theme) {
    return [`The regions of the target theme's ${page.templateFile} could not be read: ${theme.unreadable}`];
  }
  return filled
    .filter((region) => !theme.names.has(region.name))
    .map((region) => {
      const read = snapshotRegionSchema.safeParse(region);
      const widgets = read.success ? listSnapshotWidgets([read.data]).length : 0;
      return `Region "${region.name}" is not in the target theme's ${page.templateFile}: its ${plural(widgets, 'widget')} will not show until the theme has it`;
    });
}

type SaveBackup = (page: {
  templateFile: string | null;
  entityId: string | null;
  channelId: number;
}) => Promise<{ id: string; widgets: number }>;

function backupSaver(
  client: BigCommerceClient,
  deps: Pick<ImportWidgetsDeps, 'backups' | 'owner' | 'now' | 'signal'>,
): SaveBackup {
  return async (page) => {
    const snapshot = await client.pageWidgets.get({
      channelId: page.channelId,
      templateFile: page.templateFile ?? undefined,
      entityId: page.entityId ?? undefined,
      signal: deps.signal,
    });
    const row = await deps.backups.save({
      owner: deps.owner,
      storeHash: client.storeHash,
      channelId: page.channelId,
      templateFile: page.templateFile,
      entityId: page.entityId,
      regions: snapshot.regions,
      now: deps.now?.() ?? new Date(),
    });
    return { id: row.id, widgets: widgetsIn(snapshot.regions) };
  };
}

/** The publish body: no template_file or entity_id for the global regions [PW publish]. */
function publishBody(
  page: { templateFile: string | null; entityId: string | null; channelId: number },
  regions: PublishPageWidgets['regions'],
): PublishPageWidgets {
  return {
    channel_id: page.channelId,
    ...(page.templateFile !== null ? { template_file: page.templateFile } : {}),
    ...(page.templateFile !== null && page.entityId !== null ? { entity_id: page.entityId } : {}),
    regions,
  };
}

/** Saves the page as it is, then publishes `rewritten`; fills `result`. */
async function backUpAndPublish(
  client: BigCommerceClient,
  page: { templateFile: string | null; entityId: string | null; channelId: number },
  rewritten: RewrittenPage,
  result: ImportWidgetsPageResult,
  saveBackup: SaveBackup,
  signal: AbortSignal | undefined,
): Promise<ImportWidgetsPageResult> {
  try {
    const backup = await saveBackup(page);
    result.backupId = backup.id;
    result.logs.push(
      `Saved the page's current content (${plural(backup.widgets, 'widget')}) as backup ${backup.id}`,
    );
  } catch (error) {
    result.error = `The page's current content could not be saved (${refusalMessage(error, page.templateFile)}), so it was not overwritten`;
    return result;
  }
  try {
    await client.pageWidgets.publish(publishBody(page, rewritten.regions), { signal });
  } catch (error) {
    result.error = refusalMessage(error, page.templateFile);
    return result;
  }
  const regions = rewritten.regions.filter((region) => region.children?.length).length;
  result.success = true;
  result.widgetsCount = rewritten.widgets;
  result.logs.push(
    `Wrote ${plural(rewritten.widgets, 'widget')} and ${plural(rewritten.layouts, 'layout')} in ${plural(regions, 'region')}`,
  );
  return result;
}

/** Why BigCommerce would refuse a page whatever its widgets (a widgetless template, an entity id that is no id). */
export function refusedUpFront(page: {
  templateFile: string | null;
  entityId: string | null;
}): string | null {
  const templateId = page.templateFile === null ? undefined : pageTemplateIdOf(page.templateFile);
  if (templateId !== undefined && WIDGETLESS_PAGE_TEMPLATE_IDS.includes(templateId)) {
    return `BigCommerce takes no widgets on ${page.templateFile}; this page was not imported`;
  }
  if (page.entityId !== null && !isEntityId(page.entityId)) {
    return `The entity id "${page.entityId}" is not a BigCommerce id (a positive whole number); this page was not imported`;
  }
  return null;
}

/** BigCommerce's per-page limits a rewritten page breaks, said plainly ("151 widgets (BigCommerce takes …)"). */
export function overPageLimits(rewritten: Pick<RewrittenPage, 'widgets' | 'layouts'>): string[] {
  const over: string[] = [];
  if (rewritten.widgets > PAGE_LIMITS.widgets) {
    over.push(`${rewritten.widgets} widgets (BigCommerce takes at most ${PAGE_LIMITS.widgets} per page)`);
  }
  if (rewritten.layouts > PAGE_LIMITS.layouts) {
    over.push(`${rewritten.layouts} layouts (BigCommerce takes at most ${PAGE_LIMITS.layouts} per page)`);
  }
  return over;
}

/** The widgets of a page's regions as BigCommerce answered them (0 when they do not read as regions). */
export function widgetsIn(regions: unknown): number {
  const read = snapshotRegionSchema.array().safeParse(regions);
  return read.success ? listSnapshotWidgets(read.data).length : 0;
}

async function importPage(
  client: BigCommerceClient,
  source: ImportPage,
  templates: TemplatePlan,
  tools: {
    saveBackup: SaveBackup;
    readRegions: ReturnType<typeof themeRegionReader>;
    signal: AbortSignal | undefined;
    exclusive: Exclusive | undefined;
  },
): Promise<ImportWidgetsPageResult> {
  const page = {
    templateFile: source.template_file,
    // The global regions have no entity (publish without template_file and entity_id).
    entityId: source.template_file === null ? null : source.entity_id,
    channelId: source.channel_id,
  };
  const result = emptyResult(page);
  if (source.template_file === null && source.entity_id !== null) {
    result.logs.push(`Entity id ${source.entity_id} ignored: the global regions belong to no entity`);
  }
  const refused = refusedUpFront(page);
  if (refused !== null) {
    result.error = refused;
    return result;
  }

  const rewritten = rewriteRegions(source.regions(), (uuid) => templates.resolve(page.channelId, uuid));
  result.skipped = rewritten.skipped.map(({ widget, region, template }) => ({ widget, region, template }));
  for (const skipped of rewritten.skipped) {
    result.logs.push(
      `MISSING: ${skipped.template} — widget "${skipped.widget}" in ${skipped.region} skipped (${skipped.reason})`,
    );
  }
  if (rewritten.unknownChildren > 0) {
    result.logs.push(
      `${plural(rewritten.unknownChildren, 'region child', 'region children')} neither widget nor layout left out`,
    );
  }
  if (rewritten.dropped.size > 0) {
    result.logs.push(
      `Not carried over (set by BigCommerce, or not taken by its publish call): ${describeDropped(rewritten.dropped)}`,
    );
  }
  if (rewritten.sourceIdWidgets.length > 0) {
    result.logs.push(
      `${plural(rewritten.sourceIdWidgets.length, 'widget')} keep ids of the source store's catalogue in their settings (productId…), as they are: ${[...new Set(rewritten.sourceIdWidgets)].join(', ')}`,
    );
  }

  const over = overPageLimits(rewritten);
  if (over.length > 0) {
    result.warnings.push(...over.map((text) => `Over BigCommerce's limit: ${text}`));
    result.error = `This page holds ${over.join(' and ')}, so it was not written`;
    return result;
  }

  const sourceWidgets = rewritten.widgets + rewritten.skipped.length;
  if (sourceWidgets > 0 && rewritten.widgets === 0) {
    result.error = `None of this page's ${plural(sourceWidgets, 'widget')} could be written (their templates are missing in the target), so the page was left as it was`;
    return result;
  }

  result.warnings.push(...(await regionWarnings(page, rewritten, tools.readRegions)));
  return writePage(client, page, result, tools.exclusive, () =>
    backUpAndPublish(client, page, rewritten, result, tools.saveBackup, tools.signal),
  );
}

/**
 * Runs a page's backup and publish as the only writer of that page in its store (with `exclusive`); another import
 * writing it past the wait is the page's error, not the whole import's.
 */
async function writePage(
  client: BigCommerceClient,
  page: { templateFile: string | null; entityId: string | null; channelId: number },
  result: ImportWidgetsPageResult,
  exclusive: Exclusive | undefined,
  write: () => Promise<ImportWidgetsPageResult>,
): Promise<ImportWidgetsPageResult> {
  if (!exclusive) return write();
  try {
    return await exclusive([pageLeaseKey(client.storeHash, page)], write, {
      onBusy: () => new AppError(ERROR_CODES.importBusy, PAGE_BUSY_MESSAGE),
      onWait: () => result.logs.push('Waited for another import into this store to finish writing this page'),
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === ERROR_CODES.importBusy)) throw error;
    result.error = error.message;
    return result;
  }
}

/** One page of a store: an import writing it twice would overwrite its own first content. */
export const importPageKey = (page: Pick<ImportPage, 'channel_id' | 'template_file' | 'entity_id'>) =>
  `${page.channel_id}|${page.template_file ?? ''}|${page.template_file === null ? '' : (page.entity_id ?? '')}`;

function duplicateResult(page: ImportPage, first: number): ImportWidgetsPageResult {
  const result = emptyResult({
    templateFile: page.template_file,
    entityId: page.template_file === null ? null : page.entity_id,
    channelId: page.channel_id,
  });
  result.error = `This page is also page ${first + 1} of this import, which writes it; BigCommerce keeps one content per page, so this one was not written`;
  return result;
}

/** Which source template uuids the pages of each channel use. */
export function templateUses(pages: readonly ImportPage[]): Map<number, Set<string>> {
  const uses = new Map<number, Set<string>>();
  for (const page of pages) {
    const used = uses.get(page.channel_id) ?? new Set<string>();
    for (const uuid of page.templateUuids) used.add(uuid);
    uses.set(page.channel_id, used);
  }
  return uses;
}

export async function importWidgets(
  client: BigCommerceClient,
  command: ImportWidgetsCommand,
  deps: ImportWidgetsDeps,
): Promise<
  ImportWidgetsResponse & { failedTemplates: NonNullable<ImportWidgetsResponse['failedTemplates']> }
> {
  const { signal } = deps;
  let done = 0;
  let total = command.pages.length;
  const report = (step: string) => deps.onProgress?.({ type: 'progress', done, total, step });
  if (deps.beforeWrite) {
    // The pages as the target holds them now, kept where Store History can show and restore them.
    // Each page is still backed up on its own before it is written, and not written when it cannot be read: a store
    // that does not answer for one page fails that page, not the whole import.
    const before = await deps
      .beforeWrite({
        pages: command.pages.map((page) => ({
          channelId: page.channel_id,
          templateFile: page.template_file,
          entityId: page.entity_id,
        })),
      })
      .catch((error: unknown) => ({ skipped: error instanceof Error ? error.message : String(error) }));
    report(
      'snapshotId' in before
        ? 'The pages as they were before this import are kept in Store History'
        : `No snapshot of the pages before this import: ${before.skipped}`,
    );
  }
  report("Reading the target's widget templates");

  const matcher = await matchTemplates(client, templateUses(command.pages), command.sourceWidgetTemplates, {
    autoCreate: command.autoCreateMissingTemplates,
    signal,
    exclusive: deps.exclusive,
  });
  total += matcher.plan.toCreate.length;
  report("Read the target's widget templates");
  const { created, failed } = await matcher.createMissing((step) => {
    done++;
    report(step);
  });

  const tools = {
    saveBackup: backupSaver(client, deps),
    readRegions: themeRegionReader(client, signal),
    signal,
    exclusive: deps.exclusive,
  };
  // One snapshot per page: a page that appears again in the same import would overwrite the first one's content.
  const firstAt = new Map<string, number>();
  const positions = command.pages.map((page, index) => {
    const key = importPageKey(page);
    if (!firstAt.has(key)) firstAt.set(key, index);
    return { page, index, first: firstAt.get(key)! };
  });
  const results = await mapPool(positions, PAGE_CONCURRENCY, async ({ page, index, first }) => {
    const result =
      first === index ? await importPage(client, page, matcher.plan, tools) : duplicateResult(page, first);
    done++;
    report(`${pageLabel(result.templateFile, result.entityId)}: ${result.success ? 'written' : 'failed'}`);
    return result;
  });
  return { results, createdTemplates: created, failedTemplates: failed };
}

/**
 * Publishes a saved snapshot back to its page (the same store, channel, template file and entity), after saving the
 * page as it is now: the restore's own backup. The uuids are the store's own, so nothing is remapped, and the layouts
 * keep their `layout_template_uuid`.
 */
export async function restorePage(
  client: BigCommerceClient,
  backup: PageBackupRow,
  deps: Pick<ImportWidgetsDeps, 'backups' | 'owner' | 'now' | 'signal' | 'exclusive'>,
): Promise<ImportWidgetsPageResult> {
  const page = { templateFile: backup.templateFile, entityId: backup.entityId, channelId: backup.channelId };
  const result = emptyResult(page);
  const regions = snapshotRegionSchema.array().safeParse(backup.regions);
  if (!regions.success) {
    result.error = 'The saved page could not be read';
    return result;
  }
  const rewritten = rewriteRegions(regions.data, (uuid) => ({ uuid }), { keepLayoutTemplate: true });
  result.logs.push(`Restoring the content saved at ${backup.createdAt.toISOString()} (backup ${backup.id})`);
  return writePage(client, page, result, deps.exclusive, () =>
    backUpAndPublish(client, page, rewritten, result, backupSaver(client, deps), deps.signal),
  );
}
