// Blog posts as ../shared/bigcommerce/openapi/store_content.v2.yml [BLOG] documents them (getBlogPosts,
// createBlogPosts, deleteBlogPosts, getBlogPost, updateBlogPost, deleteBlogPost, getBlogPostsCount). v2 answers are
// not wrapped: a post, or a bare array of posts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxApp, SandboxContext, SandboxEnv } from '../core/app-env';
import { BcApiError } from '../core/envelope';
import { boolParam, documentedOnly, pagingParams, strParam } from '../core/query';
import { query, readJson } from '../catalog/route-helpers';
import type { GetContent } from './route-helpers';
import { parseBody } from '../core/body';
import type { StorefrontContext } from './storefront-context';
import { contentSlug } from './slug';

export type BlogPost = {
  id: number;
  title: string;
  url: string;
  body: string;
  tags: string[];
  is_published: boolean;
  /** ISO 8601 instant of publication (kept as one value; answered in both of [BLOG]'s forms). */
  published_at: string;
  meta_description: string;
  meta_keywords: string;
  author: string;
  thumbnail_path: string;
};

/** A sandbox bound, not BigCommerce's (the spec names none): the store's growth budget bounds it as well. */
export const BLOG_POST_LIMIT = 10_000;

/**
 * blogPost_Base_Post (store_content.v2.yml:1233-1295): `title` and `body` required on create and update alike (both
 * operations take this schema, 186-191 and 315-320); `published_date` a flat RFC 2822 string (180, 309).
 */
const blogPostBody = z.object({
  title: z.string().min(1),
  body: z.string(),
  url: z.string().optional(),
  tags: z.array(z.string()).optional(),
  is_published: z.boolean().optional(),
  meta_description: z.string().optional(),
  meta_keywords: z.string().optional(),
  author: z.string().optional(),
  thumbnail_path: z.string().optional(),
  published_date: z.string().optional(),
});

export type BlogPostFilter = {
  isPublished?: boolean;
  url?: string;
  tag?: string;
  publishedDate?: string;
};

/** The summary BigCommerce derives from the body (read-only, store_content.v2.yml:1092-1096; examples at 117, 137). */
function summaryOf(body: string): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= 300 ? text : `${text.slice(0, 300).replace(/\s+\S*$/, '')} [...]`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * blogPost_Full as answered (store_content.v2.yml:940-967 and the examples at 105-166): `published_date` is an object
 * `{date, timezone_type, timezone}` and `published_date_iso8601` a string; both in UTC here.
 */
export function blogPostView(post: BlogPost): Record<string, unknown> {
  const at = new Date(post.published_at);
  const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
  return {
    id: post.id,
    title: post.title,
    url: post.url,
    preview_url: post.url,
    body: post.body,
    tags: [...post.tags],
    summary: summaryOf(post.body),
    is_published: post.is_published,
    published_date: { date: `${date}.000000`, timezone_type: 1, timezone: '+00:00' },
    published_date_iso8601: `${date.replace(' ', 'T')}+0000`,
    meta_description: post.meta_description,
    meta_keywords: post.meta_keywords,
    author: post.author,
    thumbnail_path: post.thumbnail_path,
  };
}

function notFound(id: number): BcApiError {
  return new BcApiError(404, 'The requested resource was not found.', {
    id: `Blog post ${id} was not found.`,
  });
}

export type BlogPostsSnapshot = { posts: Map<number, BlogPost>; nextId: number };

export class BlogPosts {
  private readonly posts = new Map<number, BlogPost>();
  private nextId = 1;

  constructor(private readonly context: StorefrontContext) {}

  save(): BlogPostsSnapshot {
    return { posts: this.posts, nextId: this.nextId };
  }

  load(saved: BlogPostsSnapshot): void {
    this.posts.clear();
    for (const [id, post] of saved.posts) this.posts.set(id, post);
    this.nextId = saved.nextId;
  }

  /** Seeds one post as it is (demo content). */
  add(post: BlogPost): void {
    this.posts.set(post.id, structuredClone(post));
    this.nextId = Math.max(this.nextId, post.id + 1);
  }

  /**
   * getBlogPosts (store_content.v2.yml:53-166): "Default sorting is by published_date, beginning with the most recent
   * post" (57); ties by id, newest first. Filters `is_published`, `url`, `tag` (one of the post's tags) and
   * `published_date` (the same second).
   */
  list(filter: BlogPostFilter = {}): BlogPost[] {
    const day = filter.publishedDate === undefined ? undefined : Date.parse(filter.publishedDate);
    if (day !== undefined && Number.isNaN(day)) {
      throw new BcApiError(422, 'The filter published_date is not a date', {
        published_date: 'published_date must be a date-time',
      });
    }
    return [...this.posts.values()]
      .filter((post) => filter.isPublished === undefined || post.is_published === filter.isPublished)
      .filter((post) => filter.url === undefined || post.url === filter.url)
      .filter((post) => filter.tag === undefined || post.tags.includes(filter.tag))
      .filter(
        (post) =>
          day === undefined || Math.floor(Date.parse(post.published_at) / 1000) === Math.floor(day / 1000),
      )
      .sort((a, b) => b.published_at.localeCompare(a.published_at) || b.id - a.id)
      .map((post) => structuredClone(post));
  }

  count(): number {
    return this.posts.size;
  }

  get(id: number): BlogPost {
    const post = this.posts.get(id);
    if (!post) throw notFound(id);
    return structuredClone(post);
  }

