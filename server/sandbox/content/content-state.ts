// In-memory content of one sandbox store: widget templates (with versions), widgets, placements, page snapshots and
// web pages. Methods take bodies already shaped by ./schemas and check what needs the store: references, channels,
// template files, limits. Failures throw BcApiError, which the sandbox app's onError renders as BigCommerce's body.
import { randomUUID } from 'node:crypto';
import { isEntityId } from '../../../common/dumps/page-templates';
import { BcApiError } from '../envelope';
import { BUILT_IN_DATE, BUILT_IN_TEMPLATES, LAYOUT_TEMPLATE_UUID } from './built-in-templates';
import { BlogPosts, type BlogPostsSnapshot } from './blog-posts';
import { findHandlebarsProblem } from './handlebars-check';
import { Redirects, type RedirectsSnapshot } from './redirects';
import type { StorefrontContext } from './storefront-context';
import { WebPages, type WebPage, type WebPageFilter } from './web-pages';
import type {
  CreatePlacementBody,
  CreateWidgetBody,
  PageLayoutBody,
  PageWidgetBody,
  PublishPageBody,
  UpdatePlacementBody,
  UpdateWidgetBody,
} from './schemas';
import {
  GLOBAL_REGIONS,
  acceptsEntityId,
  isGlobalRegion,
  isKnownTemplateFile,
  pageRegionNames,
  themeRegionNames,
} from './template-files';
import type {
  JsonObject,
  PageAddress,
  PageLayout,
  PageRegion,
  PageSnapshot,
  PageWidget,
  PlacementView,
  RegionChild,
  WidgetTemplateView,
  WidgetView,
} from './types';

/** Limits from [WID] and doc:docs/storefront/widgets (API-NOTES §6 (e) and §7.8). */
export const CONTENT_LIMITS = {
  customTemplatesPerChannel: 1000,
  customTemplatesPerStore: 5000,
  widgetsPerStore: 100_000,
  widgetsPerPage: 150,
  layoutsPerPage: 150,
  placementsPerTemplateFile: 75,
  placementsPerStore: 10_000,
  widgetConfigurationBytes: 64 * 1024,
} as const;

/** Body of a template create; the UI schema is checked by ./schemas before it gets here. */
export type TemplateInput = {
  name: string;
  template: string;
  schema?: readonly unknown[];
  storefront_api_query?: string;
  channel_id?: number;
};

export type TemplateUpdate = Partial<TemplateInput> & { create_new_version?: boolean };

export type IdSource = { now: () => Date; newUuid: () => string };

export type ContentStateOptions = {
  /** Channels of the store; the first is the default ("the first channel created on the store"). */
  channelIds: readonly number[];
  /** Overrides the check against `channelIds`, for stores whose channels change after the state is built. */
  isKnownChannel?: (channelId: number) => boolean;
  ids?: IdSource;
  /** Used in site URLs (redirects' `to_url`); defaults to `sandbox-demo`. */
  storeHash?: string;
  /** The storefront path of a catalogue object, for redirects' `to_url` (the plugin reads the store's catalogue). */
  catalogPath?: StorefrontContext['catalogPath'];
};

type TemplateVersion = {
  version_uuid: string;
  name: string;
  schema: unknown[];
  template: string;
  storefront_api_query: string;
};

type StoredTemplate = {
  uuid: string;
  kind: string;
  channel_id: number;
  icon_name: string;
  client_rerender: boolean;
  date_created: string;
  date_modified: string;
  current_version_uuid: string;
  versions: Map<string, TemplateVersion>;
};

type StoredWidget = {
  uuid: string;
  name: string;
  description: string;
  widget_configuration: JsonObject;
  storefront_api_query_params: JsonObject;
  widget_template_uuid: string;
  version_uuid: string;
  channel_id: number;
  date_created: string;
  date_modified: string;
};

/** A placement as kept: its widget by uuid, embedded only when answered (placementView). */
type StoredPlacement = Omit<PlacementView, 'widget'> & { widget_uuid: string };

export type TemplateFilter = { kind?: string; channelIds?: readonly number[] };
export type WidgetFilter = TemplateFilter & {
  templateUuid?: string;
  name?: string;
  names?: readonly string[];
};
export type PlacementFilter = TemplateFilter & {
  templateFile?: string;
  widgetUuid?: string;
  templateUuid?: string;
};

