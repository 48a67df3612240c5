// Wire shapes of BigCommerce's content API as the sandbox serves them.
// Widgets, templates, placements, regions: ../shared/bigcommerce/openapi/widgets.v3.yml (API-NOTES §6 (c), [WID]).
// Page snapshots: ../shared/bigcommerce/openapi/page-widgets.v3.yml ([PW components.schemas.region/layout/dropzone/widget]).

export type JsonObject = Record<string, unknown>;

/** widgetTemplate_Full plus the fields the spec's examples show (`channel_id`, `client_rerender`, `template_engine`). */
export type WidgetTemplateView = {
  uuid: string;
  name: string;
  schema: unknown[];
  template: string;
  storefront_api_query: string;
  kind: string;
  channel_id: number;
  client_rerender: boolean;
  template_engine: 'handlebars_v3';
  icon_name: string;
  current_version_uuid: string;
  date_created: string;
  date_modified: string;
};

/** widget_Full: the template is embedded as of the widget's `version_uuid`. */
export type WidgetView = {
  uuid: string;
  name: string;
  description: string;
  widget_configuration: JsonObject;
  storefront_api_query_params: JsonObject;
  widget_template: WidgetTemplateView;
  version_uuid: string;
  channel_id: number;
  date_created: string;
  date_modified: string;
};

export type PlacementStatus = 'active' | 'inactive';

/** placement_Full: the widget is embedded with its template. */
export type PlacementView = {
  uuid: string;
  template_file: string;
  entity_id: string;
  region: string;
  sort_order: number;
  status: PlacementStatus;
  channel_id: number;
  date_created: string;
  date_modified: string;
  widget: WidgetView;
};

// Page snapshot tree: region -> (layout -> dropzone ->) widget.

export type PageWidget = {
  type: 'widget';
  widget_template_uuid: string;
  name: string;
  description: string;
  configuration: JsonObject;
  storefront_api_query_params: JsonObject;
};

export type PageDropzone = {
  configuration: JsonObject;
  widgets: PageWidget[];
};

export type PageLayout = {
  type: 'layout';
  layout_template_uuid: string;
  name: string;
  configuration: JsonObject;
  dropzones: PageDropzone[];
};

export type RegionChild = PageWidget | PageLayout;

export type PageRegion = {
  name: string;
  children: RegionChild[];
};

/** Where a snapshot lives. `template_file` and `entity_id` are '' for the global regions. */
export type PageAddress = {
  channel_id: number;
  template_file: string;
  entity_id: string;
};

export type PageSnapshot = PageAddress & {
  regions: PageRegion[];
  date_modified: string;
};

// Web pages (pages.v3.yml), blog posts (store_content.v2.yml) and redirects (redirects.v3.yml).
export type { WebPage, WebPageType } from './pages';
export type { BlogPost } from './blog-posts';
export type { Redirect, RedirectTo, RedirectToType } from './redirects';
