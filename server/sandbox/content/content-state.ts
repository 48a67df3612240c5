// In-memory content of one sandbox store: widget templates (with versions), widgets, placements, page snapshots, web
// pages, blog posts and redirects. This class keeps the maps, the ids, save/load and the channels; the rules are in the
// resource modules (./widgets/*, ./page-widgets.ts, ./pages.ts, ./blog-posts.ts, ./redirects.ts), to which its
// public methods delegate. Failures throw BcApiError, which the sandbox app's onError renders as BigCommerce's body.
import { randomUUID } from 'node:crypto';
import { BcApiError } from '../core/envelope';
import { BUILT_IN_DATE, BUILT_IN_TEMPLATES } from './built-in-templates';
import { BlogPosts, type BlogPostsSnapshot } from './blog-posts';
import {
  CONTENT_LIMITS,
  type ContentCore,
  type IdSource,
  snapshotWidgets,
  type StoredPlacement,
  type StoredTemplate,
  type StoredWidget,
  type TemplateFilter,
} from './content-core';
import {
  pageAddress,
  getPageRegions,
  pagesWithContent,
  publishPage,
  type PublishPageBody,
} from './page-widgets';
import { Redirects, type RedirectsSnapshot } from './redirects';
import type { StorefrontContext } from './storefront-context';
import { WebPages, type WebPage, type WebPageFilter } from './pages';
import type {
  PageAddress,
  PageRegion,
  PageSnapshot,
  PlacementView,
  WidgetTemplateView,
  WidgetView,
} from './types';
import {
  createPlacement,
  type CreatePlacementBody,
  deletePlacement,
  getPlacement,
  listPlacements,
  type PlacementFilter,
  updatePlacement,
  type UpdatePlacementBody,
} from './widgets/placements';
import { themeRegions } from './widgets/regions';
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
export type { IdSource, PlacementFilter, TemplateFilter, TemplateInput, TemplateUpdate, WidgetFilter };

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

const systemIds: IdSource = { now: () => new Date(), newUuid: () => randomUUID() };

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

  // ---- placements (./widgets/placements.ts) ------------------------------------------------------------------

  listPlacements(filter: PlacementFilter = {}): PlacementView[] {
    return listPlacements(this.core, filter);
  }

  getPlacement(uuid: string): PlacementView {
    return getPlacement(this.core, uuid);
  }

  createPlacement(body: CreatePlacementBody): PlacementView {
    return createPlacement(this.core, body);
  }

  updatePlacement(uuid: string, body: UpdatePlacementBody): PlacementView {
    return updatePlacement(this.core, uuid, body);
  }

  deletePlacement(uuid: string): void {
    deletePlacement(this.core, uuid);
  }

  // ---- regions (./widgets/regions.ts) and page snapshots (./page-widgets.ts) ------------------------------------

  /** `GET /content/regions`: the active theme's regions for a template file (Cornerstone's names). */
  themeRegions(templateFile: string): { name: string }[] {
    return themeRegions(templateFile);
  }

  /** Resolves the query of `GET /content/page-widgets` (or a publish body) to a page address. */
  pageAddress(query: { channel_id?: number; template_file?: string; entity_id?: string }): PageAddress {
    return pageAddress(this.core, query);
  }

  getPageRegions(address: PageAddress): PageRegion[] {
    return getPageRegions(this.core, address);
  }

  /** Addresses of every page that holds at least one widget (for tests and seeding checks; BigCommerce has no such list). */
  pagesWithContent(): PageSnapshot[] {
    return pagesWithContent(this.core);
  }

  publishPage(body: PublishPageBody): PageAddress {
    return publishPage(this.core, body);
  }

  // ---- web pages (pages.v3.yml; the routes and checks are in ./web-pages.ts) -----------------------------------

  addWebPage(page: WebPage): void {
    this.webPages.add(page);
  }

  listWebPages(filter: WebPageFilter = {}): WebPage[] {
    return this.webPages.list(filter);
  }
}
