// In-memory content of one sandbox store: widget templates (with versions), widgets, placements, page snapshots and
// web pages. Methods take bodies already shaped by ./schemas and check what needs the store: references, channels,
// template files, limits. Failures throw BcApiError, which the sandbox app's onError renders as BigCommerce's body.
import { randomUUID } from 'node:crypto';
import { isEntityId } from '../../../common/dumps/page-templates';
import { BcApiError } from '../envelope';
import { BUILT_IN_DATE, BUILT_IN_TEMPLATES, LAYOUT_TEMPLATE_UUID } from './built-in-templates';
import { BlogPosts, type BlogPostsSnapshot } from './blog-posts';
import {
  byteLength,
  CONTENT_LIMITS,
  type ContentCore,
  type IdSource,
  matchesChannels,
  notFound,
  snapshotWidgets,
  type StoredPlacement,
  type StoredTemplate,
  type StoredWidget,
  type TemplateFilter,
  templateOnChannel,
  timestamp,
} from './content-core';
import { Redirects, type RedirectsSnapshot } from './redirects';
import type { StorefrontContext } from './storefront-context';
import { WebPages, type WebPage, type WebPageFilter } from './web-pages';
import type {
  CreatePlacementBody,
  PageLayoutBody,
  PageWidgetBody,
  PublishPageBody,
  UpdatePlacementBody,
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
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  type TemplateInput,
  type TemplateUpdate,
  updateTemplate,
} from './widgets/widget-templates';
import {
  createWidget,
  type CreateWidgetBody,
  deleteWidget,
  getWidget,
  listWidgets,
  updateWidget,
  type UpdateWidgetBody,
  type WidgetFilter,
} from './widgets/widgets';

export { CONTENT_LIMITS, snapshotWidgets };
export type { IdSource, TemplateFilter, TemplateInput, TemplateUpdate, WidgetFilter };

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

export type PlacementFilter = TemplateFilter & {
  templateFile?: string;
  widgetUuid?: string;
  templateUuid?: string;
};

const systemIds: IdSource = { now: () => new Date(), newUuid: () => randomUUID() };

function pageKey(address: PageAddress): string {
  return `${address.channel_id}|${address.template_file}|${address.entity_id}`;
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
  /** What the resource modules (./widgets/*, …) work on: the maps, the current ids and the channel check. */
  private readonly core: ContentCore;

  constructor(private readonly options: ContentStateOptions) {
    this.baseIds = options.ids ?? systemIds;
    this.ids = this.baseIds;
    this.core = {
      templates: this.templates,
      widgets: this.widgets,
      placements: this.placements,
      snapshots: this.snapshots,
      ids: () => this.ids,
      resolveChannel: (channelId) => this.resolveChannel(channelId),
    };
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

  // ---- widget templates (./widgets/widget-templates.ts) -----------------------------------------------------

  listTemplates(filter: TemplateFilter = {}): WidgetTemplateView[] {
    return listTemplates(this.core, filter);
  }

  getTemplate(uuid: string, versionUuid?: string): WidgetTemplateView {
    return getTemplate(this.core, uuid, versionUuid);
  }

  createTemplate(body: TemplateInput): WidgetTemplateView {
    return createTemplate(this.core, body);
  }

  updateTemplate(uuid: string, body: TemplateUpdate): WidgetTemplateView {
    return updateTemplate(this.core, uuid, body);
  }

  deleteTemplate(uuid: string): void {
    deleteTemplate(this.core, uuid);
  }

  // ---- widgets (./widgets/widgets.ts) --------------------------------------------------------------------------

  listWidgets(filter: WidgetFilter = {}): WidgetView[] {
    return listWidgets(this.core, filter);
  }

  getWidget(uuid: string): WidgetView {
    return getWidget(this.core, uuid);
  }

  createWidget(body: CreateWidgetBody): WidgetView {
    return createWidget(this.core, body);
  }

  updateWidget(uuid: string, body: UpdateWidgetBody): WidgetView {
    return updateWidget(this.core, uuid, body);
  }

  deleteWidget(uuid: string): void {
    deleteWidget(this.core, uuid);
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
      .filter((placement) => matchesChannels(placement.channel_id, filter.channelIds))
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
    const now = timestamp(this.core);
    const placement: StoredPlacement = {
      uuid: this.core.ids().newUuid(),
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
      date_modified: timestamp(this.core),
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
    this.snapshots.set(pageKey(address), { ...address, regions, date_modified: timestamp(this.core) });
    return address;
  }

  private toPageWidget(
    child: PageWidgetBody,
    at: string,
    channelId: number,
    errors: Record<string, string>,
  ): PageWidget {
    const template = this.templates.get(child.widget_template_uuid);
    if (!template || !templateOnChannel(template, channelId)) {
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
