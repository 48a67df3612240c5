// The catalogue part of the sandbox: store information, channels, brands, category trees and products with their
// sub-resources. Its state is the store's `data` (store-state.ts), made by the core from the seed.
import type { SandboxPlugin } from './plugin';
import { registerAssignmentRoutes } from './routes/assignments';
import { registerBrandRoutes } from './routes/brands';
import { registerChannelRoutes } from './routes/channels';
import { registerModifierRoutes } from './routes/modifiers';
import { registerOptionRoutes } from './routes/options';
import { registerProductExtraRoutes } from './routes/product-extras';
import { registerProductMediaRoutes } from './routes/product-media';
import { registerProductRoutes } from './routes/products';
import { registerStoreInfoRoutes } from './routes/store-info';
import { registerTreeRoutes } from './routes/trees';
import { registerVariantRoutes } from './routes/variants';

export const catalogPlugin: SandboxPlugin = {
  registerRoutes: (app, deps) => {
    registerStoreInfoRoutes(app, deps);
    registerChannelRoutes(app);
    registerBrandRoutes(app);
    registerTreeRoutes(app);
    // Fixed paths under /catalog/products go before the `{product_id}` routes.
    registerAssignmentRoutes(app);
    registerProductRoutes(app, deps);
    registerVariantRoutes(app, deps);
    registerOptionRoutes(app, deps);
    registerModifierRoutes(app, deps);
    registerProductMediaRoutes(app, deps);
    registerProductExtraRoutes(app, deps);
  },
};
