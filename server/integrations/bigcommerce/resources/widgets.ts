// Widget templates, widgets, placements and regions, from openapi/widgets.v3.yml (API-NOTES §6c, §6e).
// Several fields seen in the examples are missing from the schemas (channel_id, client_rerender, template_engine,
// storefront_api_query_params; API-NOTES §8); the loose objects keep them.
import { z } from 'zod';

/** widgetTemplate_Full [WID]. `schema` is Page Builder's settings array, kept as-is. */
export const widgetTemplateSchema = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  schema: z.array(z.unknown()).nullish(),
  template: z.string().optional(),
  storefront_api_query: z.string().nullish(),
  kind: z.string().optional(),
  current_version_uuid: z.string().optional(),
  icon_name: z.string().optional(),
  channel_id: z.number().optional(),
  template_engine: z.string().optional(),
  client_rerender: z.boolean().optional(),
  date_created: z.string().optional(),
  date_modified: z.string().optional(),
});
export type WidgetTemplate = z.infer<typeof widgetTemplateSchema>;

/** widget_Full [WID] */
export const widgetSchema = z.looseObject({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  widget_configuration: z.record(z.string(), z.unknown()).nullish(),
  widget_template: widgetTemplateSchema.optional(),
  version_uuid: z.string().optional(),
  channel_id: z.number().optional(),
  storefront_api_query_params: z.unknown().optional(),
  date_created: z.string().optional(),
  date_modified: z.string().optional(),
});
export type Widget = z.infer<typeof widgetSchema>;

/** placement_Full [WID]. `entity_id` is a string; `status` defaults to `inactive`. */
export const placementSchema = z.looseObject({
  uuid: z.string(),
  template_file: z.string(),
  entity_id: z.string().nullish(),
  region: z.string().nullish(),
  sort_order: z.number().optional(),
  status: z.string().optional(),
  channel_id: z.number().optional(),
  widget: widgetSchema.optional(),
  date_created: z.string().optional(),
  date_modified: z.string().optional(),
});
export type Placement = z.infer<typeof placementSchema>;

/** themeRegion [WID getContentRegions] */
export const regionSchema = z.looseObject({ name: z.string() });
export type Region = z.infer<typeof regionSchema>;