const systemIds: IdSource = { now: () => new Date(), newUuid: () => randomUUID() };

function pageKey(address: PageAddress): string {
  return `${address.channel_id}|${address.template_file}|${address.entity_id}`;
}

function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function notFound(what: string): BcApiError {
  return new BcApiError(404, `${what} not found`);
}

/** The content of one store as `saveState` gives it and `loadState` takes it. */
export type ContentSnapshot = {
  templates: Map<string, StoredTemplate>;
  widgets: Map<string, StoredWidget>;
  placements: Map<string, StoredPlacement>;
  snapshots: Map<string, PageSnapshot>;
  webPages: Map<number, WebPage>;
  /** Absent from snapshots made before web pages were writable and blog posts and redirects existed. */
  storefront?: { webPageNextId: number; blogPosts: BlogPostsSnapshot; redirects: RedirectsSnapshot };
};

export class ContentState {
  private readonly templates = new Map<string, StoredTemplate>();
  private readonly widgets = new Map<string, StoredWidget>();
  private readonly placements = new Map<string, StoredPlacement>();
  private readonly snapshots = new Map<string, PageSnapshot>();
  /** Web pages (pages.v3.yml), blog posts (store_content.v2.yml) and redirects (redirects.v3.yml). */
  readonly webPages: WebPages;
  readonly blogPosts: BlogPosts;
  readonly redirects: Redirects;
  private readonly baseIds: IdSource;
  private ids: IdSource;

  constructor(private readonly options: ContentStateOptions) {
    this.baseIds = options.ids ?? systemIds;
    this.ids = this.baseIds;
    const context: StorefrontContext = {
      defaultChannelId: () => this.defaultChannelId,
      isKnownChannel: (channelId) => this.isKnownChannel(channelId),
      channelIds: () => (options.channelIds.length > 0 ? options.channelIds : [1]),
      now: () => this.ids.now(),
      storeHash: () => options.storeHash ?? 'sandbox-demo',
      catalogPath: (kind, id) => options.catalogPath?.(kind, id),
    };
    this.webPages = new WebPages(context);
    this.blogPosts = new BlogPosts(context);
    this.redirects = new Redirects(context, {
      page: (id) => this.webPages.list({ ids: [id] })[0]?.url,
      post: (id) => this.blogPosts.list().find((post) => post.id === id)?.url,
    });
    for (const builtIn of BUILT_IN_TEMPLATES) {
      const { uuid, current_version_uuid, kind, icon_name, ...content } = builtIn;
      this.templates.set(uuid, {
        uuid,
        kind,
        channel_id: 0,
        icon_name,
        client_rerender: false,
        date_created: BUILT_IN_DATE,
        date_modified: BUILT_IN_DATE,
        current_version_uuid,
        versions: new Map([[current_version_uuid, { version_uuid: current_version_uuid, ...content }]]),
      });
    }
  }

  /** Everything the state holds, for a snapshot of the store (structured-clone friendly: maps of plain objects). */
  saveState(): ContentSnapshot {
    return {
      templates: this.templates,
      widgets: this.widgets,
      placements: this.placements,
      snapshots: this.snapshots,
      webPages: this.webPages.save().pages,
      storefront: {
        webPageNextId: this.webPages.save().nextId,
        blogPosts: this.blogPosts.save(),
        redirects: this.redirects.save(),
      },
    };
  }

  /** Replaces everything the state holds with a snapshot `saveState` made (and that the caller no longer uses). */
  loadState(saved: ContentSnapshot): void {
    const refill = <K, V>(target: Map<K, V>, source: Map<K, V>) => {
      target.clear();
      for (const [key, value] of source) target.set(key, value);
    };
    refill(this.templates, saved.templates);
    refill(this.widgets, saved.widgets);
    refill(this.placements, saved.placements);
    refill(this.snapshots, saved.snapshots);
    this.webPages.load(saved.webPages, saved.storefront?.webPageNextId);
    // An older snapshot has no blog posts or redirects: the seed's stay.
    if (saved.storefront) {
      this.blogPosts.load(saved.storefront.blogPosts);
      this.redirects.load(saved.storefront.redirects);
    }
  }

  /** Swaps the clock and UUID source; without an argument, goes back to the one the state was built with. */
  useIds(ids?: IdSource): void {
    this.ids = ids ?? this.baseIds;
  }

