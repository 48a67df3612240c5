// Which target widget template each source widget uses (spec part 1 §4: compared by name, case-insensitively), and the
// missing custom templates created first when auto-create is on (API-NOTES §6 (e).1, §6 (e).4).
//
// Templates are read per channel, and the channel is always sent: a custom template belongs to one channel and only
// pages of that channel may use it, and a create without `channel_id` lands on "the first channel created on the
// store" (widgets.v3.yml:1294-1296). A source widget's `widget_template_uuid` leads to the dump's template, its name to
// the target's template of that name (the same uuid first when both have it, then the same kind). A uuid the dump does
// not describe still works when the target has that very uuid (same store, or a built-in with a shared uuid).
//
// Built-ins serve every channel but carry `channel_id: 0` (widgets.v3.yml:999-1024), and whether `channel_id:in`
// (604-613) lists them is not documented. So a built-in, or an undescribed uuid, that the channel's list lacks is
// looked up before it is called MISSING: by uuid (`GET /content/widget-templates/{uuid}`, 170-186), then, for a
// built-in of the dump, among the store's templates of its kind (`widget_template_kind`, 498-504) by name, since a
// built-in's uuid may differ between stores.
//
// Template names are not unique at BigCommerce (API-NOTES §7.8), so a create that failed without a clear answer (a 5xx
// or a dropped connection after it was sent) is never sent blindly again: the channel's templates are read and a new
// one of that name is taken as the create that landed (`createOnce`). Two imports into one store at once (issue 29):
// with `exclusive`, a missing template is created holding the lease of its name on its channel, after reading the
// channel again, so one that the other import created meanwhile is used instead of being created twice.
import type { DumpedWidgetTemplate } from '../../../common/dumps/widgets-dump';
import { ERROR_CODES } from '../../../common/errors';
import type { Exclusive } from '../../db/lease';
import { AppError } from '../../errors';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type WidgetTemplate,
} from '../../integrations/bigcommerce';
import { createOnce } from '../../integrations/bigcommerce/resource-api';
import type { TemplateResolution } from './import-widgets.rewrite';

/**
 * A widget template of the dump: what matching needs, and its whole description, read only for a template that is
 * created (a large import holds the others as the JSON they came in: import-widgets.request.ts).
 */
export type SourceTemplate = Pick<DumpedWidgetTemplate, 'uuid' | 'name' | 'kind'> & {
  read: () => DumpedWidgetTemplate;
};

/** A template held as an object (tests, and callers that have the template already). */
export function inMemoryTemplate(template: DumpedWidgetTemplate): SourceTemplate {
  return { uuid: template.uuid, name: template.name, kind: template.kind, read: () => template };
}

/** Said on a template that another import kept creating past the wait. */
export const TEMPLATE_BUSY_MESSAGE =
  'Another import into this store is creating this widget template. Please wait for it to end and try again.';

/** The lease of a custom template name on a channel of a store (names compare case-insensitively). */
export function templateLeaseKey(storeHash: string, channelId: number, name: string): string {
  return `import-widgets:${storeHash}:template:${channelId}:${nameKey(name)}`;
}

export type CreatedTemplate = { name: string; sourceUuid: string; uuid: string; channelId: number };
export type FailedTemplate = { name: string; sourceUuid: string; channelId: number; error: string };

const CUSTOM = 'custom';
const kindOf = (template: { kind?: string | undefined }) => template.kind ?? CUSTOM;
const nameKey = (name: string) => name.trim().toLowerCase();

type ChannelTemplates = { byUuid: Map<string, WidgetTemplate>; byName: Map<string, WidgetTemplate[]> };

function indexTemplates(templates: readonly WidgetTemplate[]): ChannelTemplates {
  const byUuid = new Map<string, WidgetTemplate>();
  const byName = new Map<string, WidgetTemplate[]>();
  for (const template of templates) {
    byUuid.set(template.uuid, template);
    const key = nameKey(template.name);
    byName.set(key, [...(byName.get(key) ?? []), template]);
  }
  return { byUuid, byName };
}

/** The target template for a source template: same name; among several, the same uuid, then the same kind. */
function matchByName(target: ChannelTemplates, source: SourceTemplate): WidgetTemplate | undefined {
  const candidates = target.byName.get(nameKey(source.name)) ?? [];
  return (
    candidates.find((template) => template.uuid === source.uuid) ??
    candidates.find((template) => kindOf(template) === source.kind) ??
    candidates[0]
  );
}

/** A template the store has, or, when it could not be read, why. */
type LookupResult = { template: WidgetTemplate } | { none: true } | { unreadable: string };

/**
 * Finds a built-in (or an undescribed uuid) that a channel's list lacks: by uuid, then a built-in of the dump by kind
 * and name. Each uuid and kind is read once per import; a failed read makes the template missing, with the reason.
 */
