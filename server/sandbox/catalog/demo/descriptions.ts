// HTML product descriptions that look like what merchants paste into BigCommerce: paragraphs, lists, entities,
// headings, the odd table, and now and then a stray <script> or <style> block.
import type { Faker } from '@faker-js/faker';
import { FEATURES, MATERIALS, USES } from './word-lists';

export type DescriptionInput = { name: string; noun: string; brand: string; material: string };

const OPENERS = [
  (d: DescriptionInput) => `The ${d.name} is made from ${d.material} and built for ${'{use}'}.`,
  (d: DescriptionInput) =>
    `Meet the ${d.noun.toLowerCase()} we reach for first: ${d.brand}&rsquo;s take on a classic, in ${d.material}.`,
  (d: DescriptionInput) =>
    `Designed for ${'{use}'}, this ${d.noun.toLowerCase()} balances weight, strength &amp; good looks.`,
  (d: DescriptionInput) => `${d.brand} spent two years refining the ${d.name} &mdash; and it shows.`,
  (d: DescriptionInput) =>
    `A ${d.material} ${d.noun.toLowerCase()} that feels right from day one and gets better with age.`,
];

const MIDDLES = [
  'Every piece is checked by hand before it leaves the workshop.',
  'The details are quiet but considered: rounded edges, tidy seams and a finish that resists marks.',
  'It&#39;s the kind of thing you stop noticing because it simply works.',
  'We kept the design simple so it fits in anywhere &ndash; at home, at work or on the road.',
  'Customers tell us it&rsquo;s the one they buy twice: once for themselves and once as a gift.',
  'Sizes run true; if you&#39;re between two, we suggest the larger.',
  'Pair it with other pieces from the range for a matching set.',
];

function sentence(f: Faker, d: DescriptionInput): string {
  const opener = f.helpers.arrayElement(OPENERS)(d);
  return opener.replace('{use}', f.helpers.arrayElement(USES));
}

/** Builds a description. `index` drives the rare script/style blocks so every run has the same ones. */
export function buildDescription(f: Faker, d: DescriptionInput, index: number): string {
  const parts: string[] = [];
  if (index % 31 === 7) {
    parts.push('<style>.product-highlight{color:#b7472a;font-weight:600}</style>');
  }
  parts.push(`<p>${sentence(f, d)} ${f.helpers.arrayElement(MIDDLES)}</p>`);
  const shape = index % 5;
  if (shape !== 4) {
    const items = f.helpers.arrayElements(FEATURES, { min: 3, max: 5 });
    parts.push(`<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);
  }
  if (shape === 1 || shape === 3) {
    parts.push(
      `<h3>Care &amp; materials</h3><p><strong>${capitalise(d.material)}</strong>, ${f.helpers.arrayElement(MATERIALS)} trim. ` +
        `<em>${f.helpers.arrayElement(MIDDLES)}</em></p>`,
    );
  }
  if (shape === 2) {
    const w = f.number.int({ min: 8, max: 60 });
    const h = f.number.int({ min: 5, max: 40 });
    parts.push(
      `<table><tbody><tr><th>Width</th><td>${w}&nbsp;cm</td></tr><tr><th>Height</th><td>${h}&nbsp;cm</td></tr>` +
        `<tr><th>Weight</th><td>${f.number.int({ min: 90, max: 2400 })}&nbsp;g</td></tr></tbody></table>`,
    );
  }
  if (index % 9 === 0) {
    parts.push(
      `<p class="product-highlight">Free returns within 30&nbsp;days &#8212; no questions asked.</p>`,
    );
  }
  if (index % 43 === 11) {
    parts.push(
      `<script>window.dataLayer=window.dataLayer||[];dataLayer.push({event:"view_item",sku:"${d.noun}"});</script>`,
    );
  }
  return parts.join('\n');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