  private publishedAt(raw: string | undefined, fallback: string): string {
    if (raw === undefined) return fallback;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) {
      throw new BcApiError(422, 'published_date is not a valid RFC 2822 date', {
        published_date: 'published_date must be an RFC 2822 date, such as "Wed, 10 Aug 2022 15:39:15 -0500"',
      });
    }
    return new Date(ms).toISOString();
  }

  /** A URL made from the title when none is given (180-182), `-2`, `-3`… when another post has it. */
  private urlFor(title: string, self?: number): string {
    const base = `/blog/${contentSlug(title) || 'post'}`;
    const taken = new Set([...this.posts.values()].filter((p) => p.id !== self).map((p) => p.url));
    for (let n = 1; ; n++) {
      const url = n === 1 ? `${base}/` : `${base}-${n}/`;
      if (!taken.has(url)) return url;
    }
  }

  /** createBlogPosts (167-227): drafts unless `is_published` is true (181); answered 200 with the post (192-219). */
  create(raw: unknown): BlogPost {
    const body = parseBody(blogPostBody, raw);
    if (this.posts.size >= BLOG_POST_LIMIT) {
      throw new BcApiError(403, `This sandbox store holds at most ${BLOG_POST_LIMIT} blog posts`);
    }
    const post: BlogPost = {
      id: this.nextId,
      title: body.title,
      url: body.url ?? this.urlFor(body.title),
      body: body.body,
      tags: body.tags ?? [],
      is_published: body.is_published ?? false,
      published_at: this.publishedAt(body.published_date, this.context.now().toISOString()),
      meta_description: body.meta_description ?? '',
      meta_keywords: body.meta_keywords ?? '',
      author: body.author ?? '',
      thumbnail_path: body.thumbnail_path ?? '',
    };
    this.nextId += 1;
    this.posts.set(post.id, post);
    return structuredClone(post);
  }

  /**
   * updateBlogPost (300-356). `is_published`: "If you want the post to be or remain published following the request,
   * you must set the field explicitly to true, even if the blog post was already published" (1271-1272): left out,
   * the post becomes a draft. Other fields left out keep their value.
   */
  update(id: number, raw: unknown): BlogPost {
    const current = this.posts.get(id);
    if (!current) throw notFound(id);
    const body = parseBody(blogPostBody, raw);
    const next: BlogPost = {
      ...current,
      title: body.title,
      body: body.body,
      url: body.url ?? current.url,
      tags: body.tags ?? current.tags,
      is_published: body.is_published ?? false,
      published_at: this.publishedAt(body.published_date, current.published_at),
      meta_description: body.meta_description ?? current.meta_description,
      meta_keywords: body.meta_keywords ?? current.meta_keywords,
      author: body.author ?? current.author,
      thumbnail_path: body.thumbnail_path ?? current.thumbnail_path,
    };
    this.posts.set(id, next);
    return structuredClone(next);
  }

  delete(id: number): void {
    if (!this.posts.delete(id)) throw notFound(id);
  }

  /** deleteBlogPosts (228-254): "Deletes a page of Blog Posts", the page `page` and `limit` select in list order. */
  deletePage(page: number, limit: number): void {
    const start = (page - 1) * limit;
    for (const post of this.list().slice(start, start + limit)) this.posts.delete(post.id);
  }
}

/** An integer path id of a v2 resource; anything else is a 404, as the route would not match. */
function v2Id(c: SandboxContext): number {
  const raw = c.req.param('id') ?? '';
  if (!/^\d+$/.test(raw)) throw new BcApiError(404, 'The requested resource was not found.');
  return Number(raw);
}

/**
 * Blog posts, relative to `/v2/blog` (store_content.v2.yml:50-384). v2 answers are bare: an array or an object. Errors
 * use the v3 body like every sandbox answer (v2's own error shape is not in the spec).
 */
export function createBlogPostRoutes(getContent: GetContent): SandboxApp {
  const app = new Hono<SandboxEnv>();

  // getBlogPosts (53-166): filters is_published, url, tag, published_date; page, limit (maximum 250, 92). The spec
  // also gives `page` a maximum of 50 (85) and deleteBlogPosts the two maximums swapped (235-250): the sandbox reads
  // both as typing slips and bounds `limit` only.
  app.get('/posts', (c) => {
    const q = documentedOnly(query(c), ['is_published', 'url', 'tag', 'published_date', 'page', 'limit']);
    const { page, limit } = pagingParams(q, 250);
    const posts = getContent(c).blogPosts.list({
      isPublished: boolParam(q, 'is_published'),
      url: strParam(q, 'url'),
      tag: strParam(q, 'tag'),
      publishedDate: strParam(q, 'published_date'),
    });
    const start = (page - 1) * limit;
    return c.json(posts.slice(start, start + limit).map(blogPostView), 200);
  });
  app.get('/posts/count', (c) => c.json({ count: getContent(c).blogPosts.count() }, 200));
  app.post('/posts', async (c) => {
    const post = getContent(c).blogPosts.create(await readJson(c));
    // The spec answers 200 (193-219), not 201.
    return c.json(blogPostView(post), 200);
  });
  // deleteBlogPosts (228-254): "Deletes a page of Blog Posts"; `limit` up to 50 (247), default 50.
  app.delete('/posts', (c) => {
    const q = documentedOnly(query(c), ['page', 'limit']);
    const { page, limit } = pagingParams(q, 50);
    getContent(c).blogPosts.deletePage(page, limit);
    return c.body(null, 204);
  });
  app.get('/posts/:id', (c) => c.json(blogPostView(getContent(c).blogPosts.get(v2Id(c))), 200));
  app.put('/posts/:id', async (c) => {
    const id = v2Id(c);
    return c.json(blogPostView(getContent(c).blogPosts.update(id, await readJson(c))), 200);
  });
  app.delete('/posts/:id', (c) => {
    getContent(c).blogPosts.delete(v2Id(c));
    return c.body(null, 204);
  });
  return app;
}
