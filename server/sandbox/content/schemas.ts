// zod schemas of the content API's write bodies, after [WID widgetTemplate_Post/_Put, widget_Post/_Put,
// placement_Post/_Put] and [PW publish]. They check shape only; the state checks references, channels and limits.
import { z } from 'zod';
import { UUID_RE } from './ids';

const jsonObject = z.record(z.string(), z.unknown());
const uuid = z.string().regex(UUID_RE, { error: 'must be a UUID' });
const channelId = z.number().int().positive();
/** A name that is not blank; kept as sent (BigCommerce does not document trimming). */
const name = z.string().regex(/\S/, { error: 'must not be blank' });

// Page Builder UI schema ([WID widgetSchema]): entries are tab, array or hidden; settings need a type and an id.
const settingSchema = z.looseObject({ type: z.string().min(1), id: z.string().min(1) });
const tabSchema = z.looseObject({
  type: z.literal('tab'),
  label: z.string().optional(),
  sections: z.array(z.looseObject({ label: z.string().optional(), settings: z.array(settingSchema) })),
});
const hiddenSchema = z.looseObject({ type: z.literal('hidden'), settings: z.array(settingSchema) });
const arraySchema = z.looseObject({
  type: z.literal('array'),
  id: z.string().min(1),
  label: z.string().optional(),
  defaultCount: z.number().int().nonnegative().optional(),
  entryLabel: z.string().optional(),
  // The spec's schema says object `{type, valueKey}`, its create example sends a string (API-NOTES §8): accept both.
  thumbnail: z.union([z.string(), z.looseObject({ valueKey: z.string() })]).optional(),
  schema: z.array(
    z.discriminatedUnion('type', [tabSchema, hiddenSchema], { error: 'type must be "tab" or "hidden"' }),
  ),
});
export const widgetSchemaSchema = z.array(
  z.discriminatedUnion('type', [tabSchema, arraySchema, hiddenSchema], {
    error: 'type must be "tab", "array" or "hidden"',
  }),
);

export const createTemplateBody = z.object({
  name,
  template: z.string(),
  schema: widgetSchemaSchema.optional(),
  storefront_api_query: z.string().optional(),
  channel_id: channelId.optional(),
});
export type CreateTemplateBody = z.infer<typeof createTemplateBody>;

export const updateTemplateBody = z.object({
  name: name.optional(),
  template: z.string().optional(),
  schema: widgetSchemaSchema.optional(),
  storefront_api_query: z.string().optional(),
  channel_id: channelId.optional(),
  create_new_version: z.boolean().optional(),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

export const createWidgetBody = z.object({
  name,
  widget_template_uuid: uuid,
  description: z.string().optional(),
  widget_configuration: jsonObject.optional(),
  storefront_api_query_params: jsonObject.optional(),
  channel_id: channelId.optional(),
});
export type CreateWidgetBody = z.infer<typeof createWidgetBody>;

export const updateWidgetBody = z.object({
  name: name.optional(),
  widget_template_uuid: uuid.optional(),
  description: z.string().optional(),
  widget_configuration: jsonObject.optional(),
  storefront_api_query_params: jsonObject.optional(),
  channel_id: channelId.optional(),
  upgrade: z.boolean().optional(),
});
export type UpdateWidgetBody = z.infer<typeof updateWidgetBody>;

const placementStatus = z.enum(['active', 'inactive']);

export const createPlacementBody = z.object({
  widget_uuid: uuid,
  template_file: z.string().min(1),
  channel_id: channelId.optional(),
  entity_id: z.string().optional(),
  region: z.string().optional(),
  sort_order: z.number().int().optional(),
  status: placementStatus.optional(),
});
export type CreatePlacementBody = z.infer<typeof createPlacementBody>;

export const updatePlacementBody = createPlacementBody.partial();
export type UpdatePlacementBody = z.infer<typeof updatePlacementBody>;

// Page snapshot children. `type` may be left out: a child with `dropzones` is a layout, anything else a widget.
const pageWidget = z.object({
  type: z.literal('widget'),
  widget_template_uuid: uuid,
  name: z.string().optional(),
  description: z.string().optional(),
  configuration: jsonObject.optional(),
  storefront_api_query_params: jsonObject.optional(),
});
export type PageWidgetBody = z.infer<typeof pageWidget>;

function inferChildType(value: unknown, fallback: 'widget' | 'layout'): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'type' in value) return value;
  return { ...value, type: 'dropzones' in value ? 'layout' : fallback };
}

const dropzoneWidget = z.preprocess((value) => inferChildType(value, 'widget'), pageWidget);

const pageLayout = z.object({
  type: z.literal('layout'),
  layout_template_uuid: uuid.optional(),
  name: z.string().optional(),
  configuration: jsonObject.optional(),
  dropzones: z.array(z.object({ configuration: jsonObject.optional(), widgets: z.array(dropzoneWidget) })),
});
export type PageLayoutBody = z.infer<typeof pageLayout>;

const regionChild = z.preprocess(
  (value) => inferChildType(value, 'widget'),
  z.discriminatedUnion('type', [pageWidget, pageLayout], { error: 'type must be "widget" or "layout"' }),
);

export const publishPageBody = z.object({
  channel_id: channelId.optional(),
  template_file: z.string().optional(),
  entity_id: z.string().optional(),
  regions: z.array(z.object({ name: z.string().min(1), children: z.array(regionChild) })),
});
export type PublishPageBody = z.infer<typeof publishPageBody>;
