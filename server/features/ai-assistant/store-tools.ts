// The model's tools over the store the user picked in the chat (issue 18). All of them only read, through the same
// BigCommerce client and scheduler as every tool (so they share the store's quota and pacing fairly); nothing that
// writes to a store is ever given to the model. Each answer is a small JSON text, at most MAX_TOOL_OUTPUT_CHARS.
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import {
  isBigCommerceError,
  type BigCommerceClient,
  type PageSnapshot,
  type Product,
} from '../../integrations/bigcommerce';

export const MAX_TOOL_OUTPUT_CHARS = 6_000;
/** Most widgets and channels a tool lists (the counts are always whole). */
export const MAX_LISTED_ITEMS = 60;

/** The tools' names: read-only, every one. */
export const STORE_TOOL_NAMES = [
  'lookup_product',
  'list_page_widgets',
  'count_products',
  'list_channels',
] as const;

const id = z.number().int().positive().max(2_147_483_647);

export function createStoreTools(client: BigCommerceClient, signal: AbortSignal): ToolSet {
  return {
    lookup_product: tool({
      description:
        'Look up one product of the picked store by its product ID or by SKU (main or variant SKU). Answers its ID, name, SKU, type, prices, stock, visibility, category IDs, brand ID and page title.',
      inputSchema: z.object({
        id: id.optional().describe('The product ID'),
        sku: z.string().trim().min(1).max(255).optional().describe('A product or variant SKU'),
      }),
      execute: async ({ id: productId, sku }) =>
        bounded(await lookupProduct(client, { productId, sku }, signal)),
    }),
    list_page_widgets: tool({
      description:
        'List the widgets on one page of the picked store (its Page Builder snapshot): regions, layouts and widgets with their template UUIDs. Without templateFile: the global regions. entityId is needed for one product, category, brand or web page.',
      inputSchema: z.object({
        templateFile: z
          .string()
          .regex(/^pages\/[a-z0-9][a-z0-9/_-]{0,100}$/, 'a template file such as pages/home or pages/product')
          .optional()
          .describe('e.g. pages/home, pages/product, pages/category'),
        entityId: z
          .string()
          .regex(/^\d{1,10}$/)
          .optional(),
        channelId: id.optional().describe('The channel ID; 1 (the default storefront) when left out'),
      }),
      execute: async ({ templateFile, entityId, channelId }) => {
        const snapshot = await client.pageWidgets.get({
          channelId: channelId ?? 1,
          ...(templateFile !== undefined ? { templateFile } : {}),
          ...(entityId !== undefined ? { entityId } : {}),
          signal,
        });
        return bounded({ templateFile: templateFile ?? '(global regions)', ...summariseSnapshot(snapshot) });
      },
    }),
    count_products: tool({
      description:
        'Count the products of the picked store, optionally only those in a category, on a channel, of a brand, or visible on the storefront.',
      inputSchema: z.object({
        categoryId: id.optional(),
        channelId: id.optional(),
        brandId: id.optional(),
        visibleOnly: z.boolean().optional(),
      }),
      execute: async ({ categoryId, channelId, brandId, visibleOnly }) => {
        const page = await client.products.list({
          query: {
            include_fields: 'id',
            'categories:in': categoryId,
            'channel_id:in': channelId,
            brand_id: brandId,
            is_visible: visibleOnly === true ? true : undefined,
          },
          limit: 1,
          signal,
        });
        return bounded({
          filters: { categoryId, channelId, brandId, visibleOnly: visibleOnly === true },
          total: page.pagination?.total ?? page.items.length,
        });
      },
    }),
    list_channels: tool({
      description: 'List the channels (storefronts, marketplaces, POS) of the picked store with their IDs.',
      inputSchema: z.object({}),
      execute: async () => {
        const channels = await client.channels.listAll({ signal });
        return bounded({
          total: channels.length,
          channels: channels.slice(0, MAX_LISTED_ITEMS).map((channel) => ({
            id: channel.id,
            name: channel.name,
            type: channel.type,
            platform: channel.platform,
            status: channel.status,
          })),
        });
      },
    }),
  };
}

async function lookupProduct(
  client: BigCommerceClient,
  { productId, sku }: { productId?: number; sku?: string },
  signal: AbortSignal,
): Promise<object> {
  if (productId === undefined && sku === undefined) return { error: 'Give a product ID or a SKU.' };
  if (productId !== undefined) {
    try {
      return { found: true, product: productSummary(await client.products.get(productId, { signal })) };
    } catch (error) {
      if (isBigCommerceError(error) && error.code === 'bc_not_found') {
        return { found: false, message: `No product with ID ${productId}` };
      }
      throw error;
    }
  }
  const bySku = await client.products.list({ query: { sku }, limit: 1, signal });
  const product = bySku.items[0];
  if (product) return { found: true, matchedBy: 'product SKU', product: productSummary(product) };
  const variants = await client.variants.list({ query: { sku }, limit: 1, signal });
  const variant = variants.items[0];
  if (variant?.product_id === undefined)
    return { found: false, message: `No product or variant with SKU ${sku}` };
  return {
    found: true,
    matchedBy: 'variant SKU',
    variant: {
      id: variant.id,
      sku: variant.sku,
      price: variant.price,
      inventory_level: variant.inventory_level,
    },
    product: productSummary(await client.products.get(variant.product_id, { signal })),
  };
}

function productSummary(product: Product) {
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    type: product.type,
    price: product.price,
    sale_price: product.sale_price,
    inventory_level: product.inventory_level,
    is_visible: product.is_visible,
    categories: product.categories,
    brand_id: product.brand_id,
    page_title: product.page_title,
    custom_url: product.custom_url,
  };
}

type WidgetLine = { region: string; name: string; templateUuid: string; inLayout: boolean };

/** A page snapshot as regions and their widgets (layouts opened), the widget count and the layout count. */
export function summariseSnapshot(snapshot: PageSnapshot) {
  const widgets: WidgetLine[] = [];
  let layouts = 0;
  for (const region of snapshot.regions) {
    for (const child of region.children ?? []) {
      const record = child as Record<string, unknown>;
      if (record.type === 'layout') {
        layouts += 1;
        const dropzones = Array.isArray(record.dropzones)
          ? (record.dropzones as Record<string, unknown>[])
          : [];
        for (const dropzone of dropzones) {
          const inner = Array.isArray(dropzone.widgets)
            ? (dropzone.widgets as Record<string, unknown>[])
            : [];
          for (const widget of inner) widgets.push(widgetLine(region.name, widget, true));
        }
      } else {
        widgets.push(widgetLine(region.name, record, false));
      }
    }
  }
  return {
    regions: snapshot.regions.map((region) => region.name),
    totalWidgets: widgets.length,
    totalLayouts: layouts,
    widgets: widgets.slice(0, MAX_LISTED_ITEMS),
  };
}

function widgetLine(region: string, widget: Record<string, unknown>, inLayout: boolean): WidgetLine {
  return {
    region,
    name: typeof widget.name === 'string' ? widget.name : '(unnamed)',
    templateUuid: typeof widget.widget_template_uuid === 'string' ? widget.widget_template_uuid : '',
    inLayout,
  };
}

/** A tool's answer as JSON, cut to MAX_TOOL_OUTPUT_CHARS (the model is told when it was cut). */
export function bounded(value: object): string {
  const text = JSON.stringify(value);
  if (text.length <= MAX_TOOL_OUTPUT_CHARS) return text;
  return `${text.slice(0, MAX_TOOL_OUTPUT_CHARS)}… (cut: the answer was ${text.length} characters)`;
}