  get defaultChannelId(): number {
    return this.options.channelIds[0] ?? 1;
  }

  private timestamp(): string {
    return this.ids.now().toISOString();
  }

  isKnownChannel(channelId: number): boolean {
    return this.options.isKnownChannel
      ? this.options.isKnownChannel(channelId)
      : this.options.channelIds.includes(channelId) ||
          (this.options.channelIds.length === 0 && channelId === 1);
  }

  private resolveChannel(channelId: number | undefined): number {
    if (channelId === undefined) return this.defaultChannelId;
    if (!this.isKnownChannel(channelId)) {
      throw new BcApiError(422, `Channel ${channelId} does not exist`, {
        channel_id: 'channel_id must be the id of an existing channel',
      });
    }
    return channelId;
  }

  // ---- widget templates ---------------------------------------------------------------------------------------

  private templateView(
    template: StoredTemplate,
    versionUuid = template.current_version_uuid,
  ): WidgetTemplateView {
    const version = template.versions.get(versionUuid);
    if (!version) throw notFound('Widget template version');
    return structuredClone({
      uuid: template.uuid,
      name: version.name,
      schema: version.schema,
      template: version.template,
      storefront_api_query: version.storefront_api_query,
      kind: template.kind,
      channel_id: template.channel_id,
      client_rerender: template.client_rerender,
      template_engine: 'handlebars_v3' as const,
      icon_name: template.icon_name,
      current_version_uuid: template.current_version_uuid,
      date_created: template.date_created,
      date_modified: template.date_modified,
    });
  }

  private storedTemplate(uuid: string): StoredTemplate {
    const template = this.templates.get(uuid);
    if (!template) throw notFound('Widget template');
    return template;
  }

  /** Built-in templates (channel 0) belong to every channel. */
  private static templateOnChannel(template: StoredTemplate, channelId: number): boolean {
    return template.channel_id === 0 || template.channel_id === channelId;
  }

  private static matchesChannels(channelId: number, channelIds: readonly number[] | undefined): boolean {
    return !channelIds || channelId === 0 || channelIds.includes(channelId);
  }

  /**
   * `channel_id:in` keeps the templates whose `channel_id` is listed, and nothing else: the parameter is "A
   * comma-separated list of channel ids to filter the results by" (widgets.v3.yml:135, 604-613) and built-ins carry
   * `channel_id: 0` (the example at 999-1024). Whether BigCommerce adds its built-ins to a channel's list is not
   * documented, so the sandbox does not: a client must find a built-in by uuid (`GET /widget-templates/{uuid}`).
   */
  listTemplates(filter: TemplateFilter = {}): WidgetTemplateView[] {
    return [...this.templates.values()]
      .filter((template) => filter.kind === undefined || template.kind === filter.kind)
      .filter((template) => !filter.channelIds || filter.channelIds.includes(template.channel_id))
      .map((template) => this.templateView(template));
  }

  getTemplate(uuid: string, versionUuid?: string): WidgetTemplateView {
    return this.templateView(this.storedTemplate(uuid), versionUuid);
  }

  private static checkTemplateText(template: string | undefined): void {
    if (template === undefined) return;
    const problem = findHandlebarsProblem(template);
    if (problem) {
      throw new BcApiError(422, 'The template is not valid Handlebars', {
        template: `template: ${problem.message} at offset ${problem.offset}`,
      });
    }
  }

  createTemplate(body: TemplateInput): WidgetTemplateView {
    ContentState.checkTemplateText(body.template);
    const channelId = this.resolveChannel(body.channel_id);
    const custom = [...this.templates.values()].filter((template) => template.kind === 'custom');
    if (
      custom.filter((template) => template.channel_id === channelId).length >=
      CONTENT_LIMITS.customTemplatesPerChannel
    ) {
      throw new BcApiError(
        422,
        `A channel can hold at most ${CONTENT_LIMITS.customTemplatesPerChannel} custom widget templates`,
      );
    }
    if (custom.length >= CONTENT_LIMITS.customTemplatesPerStore) {
      throw new BcApiError(
        422,
        `A store can hold at most ${CONTENT_LIMITS.customTemplatesPerStore} custom widget templates`,
      );
    }
    const now = this.timestamp();
    const uuid = this.ids.newUuid();
    const versionUuid = this.ids.newUuid();
    const template: StoredTemplate = {
      uuid,
      kind: 'custom',
      channel_id: channelId,
      icon_name: 'default',
      client_rerender: false,
      date_created: now,
      date_modified: now,
      current_version_uuid: versionUuid,
      versions: new Map([
        [
          versionUuid,
          {
            version_uuid: versionUuid,
            name: body.name,
            schema: structuredClone([...(body.schema ?? [])]),
            template: body.template,
            storefront_api_query: body.storefront_api_query ?? '',
          },
        ],
      ]),
    };
    this.templates.set(uuid, template);
    return this.templateView(template);
  }

