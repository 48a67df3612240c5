// Builds a sandbox store's data deterministically. `sandbox-demo` gets the full catalogue; `sandbox-empty` gets the
// same channels, the same category trees (with its own ids) and a handful of brands, but no products.
import { faker } from '@faker-js/faker/locale/en';
import { createStoreData, INITIAL_SEQUENCES, type StoreData } from '../../core/store-state';
import type { StoreInformation } from '../types';
import { generateProducts } from './catalogue';
import { addBrands, addChannels, addTrees } from './structure';
import { BRANDS } from './word-lists';

export type StoreKind = 'demo' | 'empty';

export const DEMO_PRODUCT_COUNT = 1260;
const SEEDS: Record<StoreKind, number> = { demo: 20_240_301, empty: 20_240_302 };

export function storeInformation(hash: string, name: string, storeId: number): StoreInformation {
  const domain = `${hash}.example-store.com`;
  return {
    id: hash,
    account_uuid: `8d4d492f-17a1-4d95-b396-${storeId.toString(16).padStart(12, '0')}`,
    domain,
    secure_url: `https://${domain}`,
    control_panel_base_url: `https://store-${hash}.mybigcommerce.com`,
    status: 'live',
    name,
    first_name: 'Morgan',
    last_name: 'Avery',
    address: `${name}\n18 Harbour Street\nPortland, ME 04101`,
    country: 'United States',
    country_code: 'US',
    phone: '207-555-0143',
    admin_email: `admin@${domain}`,
    order_email: `orders@${domain}`,
    favicon_url: 'https://cdn11.bigcommerce.com/r-8816ba2f48b0bcf4bec0c1a954c00e0fc36b/img/bc_favicon.ico',
    timezone: {
      name: 'America/New_York',
      raw_offset: -18000,
      dst_offset: -14400,
      dst_correction: true,
      date_format: { display: 'M jS Y', export: 'M jS Y', extended_display: 'M jS Y @ g:i A' },
    },
    language: 'en',
    currency: 'USD',
    currency_symbol: '$',
    decimal_separator: '.',
    thousands_separator: ',',
    decimal_places: 2,
    currency_symbol_location: 'left',
    weight_units: 'LBS',
    dimension_units: 'Inches',
    dimension_decimal_places: 2,
    dimension_decimal_token: '.',
    dimension_thousands_token: ',',
    plan_name: 'Standard',
    plan_level: 'Standard',
    plan_is_trial: false,
    industry: 'Retail',
    logo: [],
    is_price_entered_with_tax: false,
    store_id: storeId,
    default_channel_id: 1,
    default_site_id: 1000,
    active_comparison_modules: [],
    features: {
      stencil_enabled: true,
      sitewidehttps_enabled: true,
      facebook_catalog_id: '',
      checkout_type: 'optimized',
      wishlists_enabled: true,
      graphql_storefront_api_enabled: true,
      shopper_consent_tracking_enabled: true,
      multi_storefront_enabled: true,
      storefront_limits: { active: 2, total_including_inactive: 2 },
    },
  };
}

/**
 * Generates a store. Uses the shared en-locale faker instance, reseeded first; generation is synchronous, so no
 * other caller can interleave and disturb the sequence.
 */
export function generateStoreData(hash: string, kind: StoreKind, name?: string): StoreData {
  const storeName = name ?? (kind === 'demo' ? 'Harbour & Pine Demo' : 'Harbour & Pine (empty)');
  const storeId = 1_000_777 + [...hash].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) % 900_000, 0);
  const data = createStoreData(hash, storeInformation(hash, storeName, storeId));
  faker.seed(SEEDS[kind]);
  addChannels(data, storeName);
  if (kind === 'empty') {
    // A different id space from the demo store, so an import must map categories and brands by name.
    data.seq.category = 420;
    data.seq.brand = 140;
    data.seq.tree = 3;
    data.seq.product = INITIAL_SEQUENCES.product + 5000;
    addTrees(data, storeName);
    addBrands(data, 6);
    return data;
  }
  const brandIds = addBrands(data, BRANDS.length);
  const trees = addTrees(data, storeName);
  generateProducts(faker, data, { ...trees, brandIds }, DEMO_PRODUCT_COUNT);
  return data;
}
