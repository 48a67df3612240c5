// The widget templates every BigCommerce store has before anyone creates one: Page Builder's own widgets and the
// PayPal banners. Built-ins have a `kind` other than `custom` and `channel_id: 0` ([WID getWidgetTemplates] example).
// Only the two PayPal entries (uuid, version, kind, name) are copied from the spec; the Page Builder kinds and
// templates are illustrative. "Hero Banner" and "Product" reuse the UUIDs of the page-widgets spec example so that the
// official example request publishes as-is.
import { nameUuid } from './ids';
import * as ui from './schema-builders';
import type { JsonObject } from './types';

export type BuiltInTemplate = {
  uuid: string;
  current_version_uuid: string;
  kind: string;
  name: string;
  icon_name: string;
  schema: JsonObject[];
  template: string;
  storefront_api_query: string;
};

export const BUILT_IN_DATE = '2020-06-23T18:07:12.110Z';

/** `layout_template_uuid` of Page Builder's layout (the page-widgets spec example). No API lists layout templates. */
export const LAYOUT_TEMPLATE_UUID = '7d42d0b1-1152-4ce3-a6c1-3709f786f295';

export const HERO_BANNER_UUID = 'd181ebd5-f42c-4f96-8f9d-c605023f5cb6';
export const PRODUCT_UUID = 'e59c1412-2d85-4f18-ab4b-8a55412d945c';

/** A Page Builder widget: its icon is named after its kind. */
function builtIn(
  kind: string,
  name: string,
  schema: JsonObject[],
  template: string,
  query = '',
): BuiltInTemplate {
  return {
    uuid: nameUuid(`built-in:${kind}`),
    current_version_uuid: nameUuid(`built-in:${kind}:v1`),
    kind,
    name,
    icon_name: kind,
    schema,
    template,
    storefront_api_query: query,
  };
}

