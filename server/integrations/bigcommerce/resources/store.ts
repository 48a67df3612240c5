// `GET /v2/store`, from openapi/store_information.v2.yml [STORE2 getStoreInformation]. v2 answers are not wrapped.
import { z } from 'zod';

export const storeInformationSchema = z.looseObject({
  id: z.string(),
  account_uuid: z.string().optional(),
  store_id: z.number().optional(),
  domain: z.string().optional(),
  secure_url: z.string().optional(),
  control_panel_base_url: z.string().optional(),
  status: z.string().optional(),
  name: z.string(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  address: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
  infrastructure_region: z.string().optional(),
  phone: z.string().optional(),
  admin_email: z.string().optional(),
  order_email: z.string().optional(),
  favicon_url: z.string().optional(),
  timezone: z.looseObject({}).optional(),
  language: z.string().optional(),
  currency: z.string().optional(),
  currency_symbol: z.string().optional(),
  decimal_separator: z.string().optional(),
  thousands_separator: z.string().optional(),
  decimal_places: z.number().optional(),
  currency_symbol_location: z.string().optional(),
  weight_units: z.string().optional(),
  dimension_units: z.string().optional(),
  plan_name: z.string().optional(),
  plan_level: z.string().optional(),
  plan_is_trial: z.boolean().optional(),
  industry: z.string().optional(),
  /** An object `{url}` or an empty array when no logo is set. */
  logo: z.unknown().optional(),
  is_price_entered_with_tax: z.boolean().optional(),
  default_channel_id: z.number().optional(),
  default_site_id: z.number().optional(),
  features: z
    .looseObject({
      stencil_enabled: z.boolean().optional(),
      multi_storefront_enabled: z.boolean().optional(),
      storefront_limits: z.looseObject({}).optional(),
    })
    .optional(),
});
export type StoreInformation = z.infer<typeof storeInformationSchema>;
