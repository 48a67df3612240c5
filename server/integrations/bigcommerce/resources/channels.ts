// Channels, from openapi/channels.v3.yml [CHAN ChannelWithCurrencies] (API-NOTES §6g).
import { z } from 'zod';
import { idSchema } from './common';

export const channelSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  type: z.string().optional(),
  platform: z.string().optional(),
  status: z.string().optional(),
  external_id: z.string().nullish(),
  is_visible: z.boolean().optional(),
  is_listable_from_ui: z.boolean().optional(),
  is_enabled: z.boolean().optional(),
  icon_url: z.string().nullish(),
  date_created: z.string().optional(),
  date_modified: z.string().optional(),
  currencies: z
    .looseObject({
      enabled_currencies: z.array(z.string()).optional(),
      default_currency: z.string().optional(),
    })
    .optional(),
});
export type Channel = z.infer<typeof channelSchema>;