const PRODUCT_QUERY = `query Product($productId: Int!) {
  site {
    product(entityId: $productId) {
      entityId
      name
      brand { name }
      prices { price { value currencyCode } }
      defaultImage { url(width: 500) altText }
    }
  }
}`;

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    ...builtIn(
      'hero_banner',
      'Hero Banner',
      [
        ui.tab('Content', [
          {
            label: 'Text',
            settings: [
              ui.input('title', 'Title', 'Hero Banner Title'),
              ui.text('subtitle', 'Subtitle', 'Add a description for this hero banner.'),
              ui.input('buttonText', 'Button text', 'Shop now'),
              ui.input('buttonLink', 'Button link', '#'),
            ],
          },
          {
            label: 'Background',
            settings: [
              ui.select('backgroundType', 'Background', ['color', 'image']),
              ui.when(ui.color('backgroundColor', 'Color', '#444444'), 'backgroundType', ['color']),
              ui.when(ui.image('imageUrl', 'Image'), 'backgroundType', ['image']),
            ],
          },
        ]),
        ui.designTab(
          ui.alignment('contentAlignment', 'Alignment', 'left'),
          ui.select('containerHeight', 'Height', ['small', 'medium', 'large']),
          ui.color('textColor', 'Text color', '#444444'),
        ),
      ],
      `<div class="hero-banner hero-banner--{{containerHeight}}" style="background-color: {{backgroundColor}}; color: {{textColor}};">
  {{#if imageUrl.src}}<img class="hero-banner__image" src="{{imageUrl.src}}" alt="">{{/if}}
  <h2 class="hero-banner__title">{{title}}</h2>
  <p class="hero-banner__subtitle">{{subtitle}}</p>
  {{#if buttonText}}<a class="button" href="{{buttonLink}}">{{buttonText}}</a>{{/if}}
</div>`,
    ),
    uuid: HERO_BANNER_UUID,
  },
  builtIn(
    'image',
    'Image',
    [ui.contentTab(ui.image('imageUrl', 'Image'), ui.input('altText', 'Alt text'), ui.input('link', 'Link'))],
    '{{#if link}}<a href="{{link}}">{{/if}}<img src="{{imageUrl.src}}" alt="{{altText}}">{{#if link}}</a>{{/if}}',
  ),
  builtIn(
    'text',
    'Text',
    [
      ui.contentTab(ui.text('text', 'Text', 'Add your text here')),
      ui.designTab(ui.alignment('alignment', 'Alignment', 'left'), ui.color('textColor', 'Color', '#444444')),
    ],
    '<div class="text-widget" style="color: {{textColor}}; text-align: {{alignment.horizontal}};">{{{text}}}</div>',
  ),
  builtIn(
    'button',
    'Button',
    [
      ui.contentTab(ui.input('buttonText', 'Text', 'Button'), ui.input('buttonLink', 'Link', '#')),
      ui.designTab(
        ui.select('buttonStyle', 'Shape', ['round', 'square', 'pill']),
        ui.color('buttonColor', 'Button color', '#444444'),
      ),
    ],
    '<a class="button button--{{buttonStyle}}" style="background-color: {{buttonColor}};" href="{{buttonLink}}">{{buttonText}}</a>',
  ),
  {
    ...builtIn(
      'product',
      'Product',
      [
        ui.contentTab(ui.productPicker()),
        ui.designTab(
          ui.alignment('productCardContentAlignment', 'Alignment', 'center'),
          ui.toggle('showPrice', 'Show price', true),
        ),
      ],
      `{{#with data.site.product}}
<article class="card" style="text-align: {{../productCardContentAlignment.horizontal}};">
  <img src="{{defaultImage.url}}" alt="{{defaultImage.altText}}">
  <h4 class="card-title">{{name}}</h4>
  {{#if ../showPrice}}<span class="price">{{prices.price.value}} {{prices.price.currencyCode}}</span>{{/if}}
</article>
{{/with}}`,
      PRODUCT_QUERY,
    ),
    uuid: PRODUCT_UUID,
  },
  builtIn(
    'html',
    'HTML',
    [ui.contentTab(ui.setting('code', 'html', 'HTML', '<p>Custom HTML</p>'))],
    '{{{html}}}',
  ),
  builtIn(
    'video',
    'Video',
    [ui.contentTab(ui.input('videoId', 'YouTube video id'), ui.toggle('autoplay', 'Autoplay', false))],
    '<iframe class="video-widget" src="https://www.youtube.com/embed/{{videoId}}{{#if autoplay}}?autoplay=1{{/if}}" allowfullscreen></iframe>',
  ),
  builtIn(
    'carousel',
    'Carousel',
    [
      ui.arrayOf(
        'slides',
        'Slides',
        'Slide',
        3,
        [
          ui.image('imageUrl', 'Image'),
          ui.input('heading', 'Heading', 'Slide heading'),
          ui.input('link', 'Link', '#'),
        ],
        'imageUrl.src',
      ),
      ui.hidden(ui.setting('number', 'autoplaySpeed', 'Autoplay speed', 5000)),
    ],
    `<div class="carousel" data-speed="{{autoplaySpeed}}">
  {{#each slides}}<a class="carousel-slide" href="{{link}}"><img src="{{imageUrl.src}}" alt="{{heading}}"><span>{{heading}}</span></a>{{/each}}
</div>`,
  ),
  builtIn(
    'spacer',
    'Spacer',
    [ui.designTab(ui.range('height', 'Height', 30, { min: 0, max: 300, step: 1, unit: 'px' }))],
    '<div class="spacer" style="height: {{height}}px;"></div>',
  ),
  builtIn(
    'divider',
    'Divider',
    [
      ui.designTab(
        ui.color('color', 'Color', '#e5e5e5'),
        ui.range('thickness', 'Thickness', 1, { min: 1, max: 20, step: 1, unit: 'px' }),
      ),
    ],
    '<hr class="divider" style="border-color: {{color}}; border-width: {{thickness}}px;">',
  ),
  {
    uuid: '2ff24732-6848-47ba-9a7f-c8b1d444f270',
    current_version_uuid: '7494d009-c695-43ce-a1eb-ba75ef663ba2',
    kind: 'pp-cartpage-fullbanner',
    name: 'PayPal Credit Banner - Cart Page (728x90)',
    icon_name: 'default',
    schema: [],
    template: '',
    storefront_api_query: '',
  },
  {
    uuid: '3002bf5b-5eca-4ac2-8f1f-5240c2b74712',
    current_version_uuid: 'ee4978a6-31f9-47e2-ab38-810dd1c78e34',
    kind: 'pp-homepage-fullbanner',
    name: 'PayPal Credit Banner - Home Page (728x90)',
    icon_name: 'default',
    schema: [],
    template: '',
    storefront_api_query: '',
  },
];

export function builtInByKind(kind: string): BuiltInTemplate {
  const found = BUILT_IN_TEMPLATES.find((template) => template.kind === kind);
  if (!found) throw new Error(`No built-in widget template of kind ${kind}`);
  return found;
}
