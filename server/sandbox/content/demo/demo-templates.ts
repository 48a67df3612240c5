// Custom widget templates of the demo store and how each fills a widget configuration. Every configure function draws
// only from the seeded faker it is given, so the demo content is the same for the same seed.
import type { Faker } from '@faker-js/faker';
import { builtInByKind } from '../built-in-templates';
import * as ui from '../schema-builders';
import type { JsonObject } from '../types';

export type DemoContext = { faker: Faker; productIds: readonly number[]; storeHash: string };

export type Configured = { configuration: JsonObject; storefront_api_query_params?: JsonObject };

export type DemoTemplate = {
  key: string;
  name: string;
  schema: JsonObject[];
  template: string;
  storefront_api_query?: string;
  configure: (ctx: DemoContext) => Configured;
};

export function imageUrl(ctx: DemoContext, slug: string): JsonObject {
  const file = `${slug}-${ctx.faker.string.alphanumeric({ length: 6, casing: 'lower' })}.jpg`;
  return {
    src: `https://cdn11.bigcommerce.com/s-${ctx.storeHash}/images/stencil/original/image-manager/${file}`,
    type: 'IMAGE_MANAGER',
  };
}

export function pickProductId(ctx: DemoContext): string {
  return ctx.productIds.length > 0 ? String(ctx.faker.helpers.arrayElement([...ctx.productIds])) : '';
}

function productParams(productId: string): JsonObject {
  return productId ? { productId: Number(productId) } : {};
}

const FEATURED_PRODUCT_QUERY = `query FeaturedProduct($productId: Int!) {
  site {
    product(entityId: $productId) {
      name
      path
      description
      defaultImage { url(width: 640) altText }
      prices { price { value currencyCode } salePrice { value } }
    }
  }
}`;

