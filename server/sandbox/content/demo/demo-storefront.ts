// Demo blog posts and 301 redirects of the `sandbox-demo` store. Deterministic: a faker seeded from the store's seed
// (its own, so the widget content keeps the values it had before these existed); the redirects point at the store's
// own product, category, brand, web page and blog post ids.
import { Faker, base, en } from '@faker-js/faker';
import type { ContentState } from '../content-state';
import { FIRST_SITE_ID, type RedirectTo } from '../redirects';

export type StorefrontDemoRefs = {
  productIds: readonly number[];
  categoryIds: readonly number[];
  brandIds: readonly number[];
  channelIds: readonly number[];
};

/** Demo posts, newest last; the fourth is a draft. */
const POSTS: readonly { title: string; tags: string[]; published: boolean }[] = [
  { title: 'Welcome to Our New Store', tags: ['news', 'welcome'], published: true },
  { title: 'How to Choose Over-Ear Headphones', tags: ['guides', 'audio'], published: true },
  { title: 'Caring for Your Leather Goods', tags: ['guides', 'care'], published: true },
  { title: 'Autumn Collection Preview', tags: ['news', 'collections'], published: false },
  { title: 'Behind the Scenes: Our Workshop', tags: ['stories'], published: true },
];

/** Demo posts start here, about a fortnight apart. */
const POSTS_EPOCH = Date.parse('2024-09-02T08:30:00.000Z');

export const DEMO_BLOG_POST_COUNT = POSTS.length;

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function seedDemoStorefront(state: ContentState, refs: StorefrontDemoRefs, seed: number): void {
  const faker = new Faker({ locale: [en, base], seed: seed + 1 });
  let at = POSTS_EPOCH;
  POSTS.forEach((post, index) => {
    at +=
      faker.number.int({ min: 10, max: 18 }) * 86_400_000 + faker.number.int({ min: 0, max: 36_000 }) * 1000;
    const paragraphs = faker.lorem.paragraphs(3, '</p><p>');
    state.blogPosts.add({
      id: index + 1,
      title: post.title,
      url: `/blog/${slug(post.title)}/`,
      body: `<p>${paragraphs}</p>`,
      tags: post.tags,
      is_published: post.published,
      published_at: new Date(at).toISOString(),
      meta_description: faker.lorem.sentence(),
      meta_keywords: post.tags.join(','),
      author: faker.person.fullName(),
      thumbnail_path: '',
    });
  });

  // Redirects: two to products, then one of every other target type, on the first channel's site; one on the second
  // channel's site when there is one. A target type whose ids the store lacks is left out.
  const site = FIRST_SITE_ID;
  const targets: { from: string; to: RedirectTo; siteId?: number }[] = [];
  const first = <T>(list: readonly T[], n = 0): T | undefined => list[n];
  const product = first(refs.productIds);
  const product2 = first(refs.productIds, 1);
  const category = first(refs.categoryIds);
  const brand = first(refs.brandIds);
  if (product !== undefined)
    targets.push({ from: '/old-products/summit/', to: { type: 'product', entity_id: product } });
  if (product2 !== undefined) {
    targets.push({ from: '/shop/item.php?id=2', to: { type: 'product', entity_id: product2 } });
  }
  if (category !== undefined) {
    targets.push({ from: '/departments/audio/', to: { type: 'category', entity_id: category } });
  }
  if (brand !== undefined)
    targets.push({ from: '/makers/kestrel/', to: { type: 'brand', entity_id: brand } });
  targets.push({ from: '/shipping/', to: { type: 'page', entity_id: 1 } });
  targets.push({ from: '/about/', to: { type: 'page', entity_id: 4 } });
  targets.push({ from: '/news/welcome/', to: { type: 'post', entity_id: 1 } });
  targets.push({ from: '/sale/', to: { type: 'url', url: '/search.php?search_query=sale' } });
  targets.push({ from: '/partners/', to: { type: 'url', url: 'https://partners.example.com/' } });
  if (refs.channelIds.length > 1) {
    targets.push({ from: '/outlet-old/', to: { type: 'url', url: '/' }, siteId: FIRST_SITE_ID + 1 });
  }
  targets.forEach((target, index) => {
    state.redirects.add({
      id: index + 1,
      site_id: target.siteId ?? site,
      from_path: target.from,
      to: target.to,
    });
  });
}
