import { z } from 'zod';

export const HEALTH_PATH = '/api/health';

export const componentStateSchema = z.object({
  status: z.enum(['up', 'down', 'disabled']),
  latencyMs: z.number().optional(),
  detail: z.string().optional(),
});

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  components: z.record(z.string(), componentStateSchema),
});

export type ComponentState = z.infer<typeof componentStateSchema>;
export type HealthResponse = z.infer<typeof healthResponseSchema>;
