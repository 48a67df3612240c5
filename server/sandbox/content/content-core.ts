// The content state's core as its resource modules see it: the stored records, the maps that hold them, the clock
// and UUID source, the channel check and the helpers several resources share. ./content-state.ts owns the maps and
// hands this core to ./widgets/*, ./page-widgets.ts…; none of them imports ./content-state.ts for its values.
import { BcApiError } from '../core/envelope';
import type { JsonObject, PageRegion, PageSnapshot, PageWidget, PlacementView } from './types';

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

export type IdSource = { now: () => Date; newUuid: () => string };

export type TemplateVersion = {
  version_uuid: string;
  name: string;
  schema: unknown[];
  template: string;
  storefront_api_query: string;
};

export type StoredTemplate = {
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

export type StoredWidget = {
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
export type StoredPlacement = Omit<PlacementView, 'widget'> & { widget_uuid: string };

/** What the resource modules read and change; time and UUIDs come only from `ids()` (demo-copy replay needs it). */
export type ContentCore = {
  readonly templates: Map<string, StoredTemplate>;
  readonly widgets: Map<string, StoredWidget>;
  readonly placements: Map<string, StoredPlacement>;
  readonly snapshots: Map<string, PageSnapshot>;
  ids: () => IdSource;
  /** The channel given, checked, or the store's default one. */
  resolveChannel: (channelId: number | undefined) => number;
};

export function timestamp(core: ContentCore): string {
  return core.ids().now().toISOString();
}

export function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

export function notFound(what: string): BcApiError {
  return new BcApiError(404, `${what} not found`);
}

/** Built-in templates (channel 0) belong to every channel. */
export function templateOnChannel(template: StoredTemplate, channelId: number): boolean {
  return template.channel_id === 0 || template.channel_id === channelId;
}

export function matchesChannels(channelId: number, channelIds: readonly number[] | undefined): boolean {
  return !channelIds || channelId === 0 || channelIds.includes(channelId);
}

export type TemplateFilter = { kind?: string; channelIds?: readonly number[] };

/** Every widget of a snapshot, direct children and those inside layouts, in document order. */
export function snapshotWidgets(regions: readonly PageRegion[]): PageWidget[] {
  return regions.flatMap((region) =>
    region.children.flatMap((child) =>
      child.type === 'widget' ? [child] : child.dropzones.flatMap((dropzone) => dropzone.widgets),
    ),
  );
}
