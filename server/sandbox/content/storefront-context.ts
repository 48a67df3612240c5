// What the storefront content of a store (web pages, blog posts, redirects) needs from the store around it: its
// channels, its clock (through the content state's ids, so that a demo copy's writes replay the same), and where its
// catalogue's pages live (for a redirect's `to_url`).

/** A redirect target type that names a catalogue or content object (redirects.v3.yml:600-612). */
export type EntityKind = 'product' | 'brand' | 'category' | 'page' | 'post';

export type StorefrontContext = {
  /** The store's first channel: the default of every write that leaves `channel_id` out. */
  defaultChannelId(): number;
  isKnownChannel(channelId: number): boolean;
  /** The store's channels at creation, in order; sites are numbered after them (see ./redirects.ts). */
  channelIds(): readonly number[];
  /** The time of the write being handled (the content state's clock). */
  now(): Date;
  storeHash(): string;
  /** The storefront path of a product, category or brand (`/kestrel-summit/`), or undefined when there is none. */
  catalogPath(kind: 'product' | 'category' | 'brand', id: number): string | undefined;
};