export const CUSTOM_DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    key: 'header-images',
    name: 'Header Images',
    schema: [
      ui.arrayOf(
        'images',
        'Images',
        'Image',
        3,
        [ui.image('imageUrl', 'Image'), ui.input('link', 'Link', '#')],
        'imageUrl.src',
      ),
    ],
    template:
      '<div class="header-images">{{#each images}}<a href="{{link}}"><img src="{{imageUrl.src}}" alt=""></a>{{/each}}</div>',
    configure: (ctx) => ({
      configuration: {
        images: Array.from({ length: 3 }, (_, index) => ({
          imageUrl: imageUrl(ctx, `header-${index + 1}`),
          link: `/${ctx.faker.commerce.department().toLowerCase()}/`,
        })),
      },
    }),
  },
  {
    key: 'simple-list',
    name: 'Simple List',
    schema: [
      ui.arrayOf('list_items', 'Items', 'Item', 3, [
        ui.input('text', 'Text', 'List item'),
        ui.color('color', 'Color', '#333333'),
      ]),
    ],
    template: "<ul>{{#each list_items}}<li style='color:{{color}};'>{{text}}</li>{{/each}}</ul>",
    configure: ({ faker }) => ({
      configuration: {
        list_items: Array.from({ length: faker.number.int({ min: 2, max: 5 }) }, () => ({
          text: faker.company.catchPhrase(),
          color: faker.color.rgb(),
        })),
      },
    }),
  },
  {
    key: 'promo-banner',
    name: 'Promo Banner',
    schema: [
      ui.tab('Content', [
        {
          label: 'Message',
          settings: [
            ui.input('headline', 'Headline', 'Free shipping over $50'),
            ui.text('details', 'Details'),
            ui.input('couponCode', 'Coupon code'),
          ],
        },
        {
          label: 'Style',
          settings: [
            ui.select('style', 'Style', ['solid', 'image']),
            ui.when(ui.color('backgroundColor', 'Background', '#1f2937'), 'style', ['solid']),
            ui.when(ui.image('backgroundImage', 'Background image'), 'style', ['image']),
          ],
        },
      ]),
    ],
    template: `<section class="promo-banner promo-banner--{{style}}"{{#if backgroundColor}} style="background:{{backgroundColor}};"{{/if}}>
  <strong>{{headline}}</strong> {{details}}
  {{#if couponCode}}<code class="promo-banner__code">{{couponCode}}</code>{{/if}}
</section>`,
    configure: (ctx) => {
      const style = ctx.faker.helpers.arrayElement(['solid', 'image']);
      return {
        configuration: {
          headline: `${ctx.faker.number.int({ min: 10, max: 40 })}% off ${ctx.faker.commerce.department()}`,
          details: ctx.faker.lorem.sentence(),
          couponCode: ctx.faker.string.alphanumeric({ length: 8, casing: 'upper' }),
          style,
          ...(style === 'solid'
            ? { backgroundColor: ctx.faker.color.rgb() }
            : { backgroundImage: imageUrl(ctx, 'promo') }),
        },
      };
    },
  },
  {
    key: 'testimonials',
    name: 'Testimonial Slider',
    schema: [
      ui.arrayOf('testimonials', 'Testimonials', 'Testimonial', 3, [
        ui.text('quote', 'Quote'),
        ui.input('author', 'Author'),
        ui.range('rating', 'Rating', 5, { min: 1, max: 5, step: 1 }),
      ]),
      ui.hidden(ui.setting('number', 'interval', 'Interval', 6000)),
    ],
    template: `<div class="testimonials" data-interval="{{interval}}">
  {{#each testimonials}}<blockquote data-rating="{{rating}}">{{quote}}<cite>{{author}}</cite></blockquote>{{/each}}
</div>`,
    configure: ({ faker }) => ({
      configuration: {
        interval: 6000,
        testimonials: Array.from({ length: 3 }, () => ({
          quote: faker.lorem.sentences(2),
          author: faker.person.fullName(),
          rating: faker.number.int({ min: 3, max: 5 }),
        })),
      },
    }),
  },
  {
    key: 'featured-product',
    name: 'Featured Product Card',
    schema: [ui.contentTab(ui.productPicker(), ui.input('badge', 'Badge', 'Staff pick'))],
    template: `{{#with data.site.product}}
<a class="featured-product" href="{{path}}">
  <img src="{{defaultImage.url}}" alt="{{defaultImage.altText}}">
  <span class="featured-product__badge">{{../badge}}</span>
  <h3>{{name}}</h3>
  <span>{{prices.price.value}} {{prices.price.currencyCode}}</span>
</a>
{{/with}}`,
    storefront_api_query: FEATURED_PRODUCT_QUERY,
    configure: (ctx) => {
      const productId = pickProductId(ctx);
      return {
        configuration: {
          productId,
          badge: ctx.faker.helpers.arrayElement(['Staff pick', 'New', 'Best seller']),
        },
        storefront_api_query_params: productParams(productId),
      };
    },
  },
  {
    key: 'faq',
    name: 'FAQ Accordion',
    schema: [
      ui.arrayOf('questions', 'Questions', 'Question', 4, [
        ui.input('question', 'Question'),
        ui.text('answer', 'Answer'),
      ]),
    ],
    template:
      '<dl class="faq">{{#each questions}}<details><summary>{{question}}</summary><div>{{{answer}}}</div></details>{{/each}}</dl>',
    configure: ({ faker }) => ({
      configuration: {
        questions: Array.from({ length: faker.number.int({ min: 3, max: 5 }) }, () => ({
          question: `${faker.lorem.sentence().replace(/\.$/, '')}?`,
          answer: `<p>${faker.lorem.paragraph()}</p>`,
        })),
      },
    }),
  },
  {
    key: 'newsletter',
    name: 'Newsletter Signup',
    schema: [
      ui.contentTab(
        ui.input('heading', 'Heading', 'Join our newsletter'),
        ui.input('buttonText', 'Button', 'Subscribe'),
      ),
      ui.hidden(ui.input('formAction', 'Form action', '/subscribe.php')),
    ],
    template: `<form class="newsletter" action="{{formAction}}" method="post">
  <h3>{{heading}}</h3><input type="email" name="nl_email"><button type="submit">{{buttonText}}</button>
</form>`,
    configure: ({ faker }) => ({
      configuration: {
        heading: faker.company.catchPhrase(),
        buttonText: faker.helpers.arrayElement(['Subscribe', 'Sign up', 'Join']),
        formAction: '/subscribe.php',
      },
    }),
  },
  {
    // No schema: Page Builder shows no settings (the visualization can hide empty-schema templates).
    key: 'trust-badges',
    name: 'Trust Badges',
    schema: [],
    template:
      '<ul class="trust-badges"><li>Secure checkout</li><li>30-day returns</li><li>Free shipping over $50</li></ul>',
    configure: () => ({ configuration: {} }),
  },
  {
    // Never used by a widget or page (the visualization can hide unused templates).
    key: 'countdown',
    name: 'Seasonal Countdown',
    schema: [
      ui.contentTab(
        ui.input('label', 'Label', 'Sale ends in'),
        ui.input('endsAt', 'Ends at', '2025-12-31T23:59:59Z'),
      ),
    ],
    template:
      '<div class="countdown" data-ends-at="{{endsAt}}">{{label}} <span class="countdown__clock"></span></div>',
    configure: () => ({ configuration: { label: 'Sale ends in', endsAt: '2025-12-31T23:59:59Z' } }),
  },
  {
    // Gets a second version after a widget was made from the first (see demo-content.ts).
    key: 'legacy-banner',
    name: 'Legacy Banner',
    schema: [ui.contentTab(ui.input('message', 'Message'))],
    template: '<div class="legacy-banner">{{message}}</div>',
    configure: ({ faker }) => ({ configuration: { message: faker.lorem.sentence() } }),
  },
];