  private templateUsage(uuid: string): { widgets: number; pages: number } {
    const widgets = [...this.widgets.values()].filter(
      (widget) => widget.widget_template_uuid === uuid,
    ).length;
    let pages = 0;
    for (const snapshot of this.snapshots.values()) {
      if (snapshotWidgets(snapshot.regions).some((widget) => widget.widget_template_uuid === uuid))
        pages += 1;
    }
    return { widgets, pages };
  }

  private static refuseBuiltIn(template: StoredTemplate): void {
    if (template.kind !== 'custom') {
      throw new BcApiError(
        422,
        `Widget templates of kind "${template.kind}" are built in and cannot be changed`,
        {
          uuid: 'only custom widget templates can be changed or deleted',
        },
      );
    }
  }

  updateTemplate(uuid: string, body: TemplateUpdate): WidgetTemplateView {
    const template = this.storedTemplate(uuid);
    ContentState.refuseBuiltIn(template);
    ContentState.checkTemplateText(body.template);
    if (body.channel_id !== undefined && body.channel_id !== template.channel_id) {
      this.resolveChannel(body.channel_id);
      const usage = this.templateUsage(uuid);
      if (usage.widgets > 0 || usage.pages > 0) {
        throw new BcApiError(409, 'The widget template is in use and cannot move to another channel', {
          channel_id: `used by ${usage.widgets} widget(s) and ${usage.pages} page(s) on channel ${template.channel_id}`,
        });
      }
      template.channel_id = body.channel_id;
    }
    const current = template.versions.get(template.current_version_uuid);
    if (!current) throw notFound('Widget template version');
    const next: TemplateVersion = {
      version_uuid: current.version_uuid,
      name: body.name ?? current.name,
      schema: body.schema ? structuredClone([...body.schema]) : current.schema,
      template: body.template ?? current.template,
      storefront_api_query: body.storefront_api_query ?? current.storefront_api_query,
    };
    if (body.create_new_version) {
      // Existing widgets stay on their version until they are upgraded (doc:docs/storefront/widgets/index.mdx).
      next.version_uuid = this.ids.newUuid();
      template.current_version_uuid = next.version_uuid;
    }
    template.versions.set(next.version_uuid, next);
    template.date_modified = this.timestamp();
    return this.templateView(template);
  }

  deleteTemplate(uuid: string): void {
    const template = this.storedTemplate(uuid);
    ContentState.refuseBuiltIn(template);
    const usage = this.templateUsage(uuid);
    if (usage.widgets > 0 || usage.pages > 0) {
      throw new BcApiError(409, 'The widget template is in use and cannot be deleted', {
        uuid: `used by ${usage.widgets} widget(s) and ${usage.pages} page(s)`,
      });
    }
    this.templates.delete(uuid);
  }

  // ---- widgets ------------------------------------------------------------------------------------------------

  private widgetView(widget: StoredWidget): WidgetView {
    const template = this.storedTemplate(widget.widget_template_uuid);
    return structuredClone({
      uuid: widget.uuid,
      name: widget.name,
      description: widget.description,
      widget_configuration: widget.widget_configuration,
      storefront_api_query_params: widget.storefront_api_query_params,
      widget_template: this.templateView(template, widget.version_uuid),
      version_uuid: widget.version_uuid,
      channel_id: widget.channel_id,
      date_created: widget.date_created,
      date_modified: widget.date_modified,
    });
  }

  private storedWidget(uuid: string): StoredWidget {
    const widget = this.widgets.get(uuid);
    if (!widget) throw notFound('Widget');
    return widget;
  }

