// Dump Widgets: page snapshots from the page-widgets API and the widget templates they use, as the widgets dump of
// common/dumps/widgets-dump.ts (spec part 1 §3; API-NOTES §6 (c)).
//
// Pages are read at once and the store's scheduler paces them (its concurrency cap and the rate-limit headers), so a
// dump uses the quota well and a 429 is retried inside the client, never shown. `sequential: true` sends one request
// after the other instead: the benchmark's baseline.
import { z } from 'zod';
import type { PlannedPage } from '../../../common/contracts/dump-widgets';
import {
  BIGCOMMERCE_ENTITY_TEMPLATE_IDS,
  ENTITY_KIND,
  STATIC_PAGE_TEMPLATE_IDS,
  WIDGETLESS_PAGE_TEMPLATE_IDS,
  needsEntityId,
  templateFileOf,
  type EntityPageTemplateId,
} from '../../../common/dumps/page-templates';
import {
  WIDGETS_DUMP_KIND,
  WIDGETS_DUMP_VERSION,
  listSnapshotWidgets,
  snapshotRegionSchema,
  summariseWidgetsDump,
  type DumpMode,
  type DumpedPage,
  type DumpedWidgetTemplate,
  type WidgetsDump,
} from '../../../common/dumps/widgets-dump';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type BigCommerceError,
  type WidgetTemplate,
} from '../../integrations/bigcommerce';

export type DumpWidgetsCommand = {
  channelId: number;
  dumpMode: DumpMode;
  /** Selected mode: the pages to read (template and entity id). Ignored in the other modes. */
  selected?: readonly PlannedPage[];
};

export type DumpWidgetsOptions = {
  now?: () => Date;
  signal?: AbortSignal;
  /** Called with the pages read so far and the pages planned: once at the start, then after each page. */
  onProgress?: (progress: { done: number; total: number }) => void;
  /** One request at a time, in order (the benchmark's baseline). */
  sequential?: boolean;
};

/**
 * A page to read; `template: null` is the global regions (the snapshot without template_file). `note` says how the
 * page was read when that differs from what was asked.
 */
type Plan = { template: PlannedPage['template'] | null; entityId: string | null; note?: string };

const takesEntityId = (template: PlannedPage['template']) =>
  (BIGCOMMERCE_ENTITY_TEMPLATE_IDS as readonly string[]).includes(template);

export function planPages(command: DumpWidgetsCommand): Plan[] {
  const global: Plan = { template: null, entityId: null };
  switch (command.dumpMode) {
    case 'global':
      return [global];
    case 'all':
      return [global, ...STATIC_PAGE_TEMPLATE_IDS.map((template) => ({ template, entityId: null }))];
    case 'selected':
      return planSelected(command.selected ?? []);
  }
}

/**
 * The selected pages. A template that needs an entity id in the spec's checklist but takes none at BigCommerce
 * (blog-post: its widgets are placed on the template, for every post) is read once without `entity_id`, where its
 * first id stood, with a note naming the ids asked for.
 */
function planSelected(selected: readonly PlannedPage[]): Plan[] {
  const plans: Plan[] = [];
  const folded = new Map<PlannedPage['template'], { plan: Plan; ids: string[] }>();
  for (const page of selected) {
    if (page.entityId === null || takesEntityId(page.template)) {
      plans.push({ template: page.template, entityId: page.entityId });
      continue;
    }
    const seen = folded.get(page.template);
    if (seen) {
      seen.ids.push(page.entityId);
      continue;
    }
    const plan: Plan = { template: page.template, entityId: null };
    folded.set(page.template, { plan, ids: [page.entityId] });
    plans.push(plan);
  }
  for (const [template, { plan, ids }] of folded) {
    plan.note = `${templateFileOf(template)}: BigCommerce places these widgets on the template for every ${ENTITY_KIND[template as EntityPageTemplateId] ?? 'entity'}, not per entity, so the page was read once without entity_id (asked for entity ${ids.join(', ')})`;
  }
  return plans;
}

/**
 * A refusal that concerns this one page (invalid template file, entity id the store does not take, a page too
 * large…): a 4xx other than a wrong token, a missing scope or the rate limit, which would fail every page alike.
 */
function isPageRefusal(error: unknown): error is BigCommerceError {
  if (!isBigCommerceError(error) || error.status === undefined) return false;
  if (error.status < 400 || error.status >= 500) return false;
  return !['bc_unauthorized', 'bc_forbidden_scope', 'bc_rate_limited', 'bc_busy'].includes(error.code);
}

