// Page snapshots ("page widgets"), from openapi/page-widgets.v3.yml (API-NOTES §6c). A region's children are widgets
// or layouts; a layout holds dropzones (columns) of widgets. Unknown child kinds pass through unchanged.
import { z } from 'zod';

/** widget [PW components.schemas.widget] */
export const pageWidgetSchema = z.looseObject({
  type: z.literal('widget').optional(),
  widget_template_uuid: z.string().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
  storefront_api_query_params: z.unknown().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
});
export type PageWidget = z.infer<typeof pageWidgetSchema>;

/** dropzone [PW] */
export const dropzoneSchema = z.looseObject({
  configuration: z.record(z.string(), z.unknown()).optional(),
  widgets: z.array(pageWidgetSchema).optional(),
});

/** layout [PW] */
export const layoutSchema = z.looseObject({
  type: z.literal('layout'),
  layout_template_uuid: z.string().optional(),
  name: z.string().optional(),
  configuration: z.record(z.string(), z.unknown()).optional(),
  dropzones: z.array(dropzoneSchema).optional(),
});
export type PageLayout = z.infer<typeof layoutSchema>;

/** One child of a region: a layout, or anything else (a widget, or a kind this code does not know). */
export const regionChildSchema = z.union([
  layoutSchema,
  pageWidgetSchema,
  z.looseObject({ type: z.string() }),
]);

/** region [PW] */
export const pageRegionSchema = z.looseObject({
  name: z.string(),
  children: z.array(regionChildSchema).optional(),
});
export type PageRegion = z.infer<typeof pageRegionSchema>;

/** `data` of `GET /v3/content/page-widgets` [PW getPageWidgets]. */
export const pageSnapshotSchema = z.looseObject({ regions: z.array(pageRegionSchema) });
export type PageSnapshot = z.infer<typeof pageSnapshotSchema>;

/** The whole answer of `GET /v3/content/page-widgets`: the snapshot and the pagination of its regions. */
export const pageSnapshotAnswerSchema = z.looseObject({
  data: pageSnapshotSchema,
  meta: z
    .looseObject({ pagination: z.looseObject({ total_pages: z.number().optional() }).optional() })
    .optional(),
});

/** Body of `POST /v3/content/page-widgets` [PW publish]; replaces all content of that page. */
export type PublishPageWidgets = {
  channel_id: number;
  template_file?: string;
  entity_id?: string;
  regions: PageRegion[];
};