  private templateForWidget(templateUuid: string, channelId: number): StoredTemplate {
    const template = this.templates.get(templateUuid);
    if (!template || !ContentState.templateOnChannel(template, channelId)) {
      throw new BcApiError(422, 'Widget template not found', {
        widget_template_uuid: `widget_template_uuid ${templateUuid} is not a widget template of channel ${channelId}`,
      });
    }
    return template;
  }

  private static checkConfiguration(configuration: JsonObject): void {
    if (byteLength(configuration) > CONTENT_LIMITS.widgetConfigurationBytes) {
      throw new BcApiError(422, 'The widget configuration is too large', {
        widget_configuration: `widget_configuration must be at most ${CONTENT_LIMITS.widgetConfigurationBytes} bytes of JSON`,
      });
    }
  }

  /** BigCommerce adds `_: {id: <widget uuid>}` to every widget configuration ([WID getWidgets] example). */
  private static withWidgetId(configuration: JsonObject, uuid: string): JsonObject {
    return { _: { id: uuid }, ...structuredClone(configuration) };
  }

  listWidgets(filter: WidgetFilter = {}): WidgetView[] {
    return [...this.widgets.values()]
      .filter((widget) => ContentState.matchesChannels(widget.channel_id, filter.channelIds))
      .filter(
        (widget) => filter.templateUuid === undefined || widget.widget_template_uuid === filter.templateUuid,
      )
      .filter((widget) => filter.name === undefined || widget.name === filter.name)
      .filter((widget) => filter.names === undefined || filter.names.includes(widget.name))
      .filter(
        (widget) =>
          filter.kind === undefined || this.templates.get(widget.widget_template_uuid)?.kind === filter.kind,
      )
      .map((widget) => this.widgetView(widget));
  }

  getWidget(uuid: string): WidgetView {
    return this.widgetView(this.storedWidget(uuid));
  }

  createWidget(body: CreateWidgetBody): WidgetView {
    const channelId = this.resolveChannel(body.channel_id);
    const template = this.templateForWidget(body.widget_template_uuid, channelId);
    const configuration = body.widget_configuration ?? {};
    ContentState.checkConfiguration(configuration);
    if (this.widgets.size >= CONTENT_LIMITS.widgetsPerStore) {
      throw new BcApiError(422, `A store can hold at most ${CONTENT_LIMITS.widgetsPerStore} widgets`);
    }
    const now = this.timestamp();
    const uuid = this.ids.newUuid();
    const widget: StoredWidget = {
      uuid,
      name: body.name,
      description: body.description ?? '',
      widget_configuration: ContentState.withWidgetId(configuration, uuid),
      storefront_api_query_params: structuredClone(body.storefront_api_query_params ?? {}),
      widget_template_uuid: template.uuid,
      version_uuid: template.current_version_uuid,
      channel_id: channelId,
      date_created: now,
      date_modified: now,
    };
    this.widgets.set(uuid, widget);
    return this.widgetView(widget);
  }

  updateWidget(uuid: string, body: UpdateWidgetBody): WidgetView {
    const widget = this.storedWidget(uuid);
    const channelId =
      body.channel_id === undefined ? widget.channel_id : this.resolveChannel(body.channel_id);
    if (channelId !== widget.channel_id) {
      const placed = [...this.placements.values()].filter(
        (placement) => placement.widget_uuid === uuid,
      ).length;
      if (placed > 0) {
        throw new BcApiError(409, 'The widget is placed and cannot move to another channel', {
          channel_id: `the widget has ${placed} placement(s) on channel ${widget.channel_id}`,
        });
      }
    }
    const template = this.templateForWidget(
      body.widget_template_uuid ?? widget.widget_template_uuid,
      channelId,
    );
    if (body.widget_configuration) ContentState.checkConfiguration(body.widget_configuration);

    if (template.uuid !== widget.widget_template_uuid || body.upgrade) {
      // Upgrade moves the widget to the latest template version ([WID widget_Put]).
      widget.version_uuid = template.current_version_uuid;
    }
    widget.widget_template_uuid = template.uuid;
    widget.channel_id = channelId;
    if (body.name !== undefined) widget.name = body.name;
    if (body.description !== undefined) widget.description = body.description;
    if (body.widget_configuration)
      widget.widget_configuration = ContentState.withWidgetId(body.widget_configuration, uuid);
    if (body.storefront_api_query_params)
      widget.storefront_api_query_params = structuredClone(body.storefront_api_query_params);
    widget.date_modified = this.timestamp();
    return this.widgetView(widget);
  }

