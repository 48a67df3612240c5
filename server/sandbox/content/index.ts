// The sandbox's content API (widgets, placements, regions, page widgets, pages). See ../README.md "Content API".
export { ContentState, CONTENT_LIMITS } from './content-state';
export type { IdSource } from './content-state';
export { createContentState } from './create-content-state';
export type { ContentRefs } from './create-content-state';
export { createContentRoutes } from './routes';
export type { GetContent } from './routes';
export { contentOf, contentPlugin } from './plugin';
export { DEFAULT_DEMO_SEED } from './demo/demo-content';
export type * from './types';
