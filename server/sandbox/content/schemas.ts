// zod schemas of the content API's write bodies still kept together, after [WID placement_Post/_Put] and [PW publish],
// and the primitives the resource modules' bodies share (./widgets/*). They check shape only; the state checks
// references, channels and limits.
import { z } from 'zod';
import { UUID_RE } from './ids';

export const jsonObjectBody = z.record(z.string(), z.unknown());
export const uuidBody = z.string().regex(UUID_RE, { error: 'must be a UUID' });
export const channelIdBody = z.number().int().positive();
/** A name that is not blank; kept as sent (BigCommerce does not document trimming). */
export const nameBody = z.string().regex(/\S/, { error: 'must not be blank' });
const jsonObject = jsonObjectBody;
const uuid = uuidBody;
const channelId = channelIdBody;

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