  /** Deleting a widget deletes its placements with it. */
  deleteWidget(uuid: string): void {
    this.storedWidget(uuid);
    this.widgets.delete(uuid);
    for (const [placementUuid, placement] of this.placements) {
      if (placement.widget_uuid === uuid) this.placements.delete(placementUuid);
    }
  }

  // ---- placements ---------------------------------------------------------------------------------------------

  private placementView(placement: StoredPlacement): PlacementView {
    return {
      uuid: placement.uuid,
      template_file: placement.template_file,
      entity_id: placement.entity_id,
      region: placement.region,
      sort_order: placement.sort_order,
      status: placement.status,
      channel_id: placement.channel_id,
      date_created: placement.date_created,
      date_modified: placement.date_modified,
      widget: this.getWidget(placement.widget_uuid),
    };
  }

  private storedPlacement(uuid: string): StoredPlacement {
    const placement = this.placements.get(uuid);
    if (!placement) throw notFound('Placement');
    return placement;
  }

  listPlacements(filter: PlacementFilter = {}): PlacementView[] {
    return [...this.placements.values()]
      .filter((placement) => ContentState.matchesChannels(placement.channel_id, filter.channelIds))
      .filter(
        (placement) => filter.templateFile === undefined || placement.template_file === filter.templateFile,
      )
      .filter((placement) => filter.widgetUuid === undefined || placement.widget_uuid === filter.widgetUuid)
      .filter((placement) => {
        if (filter.templateUuid === undefined && filter.kind === undefined) return true;
        const widget = this.widgets.get(placement.widget_uuid);
        const template = widget && this.templates.get(widget.widget_template_uuid);
        if (!template) return false;
        return (
          (filter.templateUuid === undefined || template.uuid === filter.templateUuid) &&
          (filter.kind === undefined || template.kind === filter.kind)
        );
      })
      .map((placement) => this.placementView(placement));
  }

  getPlacement(uuid: string): PlacementView {
    return this.placementView(this.storedPlacement(uuid));
  }

  private checkPlacement(
    placement: Omit<StoredPlacement, 'uuid' | 'date_created' | 'date_modified'>,
    self?: string,
  ): void {
    const widget = this.widgets.get(placement.widget_uuid);
    if (!widget) {
      throw new BcApiError(422, 'Widget not found', {
        widget_uuid: `widget_uuid ${placement.widget_uuid} is not a widget of this store`,
      });
    }
    if (widget.channel_id !== placement.channel_id) {
      throw new BcApiError(422, 'The widget belongs to another channel', {
        channel_id: `the widget is on channel ${widget.channel_id}, the placement on channel ${placement.channel_id}`,
      });
    }
    checkPageAddress(placement.template_file, placement.entity_id, false);
    const sameFile = [...this.placements.values()].filter(
      (other) =>
        other.uuid !== self &&
        other.channel_id === placement.channel_id &&
        other.template_file === placement.template_file,
    ).length;
    if (sameFile >= CONTENT_LIMITS.placementsPerTemplateFile) {
      throw new BcApiError(
        422,
        `A template file can hold at most ${CONTENT_LIMITS.placementsPerTemplateFile} placements`,
        {
          template_file: `${placement.template_file} already has ${sameFile} placements on channel ${placement.channel_id}`,
        },
      );
    }
    if (!self && this.placements.size >= CONTENT_LIMITS.placementsPerStore) {
      throw new BcApiError(422, `A store can hold at most ${CONTENT_LIMITS.placementsPerStore} placements`);
    }
  }

  createPlacement(body: CreatePlacementBody): PlacementView {
    const now = this.timestamp();
    const placement: StoredPlacement = {
      uuid: this.ids.newUuid(),
      widget_uuid: body.widget_uuid,
      template_file: body.template_file,
      entity_id: body.entity_id ?? '',
      region: body.region ?? '',
      sort_order: body.sort_order ?? 0,
      // Placements are inactive unless asked otherwise ([WID placement_Base.status]).
      status: body.status ?? 'inactive',
      channel_id: this.resolveChannel(body.channel_id),
      date_created: now,
      date_modified: now,
    };
    this.checkPlacement(placement);
    this.placements.set(placement.uuid, placement);
    return this.placementView(placement);
  }

