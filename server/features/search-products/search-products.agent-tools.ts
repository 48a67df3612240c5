// Search Products for AI agents (issue 33): `search_products` {storeId, query, limit} answers `{products: [{id, name,
// sku}]}` as `POST /api/search-products` does, the body checked by the same contract; `count_products` counts a
// store's products, optionally by category, channel, brand or visibility (the AI Assistant's, now everyone's).
import { z } from 'zod';
import {
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  searchProductsRequestSchema,
} from '../../../common/contracts/search-products';
import { agentTool, type AgentTool } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { parseInput } from '../../errors';
import { countProducts, searchProducts } from './search-products.service';

const searchProductsAgentTool = agentTool({
  name: 'search_products',
  title: 'Search products',
  description:
    'Find products of a store by part of their name, SKU or description, or by product ID: answers up to `limit` matches as {id, name, sku}.',
  access: 'read',
  input: {
    storeId: storeIdInput('The store'),
    query: z.union([z.string().max(100), z.number()]).describe('Part of a name or SKU, or a product ID'),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  },
  run: async ({ storeId, query, limit }, context) => {
    const storeCredentials = await context.credentials(storeId);
    const request = parseInput(searchProductsRequestSchema, { storeCredentials, query, limit });
    return searchProducts(context.client(storeCredentials), request, context.signal);
  },
});

const id = z.number().int().positive().max(2_147_483_647);

const countProductsAgentTool = agentTool({
  name: 'count_products',
  title: 'Count products',
  description:
    'Count the products of a store, optionally only those in a category, on a channel, of a brand, or visible on the storefront.',
  access: 'read',
  input: {
    storeId: storeIdInput('The store'),
    categoryId: id.optional(),
    channelId: id.optional(),
    brandId: id.optional(),
    visibleOnly: z.boolean().optional(),
  },
  run: async ({ storeId, categoryId, channelId, brandId, visibleOnly }, context) => {
    const storeCredentials = await context.credentials(storeId);
    return countProducts(
      context.client(storeCredentials),
      { categoryId, channelId, brandId, visibleOnly: visibleOnly === true },
      context.signal,
    );
  },
});

/** Search Products' tools: `search_products`, `count_products`. */
export function searchProductsAgentTools(): AgentTool[] {
  return [searchProductsAgentTool, countProductsAgentTool];
}