function refusalNote(plan: Plan, error: BigCommerceError): string {
  const widgetless = plan.template !== null && WIDGETLESS_PAGE_TEMPLATE_IDS.includes(plan.template);
  if (widgetless && (error.status === 400 || error.status === 422)) {
    return `${pageLabel(plan)}: BigCommerce takes no widgets on this template; skipped`;
  }
  return `${pageLabel(plan)}: the store refused this page (${error.message}); skipped`;
}

async function runEach<T, R>(
  items: readonly T[],
  sequential: boolean,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  if (!sequential) return Promise.all(items.map(work));
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

const isNotFound = (error: unknown) => isBigCommerceError(error) && error.code === 'bc_not_found';

const namedSchema = z.looseObject({ name: z.string() });
const blogPostSchema = z.looseObject({ title: z.string() });

type EntityLookup = { exists: true; name: string | null; note?: string } | { exists: false };

/**
 * The entity's name, or that it does not exist (404). Blog posts are read from `/v2/blog/posts/{id}`; a store (or
 * the sandbox) that does not serve it only loses the name, the page is still read.
 */
async function lookUpEntity(
  client: BigCommerceClient,
  template: EntityPageTemplateId,
  entityId: string,
  signal: AbortSignal | undefined,
): Promise<EntityLookup> {
  const id = Number(entityId);
  try {
    switch (template) {
      case 'product': {
        const product = await client.products.get(id, { query: { include_fields: 'name' }, signal });
        return { exists: true, name: product.name ?? null };
      }
      case 'category': {
        const page = await client.categories.list({ query: { 'category_id:in': id }, limit: 1, signal });
        const category = page.items[0];
        return category ? { exists: true, name: category.name ?? null } : { exists: false };
      }
      case 'brand':
        return { exists: true, name: (await client.brands.get(id, { signal })).name };
      case 'page':
        return {
          exists: true,
          name: (await client.http.get(`/v3/content/pages/${id}`, { schema: namedSchema, signal })).name,
        };
      case 'blog-post':
        try {
          const post = await client.http.get(`/v2/blog/posts/${id}`, { schema: blogPostSchema, signal });
          return { exists: true, name: post.title };
        } catch (error) {
          if (isNotFound(error)) return { exists: true, name: null };
          throw error;
        }
    }
  } catch (error) {
    if (isNotFound(error)) return { exists: false };
    if (isBigCommerceError(error) && error.code === 'bc_forbidden_scope') {
      return {
        exists: true,
        name: null,
        note: `${templateFileOf(template)} ${entityId}: the API token may not read ${ENTITY_KIND[template]}s, so the name is left out`,
      };
    }
    throw error;
  }
}

function pageLabel(plan: Plan): string {
  if (plan.template === null) return 'Global regions';
  const file = templateFileOf(plan.template);
  return plan.entityId === null ? file : `${file} (entity ${plan.entityId})`;
}

type PageOutcome = { page?: DumpedPage; notes: string[] };

async function readPage(
  client: BigCommerceClient,
  plan: Plan,
  channelId: number,
  signal: AbortSignal | undefined,
): Promise<PageOutcome> {
  const notes: string[] = plan.note ? [plan.note] : [];
  let entityName: string | null = null;
  if (plan.template !== null && plan.entityId !== null && needsEntityId(plan.template)) {
    let entity: EntityLookup;
    try {
      entity = await lookUpEntity(client, plan.template, plan.entityId, signal);
    } catch (error) {
      if (!isPageRefusal(error)) throw error;
      return { notes: [...notes, refusalNote(plan, error)] };
    }
    if (!entity.exists) {
      return {
        notes: [
          `${pageLabel(plan)}: no ${ENTITY_KIND[plan.template]} with id ${plan.entityId} exists in the store; skipped`,
        ],
      };
    }
    entityName = entity.name;
    if (entity.note) notes.push(entity.note);
  }
  const templateFile = plan.template === null ? null : templateFileOf(plan.template);
  let snapshot;
  try {
    snapshot = await client.pageWidgets.get({
      channelId,
      templateFile: templateFile ?? undefined,
      entityId: plan.entityId ?? undefined,
      signal,
    });
  } catch (error) {
    // One page the store refuses is a note; the rest of the dump completes (issue 11, point 1).
    if (!isPageRefusal(error)) throw error;
    notes.push(refusalNote(plan, error));
    return { notes };
  }
  const regions = snapshot.regions.map((region) => snapshotRegionSchema.parse(region));
  if (listSnapshotWidgets(regions).length === 0) {
    notes.push(`${pageLabel(plan)}: no widgets on channel ${channelId}; skipped`);
    return { notes };
  }
  return {
    notes,
    page: {
      template_file: templateFile,
      entity_id: plan.entityId,
      entity_name: entityName,
      channel_id: channelId,
      snapshot: { ...snapshot, regions },
    },
  };
}

function toDumpedTemplate(template: WidgetTemplate): DumpedWidgetTemplate {
  return {
    uuid: template.uuid,
    name: template.name,
    kind: template.kind ?? 'custom',
    template: template.template ?? '',
    schema: template.schema ?? null,
    storefront_api_query: template.storefront_api_query ?? null,
  };
}

/**
 * The widget templates with these uuids: one paginated list of the channel's templates, then a direct read of any uuid
 * the list did not hold (whether `channel_id:in` lists the built-ins, whose `channel_id` is 0, is not documented:
 * widgets.v3.yml:604-613, 999-1024).
 */
async function readWidgetTemplates(
  client: BigCommerceClient,
  listing: Promise<WidgetTemplate[]>,
  uuids: readonly string[],
  sequential: boolean,
  signal: AbortSignal | undefined,
): Promise<{ templates: DumpedWidgetTemplate[]; notes: string[] }> {
  const byUuid = new Map((await listing).map((template) => [template.uuid, template]));
  const notes: string[] = [];
  const missing = uuids.filter((uuid) => !byUuid.has(uuid));
  await runEach(missing, sequential, async (uuid) => {
    try {
      byUuid.set(uuid, await client.widgetTemplates.get(uuid, { signal }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      notes.push(`Widget template ${uuid}: not found in the store; left out of widgetTemplates`);
    }
  });
  const templates = uuids
    .map((uuid) => byUuid.get(uuid))
    .filter((template): template is WidgetTemplate => template !== undefined)
    .map(toDumpedTemplate)
    .sort((a, b) => a.name.localeCompare(b.name) || a.uuid.localeCompare(b.uuid));
  return { templates, notes };
}

export async function dumpWidgets(
  client: BigCommerceClient,
  command: DumpWidgetsCommand,
  options: DumpWidgetsOptions = {},
): Promise<WidgetsDump> {
  const { signal, sequential = false } = options;
  const plans = planPages(command);
  let done = 0;
  options.onProgress?.({ done, total: plans.length });

  const listTemplates = () =>
    client.widgetTemplates.listAll({
      query: { 'channel_id:in': command.channelId },
      signal,
      ...(sequential ? { prefetch: 1 } : {}),
    });
  // In parallel mode the template list is read alongside the pages; marked handled now, awaited below.
  const earlyListing = sequential ? undefined : listTemplates();
  void earlyListing?.catch(() => undefined);

  const outcomes = await runEach(plans, sequential, async (plan) => {
    const outcome = await readPage(client, plan, command.channelId, signal);
    done++;
    options.onProgress?.({ done, total: plans.length });
    return outcome;
  });

  const pages = outcomes.flatMap((outcome) => (outcome.page ? [outcome.page] : []));
  const notes = outcomes.flatMap((outcome) => outcome.notes);
  const uuids = [
    ...new Set(
      pages.flatMap((page) =>
        listSnapshotWidgets(page.snapshot.regions).flatMap((widget) =>
          widget.widget_template_uuid ? [widget.widget_template_uuid] : [],
        ),
      ),
    ),
  ];
  let widgetTemplates: DumpedWidgetTemplate[] = [];
  if (uuids.length > 0) {
    const read = await readWidgetTemplates(
      client,
      earlyListing ?? listTemplates(),
      uuids,
      sequential,
      signal,
    );
    widgetTemplates = read.templates;
    notes.push(...read.notes);
  }

  return {
    formatVersion: WIDGETS_DUMP_VERSION,
    kind: WIDGETS_DUMP_KIND,
    dumpedAt: (options.now?.() ?? new Date()).toISOString(),
    storeHash: client.storeHash,
    channelId: command.channelId,
    dumpMode: command.dumpMode,
    templates: pages,
    widgetTemplates,
    summary: summariseWidgetsDump(pages, widgetTemplates),
    notes,
  };
}