  updatePlacement(uuid: string, body: UpdatePlacementBody): PlacementView {
    const current = this.storedPlacement(uuid);
    const next: StoredPlacement = {
      ...current,
      widget_uuid: body.widget_uuid ?? current.widget_uuid,
      template_file: body.template_file ?? current.template_file,
      entity_id: body.entity_id ?? current.entity_id,
      region: body.region ?? current.region,
      sort_order: body.sort_order ?? current.sort_order,
      status: body.status ?? current.status,
      channel_id: body.channel_id === undefined ? current.channel_id : this.resolveChannel(body.channel_id),
      date_modified: this.timestamp(),
    };
    this.checkPlacement(next, uuid);
    this.placements.set(uuid, next);
    return this.placementView(next);
  }

  deletePlacement(uuid: string): void {
    this.storedPlacement(uuid);
    this.placements.delete(uuid);
  }

  // ---- regions and page snapshots -----------------------------------------------------------------------------

  /** `GET /content/regions`: the active theme's regions for a template file (Cornerstone's names). */
  themeRegions(templateFile: string): { name: string }[] {
    if (!isKnownTemplateFile(templateFile)) {
      throw new BcApiError(404, `Template file ${templateFile} not found in the active theme`);
    }
    return themeRegionNames(templateFile).map((name) => ({ name }));
  }

  /** Resolves the query of `GET /content/page-widgets` (or a publish body) to a page address. */
  pageAddress(query: { channel_id?: number; template_file?: string; entity_id?: string }): PageAddress {
    const channelId = this.resolveChannel(query.channel_id);
    const templateFile = query.template_file ?? '';
    const entityId = query.entity_id ?? '';
    checkPageAddress(templateFile, entityId, true);
    return { channel_id: channelId, template_file: templateFile, entity_id: entityId };
  }

  /**
   * The snapshot of one page: the theme's regions for it in render order (empty ones with `children: []`), then any
   * other region that holds content. Without template_file the page is the set of global regions.
   */
  getPageRegions(address: PageAddress): PageRegion[] {
    const stored = this.snapshots.get(pageKey(address));
    const themeNames = address.template_file ? pageRegionNames(address.template_file) : [...GLOBAL_REGIONS];
    const regions: PageRegion[] = themeNames.map((name) => ({
      name,
      children: stored?.regions.find((region) => region.name === name)?.children ?? [],
    }));
    for (const region of stored?.regions ?? []) {
      if (!themeNames.includes(region.name)) regions.push(region);
    }
    return structuredClone(regions);
  }

  /** Addresses of every page that holds at least one widget (for tests and seeding checks; BigCommerce has no such list). */
  pagesWithContent(): PageSnapshot[] {
    return [...this.snapshots.values()]
      .filter((snapshot) => snapshotWidgets(snapshot.regions).length > 0)
      .map((snapshot) => structuredClone(snapshot));
  }

  /** `POST /content/page-widgets`: replaces all content of the page ([PW createPageWidgets]). */
  publishPage(body: PublishPageBody): PageAddress {
    const address = this.pageAddress(body);
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    const regions: PageRegion[] = body.regions.map((region, regionIndex) => {
      const at = `regions.${regionIndex}`;
      if (seen.has(region.name)) errors[`${at}.name`] = `region ${region.name} appears more than once`;
      seen.add(region.name);
      if (address.template_file && isGlobalRegion(region.name)) {
        errors[`${at}.name`] = `global region ${region.name} is published without template_file`;
      } else if (!address.template_file && !isGlobalRegion(region.name)) {
        errors[`${at}.name`] =
          `region ${region.name} is not a global region; send template_file to target a page`;
      }
      return {
        name: region.name,
        children: region.children.map((child, childIndex): RegionChild => {
          const childAt = `${at}.children.${childIndex}`;
          return child.type === 'layout'
            ? this.toLayout(child, childAt, address.channel_id, errors)
            : this.toPageWidget(child, childAt, address.channel_id, errors);
        }),
      };
    });
    const widgets = snapshotWidgets(regions).length;
    const layouts = regions
      .flatMap((region) => region.children)
      .filter((child) => child.type === 'layout').length;
    if (widgets > CONTENT_LIMITS.widgetsPerPage) {
      errors.regions = `a page can hold at most ${CONTENT_LIMITS.widgetsPerPage} widgets, this one has ${widgets}`;
    } else if (layouts > CONTENT_LIMITS.layoutsPerPage) {
      errors.regions = `a page can hold at most ${CONTENT_LIMITS.layoutsPerPage} layouts, this one has ${layouts}`;
    }
    if (Object.keys(errors).length > 0) throw new BcApiError(422, 'The page content is invalid', errors);
    this.snapshots.set(pageKey(address), { ...address, regions, date_modified: this.timestamp() });
    return address;
  }

