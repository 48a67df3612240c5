// The catalogue part of the sandbox: brands, category trees and products with their sub-resources, plus store
// information (core/store-information.ts) and channels (channels/channels.ts), which read the same state. Its state
// is the store's `data` (core/store-state.ts), made by the core from the seed. Each module is named after the OpenAPI
// file (or the resource of products_catalog.v3.yml) it emulates.
import type { SandboxPlugin } from '../core/plugin';
import { registerChannelRoutes } from '../channels/channels';
import { registerStoreInfoRoutes } from '../core/store-information';
import { registerBrandRoutes } from './brands';
import { registerTreeRoutes } from './category-trees';
import { registerBulkPricingRuleRoutes } from './products/bulk-pricing-rules';
import { registerCategoryAssignmentRoutes } from './products/category-assignments';
import { registerChannelAssignmentRoutes } from './products/channel-assignments';
import { registerCustomFieldRoutes } from './products/custom-fields';
import { registerProductImageRoutes } from './products/images';
import { registerModifierRoutes } from './products/product-modifiers';
import { registerOptionRoutes } from './products/product-variant-options';
import { registerVariantRoutes } from './products/product-variants';
import { registerProductRoutes } from './products/products';
import { registerReviewRoutes } from './products/reviews';
import { registerProductVideoRoutes } from './products/videos';

export const catalogPlugin: SandboxPlugin = {
  registerRoutes: (app, deps) => {
    registerStoreInfoRoutes(app, deps);
    registerChannelRoutes(app);
    registerBrandRoutes(app);
    registerTreeRoutes(app);
    // Fixed paths under /catalog/products go before the `{product_id}` routes.
    registerChannelAssignmentRoutes(app);
    registerCategoryAssignmentRoutes(app);
    registerProductRoutes(app, deps);
    registerVariantRoutes(app, deps);
    registerOptionRoutes(app, deps);
    registerModifierRoutes(app, deps);
    registerProductImageRoutes(app, deps);
    registerProductVideoRoutes(app, deps);
    registerCustomFieldRoutes(app, deps);
    registerBulkPricingRuleRoutes(app, deps);
    registerReviewRoutes(app, deps);
  },
};
