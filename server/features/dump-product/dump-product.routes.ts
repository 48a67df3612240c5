// `POST /api/dump-product` (spec part 1 §7): validate, call the service with the store's client, answer
// `{success, data}` or `{success: false, error, code}`.
import { Hono } from 'hono';
import { dumpProductRequestSchema } from '../../../common/contracts/dump-product';
import {
  callerSignal,
  parseToolInput,
  readJsonBody,
  respondFailure,
  type ToolRouteDeps,
} from '../../tool-response';
import { dumpProduct } from './dump-product.service';

export function dumpProductRoutes(deps: ToolRouteDeps) {
  return new Hono().post('/', async (c) => {
    try {
      const request = parseToolInput(dumpProductRequestSchema, await readJsonBody(c));
      const client = deps.clients.forStore(request.storeCredentials, { caller: deps.callerOf(c) });
      const data = await dumpProduct(client, request, { signal: callerSignal(c) });
      return c.json({ success: true as const, data });
    } catch (error) {
      return respondFailure(c, error, deps.logger);
    }
  });
}