function templateLookup(client: BigCommerceClient, signal: AbortSignal | undefined) {
  const byUuid = new Map<string, Promise<LookupResult>>();
  const byKind = new Map<string, Promise<WidgetTemplate[] | { unreadable: string }>>();
  const unreadable = (error: unknown) => {
    if (!isBigCommerceError(error)) throw error;
    return { unreadable: error.message };
  };
  const once = <T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    const found = cache.get(key) ?? read();
    cache.set(key, found);
    return found;
  };
  const readUuid = (uuid: string) =>
    once(byUuid, uuid, () =>
      client.widgetTemplates.get(uuid, { signal }).then(
        (template): LookupResult => ({ template }),
        (error: unknown): LookupResult =>
          // 404: no such template; 422: not a uuid this store takes (the sandbox's answer to a malformed one).
          isBigCommerceError(error) && (error.status === 404 || error.status === 422)
            ? { none: true }
            : unreadable(error),
      ),
    );
  const readKind = (kind: string) =>
    once(byKind, kind, () =>
      client.widgetTemplates.listAll({ query: { widget_template_kind: kind }, signal }).catch(unreadable),
    );
  const why = (read: { unreadable: string } | object) =>
    'unreadable' in read ? ` (it could not be read: ${read.unreadable})` : '';

  return async (
    sourceUuid: string,
    source: SourceTemplate | undefined,
    channelId: number,
  ): Promise<TemplateResolution> => {
    const direct = await readUuid(sourceUuid);
    // A custom template the channel's list lacks belongs to another channel: pages of this one cannot use it.
    if ('template' in direct && kindOf(direct.template) !== CUSTOM) return { uuid: direct.template.uuid };
    if (!source) {
      return {
        missing: sourceUuid,
        reason:
          'template' in direct
            ? `the target's template with this uuid ("${direct.template.name}") belongs to ${
                direct.template.channel_id === undefined
                  ? 'another channel'
                  : `channel ${direct.template.channel_id}`
              }, not channel ${channelId}`
            : `the file does not describe this widget template and the target has no template with its uuid${why(direct)}`,
      };
    }
    const ofKind = await readKind(kindOf(source));
    const named = Array.isArray(ofKind)
      ? ofKind.find(
          (template) =>
            kindOf(template) === kindOf(source) && nameKey(template.name) === nameKey(source.name),
        )
      : undefined;
    if (named) return { uuid: named.uuid };
    return {
      missing: source.name,
      reason: `the built-in template (${source.kind}) does not exist in the target store: neither its uuid nor its kind and name were found${why(direct)}${Array.isArray(ofKind) ? '' : why(ofKind)}`,
    };
  };
}

export type TemplatePlan = {
  /** The resolution of one source uuid on one channel. */
  resolve: (channelId: number, sourceUuid: string) => TemplateResolution;
  /** Missing custom templates to create, per channel, one per name. */
  toCreate: { channelId: number; source: SourceTemplate }[];
};

export type TemplateMatcher = {
  plan: TemplatePlan;
  /** Creates the missing custom templates (auto-create), one after the other; `onCreated` after each attempt. */
  createMissing: (onStep: (label: string) => void) => Promise<{
    created: CreatedTemplate[];
    failed: FailedTemplate[];
  }>;
};

/**
 * Reads the target's templates on every channel in `uses` (channel → source uuids its pages use) and plans the
 * mapping. Nothing is written until `createMissing`.
 */