  private toPageWidget(
    child: PageWidgetBody,
    at: string,
    channelId: number,
    errors: Record<string, string>,
  ): PageWidget {
    const template = this.templates.get(child.widget_template_uuid);
    if (!template || !ContentState.templateOnChannel(template, channelId)) {
      errors[`${at}.widget_template_uuid`] =
        `widget_template_uuid ${child.widget_template_uuid} is not a widget template of channel ${channelId}`;
    }
    const configuration = structuredClone(child.configuration ?? {});
    if (byteLength(configuration) > CONTENT_LIMITS.widgetConfigurationBytes) {
      errors[`${at}.configuration`] =
        `configuration must be at most ${CONTENT_LIMITS.widgetConfigurationBytes} bytes of JSON`;
    }
    const templateName = template?.versions.get(template.current_version_uuid)?.name ?? '';
    return {
      type: 'widget',
      widget_template_uuid: child.widget_template_uuid,
      name: child.name ?? templateName,
      description: child.description ?? '',
      configuration,
      storefront_api_query_params: structuredClone(child.storefront_api_query_params ?? {}),
    };
  }

  private toLayout(
    child: PageLayoutBody,
    at: string,
    channelId: number,
    errors: Record<string, string>,
  ): PageLayout {
    return {
      type: 'layout',
      // Read-only and "set by BigCommerce" ([PW layout]); kept when sent, else Page Builder's layout template.
      layout_template_uuid: child.layout_template_uuid ?? LAYOUT_TEMPLATE_UUID,
      name: child.name ?? 'Layout',
      configuration: structuredClone(child.configuration ?? {}),
      dropzones: child.dropzones.map((dropzone, dropzoneIndex) => ({
        configuration: structuredClone(dropzone.configuration ?? {}),
        widgets: dropzone.widgets.map((widget, widgetIndex) =>
          this.toPageWidget(
            widget,
            `${at}.dropzones.${dropzoneIndex}.widgets.${widgetIndex}`,
            channelId,
            errors,
          ),
        ),
      })),
    };
  }

  // ---- web pages (pages.v3.yml; the routes and checks are in ./web-pages.ts) -----------------------------------

  addWebPage(page: WebPage): void {
    this.webPages.add(page);
  }

  listWebPages(filter: WebPageFilter = {}): WebPage[] {
    return this.webPages.list(filter);
  }
}

/** Every widget of a snapshot, direct children and those inside layouts, in document order. */
export function snapshotWidgets(regions: readonly PageRegion[]): PageWidget[] {
  return regions.flatMap((region) =>
    region.children.flatMap((child) =>
      child.type === 'widget' ? [child] : child.dropzones.flatMap((dropzone) => dropzone.widgets),
    ),
  );
}

/** Checks a template_file / entity_id pair; both empty addresses the global regions when `allowGlobal`. */
export function checkPageAddress(templateFile: string, entityId: string, allowGlobal: boolean): void {
  if (templateFile === '') {
    if (!allowGlobal)
      throw new BcApiError(422, 'template_file is required', {
        template_file: 'template_file is required',
      });
    if (entityId !== '') {
      throw new BcApiError(422, 'entity_id needs a template_file', {
        entity_id: 'entity_id must be left out for the global regions',
      });
    }
    return;
  }
  if (!isKnownTemplateFile(templateFile)) {
    throw new BcApiError(422, `Unknown template_file ${templateFile}`, {
      template_file: `template_file ${templateFile} is not a template file of the active theme`,
    });
  }
  if (entityId === '') return;
  if (!acceptsEntityId(templateFile)) {
    throw new BcApiError(422, `${templateFile} does not support entity_id`, {
      entity_id: `entity_id is not supported for template_file ${templateFile}`,
    });
  }
  if (!isEntityId(entityId)) {
    throw new BcApiError(422, 'Invalid entity_id', {
      entity_id: 'entity_id must be a positive integer id sent as a string',
    });
  }
}