/** The custom template only the second channel has. */
export const SECOND_CHANNEL_TEMPLATE: DemoTemplate = {
  key: 'channel-announcement',
  name: 'Channel Announcement',
  schema: [ui.contentTab(ui.input('message', 'Message'), ui.color('color', 'Color', '#000000'))],
  template: '<p class="announcement" style="color: {{color}};">{{message}}</p>',
  configure: ({ faker }) => ({
    configuration: { message: faker.company.catchPhrase(), color: faker.color.rgb() },
  }),
};

/** Widget configurations for the built-in templates, by kind. */
export const BUILT_IN_CONFIGURE: Record<string, (ctx: DemoContext) => Configured> = {
  hero_banner: (ctx) => ({
    configuration: {
      title: ctx.faker.commerce.productAdjective() + ' ' + ctx.faker.commerce.department(),
      subtitle: ctx.faker.lorem.sentence(),
      buttonText: 'Shop now',
      buttonLink: `/${ctx.faker.commerce.department().toLowerCase()}/`,
      backgroundType: 'image',
      imageUrl: imageUrl(ctx, 'hero'),
      contentAlignment: { horizontal: ctx.faker.helpers.arrayElement(['left', 'center', 'right']) },
      containerHeight: ctx.faker.helpers.arrayElement(['small', 'medium', 'large']),
      textColor: '#ffffff',
    },
  }),
  product: (ctx) => {
    const productId = pickProductId(ctx);
    return {
      configuration: { productId, productCardContentAlignment: { horizontal: 'center' }, showPrice: true },
      storefront_api_query_params: productParams(productId),
    };
  },
  text: ({ faker }) => ({
    configuration: {
      text: `<p>${faker.lorem.paragraph()}</p>`,
      alignment: { horizontal: 'left' },
      textColor: '#444444',
    },
  }),
  image: (ctx) => ({
    configuration: { imageUrl: imageUrl(ctx, 'image'), altText: ctx.faker.commerce.productName(), link: '' },
  }),
  html: ({ faker }) => ({
    configuration: {
      html: `<div class="seal"><img src="/content/ssl-seal.png" alt="${faker.company.name()} secure"></div>`,
    },
  }),
  video: ({ faker }) => ({
    configuration: { videoId: faker.string.alphanumeric({ length: 11 }), autoplay: false },
  }),
  button: ({ faker }) => ({
    configuration: {
      buttonText: faker.helpers.arrayElement(['Learn more', 'Shop the sale']),
      buttonLink: '/sale/',
      buttonStyle: 'pill',
      buttonColor: faker.color.rgb(),
    },
  }),
  'pp-cartpage-fullbanner': () => ({ configuration: {} }),
};

export function builtInUuid(kind: string): string {
  return builtInByKind(kind).uuid;
}