export async function matchTemplates(
  client: BigCommerceClient,
  uses: ReadonlyMap<number, ReadonlySet<string>>,
  sourceTemplates: readonly SourceTemplate[],
  options: { autoCreate: boolean; signal?: AbortSignal | undefined; exclusive?: Exclusive | undefined },
): Promise<TemplateMatcher> {
  const sourceByUuid = new Map(sourceTemplates.map((template) => [template.uuid, template]));
  const channels = [...uses.keys()];
  const listings = await Promise.all(
    channels.map((channelId) =>
      client.widgetTemplates.listAll({ query: { 'channel_id:in': channelId }, signal: options.signal }),
    ),
  );
  const targets = new Map(channels.map((channelId, i) => [channelId, indexTemplates(listings[i] ?? [])]));
  /** Per channel: source uuid → resolution, filled as templates are found or created. */
  const resolved = new Map<number, Map<string, TemplateResolution>>();
  const toCreate: TemplatePlan['toCreate'] = [];
  const lookUp = templateLookup(client, options.signal);

  for (const [channelId, sourceUuids] of uses) {
    const target = targets.get(channelId) ?? indexTemplates([]);
    const onChannel = new Map<string, TemplateResolution>();
    const planned = new Set<string>();
    for (const sourceUuid of sourceUuids) {
      const source = sourceByUuid.get(sourceUuid);
      const match = source ? matchByName(target, source) : undefined;
      const sameUuid = target.byUuid.get(sourceUuid);
      if (match ?? sameUuid) {
        onChannel.set(sourceUuid, { uuid: (match ?? sameUuid)!.uuid });
        continue;
      }
      if (!source || kindOf(source) !== CUSTOM) {
        onChannel.set(sourceUuid, await lookUp(sourceUuid, source, channelId));
        continue;
      }
      onChannel.set(sourceUuid, {
        missing: source.name,
        reason: options.autoCreate
          ? 'the custom template could not be created'
          : 'the custom template is missing in the target and auto-create is off',
      });
      if (options.autoCreate && !planned.has(nameKey(source.name))) {
        planned.add(nameKey(source.name));
        toCreate.push({ channelId, source });
      }
    }
    resolved.set(channelId, onChannel);
  }

  const plan: TemplatePlan = {
    resolve: (channelId, sourceUuid) =>
      resolved.get(channelId)?.get(sourceUuid) ?? {
        missing: sourceUuid,
        reason: 'the widget template is unknown',
      },
    toCreate,
  };

  /** A custom template of this name on the channel that was not there when the channel was read, or undefined. */
  const findNew = async (channelId: number, name: string) => {
    const known = targets.get(channelId)?.byUuid ?? new Map<string, WidgetTemplate>();
    return (
      await client.widgetTemplates.listAll({
        query: { 'channel_id:in': channelId, widget_template_kind: CUSTOM },
        signal: options.signal,
      })
    ).find(
      (found) => !known.has(found.uuid) && kindOf(found) === CUSTOM && nameKey(found.name) === nameKey(name),
    );
  };

  /**
   * Creates one missing template; with `exclusive`, as the only import creating that name on that channel of the
   * store, and not at all when another import created it since the channel was read (then that one is used).
   */
  const createOne = async (channelId: number, source: SourceTemplate) => {
    const create = async () => {
      const full = source.read();
      const body = {
        name: full.name,
        template: full.template,
        ...(Array.isArray(full.schema) ? { schema: full.schema } : {}),
        ...(full.storefront_api_query ? { storefront_api_query: full.storefront_api_query } : {}),
        channel_id: channelId,
      };
      const template = await createOnce(
        () => client.widgetTemplates.create(body, { signal: options.signal }),
        // After an uncertain failure: a custom template of that name the channel did not have before is ours.
        () => findNew(channelId, source.name),
      );
      return { template, createdHere: true };
    };
    if (!options.exclusive) return create();
    return options.exclusive(
      [templateLeaseKey(client.storeHash, channelId, source.name)],
      async () => {
        const there = await findNew(channelId, source.name);
        return there ? { template: there, createdHere: false } : create();
      },
      { onBusy: () => new AppError(ERROR_CODES.importBusy, TEMPLATE_BUSY_MESSAGE) },
    );
  };

  const createMissing: TemplateMatcher['createMissing'] = async (onStep) => {
    const created: CreatedTemplate[] = [];
    const failed: FailedTemplate[] = [];
    for (const { channelId, source } of toCreate) {
      try {
        const { template, createdHere } = await createOne(channelId, source);
        if (createdHere) {
          created.push({ name: source.name, sourceUuid: source.uuid, uuid: template.uuid, channelId });
        }
        // Every source uuid of this name on the channel now resolves to the new template.
        const onChannel = resolved.get(channelId);
        for (const [sourceUuid, resolution] of onChannel ?? []) {
          const other = sourceByUuid.get(sourceUuid);
          if ('missing' in resolution && other && nameKey(other.name) === nameKey(source.name)) {
            onChannel?.set(sourceUuid, { uuid: template.uuid });
          }
        }
        onStep(
          createdHere
            ? `Created widget template: ${source.name}`
            : `Widget template created meanwhile by another import: ${source.name}`,
        );
      } catch (error) {
        const busy = error instanceof AppError && error.code === ERROR_CODES.importBusy;
        if (!isBigCommerceError(error) && !busy) throw error;
        const message = (error as Error).message;
        failed.push({ name: source.name, sourceUuid: source.uuid, channelId, error: message });
        const onChannel = resolved.get(channelId);
        for (const [sourceUuid, resolution] of onChannel ?? []) {
          const other = sourceByUuid.get(sourceUuid);
          if ('missing' in resolution && other && nameKey(other.name) === nameKey(source.name)) {
            onChannel?.set(sourceUuid, {
              missing: source.name,
              reason: `the custom template could not be created: ${message}`,
            });
          }
        }
        onStep(`Could not create widget template: ${source.name}`);
      }
    }
    return { created, failed };
  };

  return { plan, createMissing };
}
