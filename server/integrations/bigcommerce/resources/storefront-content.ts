// Web pages (openapi/pages.v3.yml [PAGES]), blog posts (openapi/store_content.v2.yml [BLOG]) and 301 redirects
// (openapi/redirects.v3.yml [REDIR]). Loose objects: fields this code does not name survive a snapshot unchanged.
import { z } from 'zod';
import { idSchema } from './common';

/** Page types (pages.v3.yml:917-927). */
export const WEB_PAGE_TYPES = ['page', 'raw', 'contact_form', 'link', 'blog'] as const;
export type WebPageType = (typeof WEB_PAGE_TYPES)[number];

/**
 * One page as answered (typePage, typeBlog, typeContactForm, typeRaw, typeLink: pages.v3.yml:944-1028). Which fields
 * appear depends on the type (a `link` page has `link` and no `url`, a `raw` page `content_type` and no meta fields);
 * `body` only when asked for with `include=body` (529-540). `meta_keywords` and others may be null (examples 205, 363).
 */
export const webPageSchema = z.looseObject({
  id: idSchema,
  channel_id: z.number().optional(),
  name: z.string(),
  type: z.string(),
  is_visible: z.boolean().optional(),
  parent_id: z.number().optional(),
  sort_order: z.number().optional(),
  is_homepage: z.boolean().optional(),
  is_customers_only: z.boolean().optional(),
  url: z.string().optional(),
  meta_title: z.string().nullish(),
  meta_keywords: z.string().nullish(),
  meta_description: z.string().nullish(),
  search_keywords: z.string().nullish(),
  body: z.string().nullish(),
  email: z.string().optional(),
  contact_fields: z.string().optional(),
  link: z.string().optional(),
  content_type: z.string().optional(),
});
export type WebPage = z.infer<typeof webPageSchema>;

/**
 * The writable fields of a page (PagePutObj, pages.v3.yml:765-870). A create needs `name` and `type` (941-943), a
 * `raw` page a `body`, a `link` page a `link`; `blog` pages cannot be created (30). `channel_id` defaults to 1.
 */
export type WebPageInput = {
  channel_id?: number;
  name?: string;
  type?: WebPageType;
  is_visible?: boolean;
  parent_id?: number;
  sort_order?: number;
  is_homepage?: boolean;
  is_customers_only?: boolean;
  url?: string;
  meta_title?: string | null;
  meta_keywords?: string | null;
  meta_description?: string | null;
  search_keywords?: string | null;
  body?: string | null;
  email?: string;
  contact_fields?: string;
  link?: string;
  content_type?: string;
};
export type WebPageCreate = WebPageInput & { name: string; type: WebPageType };

/** `published_date` as answered: an object (store_content.v2.yml publishedDate, 1437-1450). */
const publishedDateSchema = z.looseObject({
  date: z.string().optional(),
  timezone_type: z.number().optional(),
  timezone: z.string().optional(),
});

/** blogPost_Full (store_content.v2.yml:940-967, blogPost_Base_Res at 1374-1436). v2: answered bare, without `{data}`. */
export const blogPostSchema = z.looseObject({
  id: idSchema,
  title: z.string(),
  url: z.string().optional(),
  preview_url: z.string().optional(),
  body: z.string().optional(),
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  is_published: z.boolean().optional(),
  published_date: z.union([publishedDateSchema, z.string()]).nullish(),
  published_date_iso8601: z.string().nullish(),
  meta_description: z.string().nullish(),
  meta_keywords: z.string().nullish(),
  author: z.string().nullish(),
  thumbnail_path: z.string().nullish(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * Body of a create or an update (blogPost_Base_Post, store_content.v2.yml:1233-1295): `title` and `body` required by
 * both; `published_date` a flat RFC 2822 string (180, 309), not the object the answers carry.
 */
export type BlogPostInput = {
  title: string;
  body: string;
  url?: string;
  tags?: string[];
  /** Sent explicitly on every update: left out, an update makes the post a draft (1271-1272). */
  is_published: boolean;
  meta_description?: string;
  meta_keywords?: string;
  author?: string;
  thumbnail_path?: string;
  /** RFC 2822, e.g. `Wed, 10 Aug 2022 15:39:15 -0500`. */
  published_date?: string;
};

/** `{count}` of getBlogPostsCount (count_Response, store_content.v2.yml:1187-1197). */
export const countSchema = z.looseObject({ count: z.number() });

/** RedirectTo.type (redirects.v3.yml:600-618). */
export const REDIRECT_TO_TYPES = ['product', 'brand', 'category', 'page', 'post', 'url'] as const;
export type RedirectToType = (typeof REDIRECT_TO_TYPES)[number];

export const redirectToSchema = z.looseObject({
  type: z.string(),
  entity_id: z.number().nullish(),
  url: z.string().nullish(),
});

/** 301RedirectRead (redirects.v3.yml:490-507); `to_url` only with `include=to_url`. */
export const redirectSchema = z.looseObject({
  id: idSchema,
  site_id: z.number(),
  from_path: z.string(),
  to: redirectToSchema.optional(),
  to_url: z.string().optional(),
});
export type Redirect = z.infer<typeof redirectSchema>;

/** 301RedirectUpsert (redirects.v3.yml:476-489): an existing (site_id, from_path) is overwritten. */
export type RedirectUpsert = {
  from_path: string;
  site_id: number;
  to: { type: RedirectToType; entity_id?: number; url?: string };
};
