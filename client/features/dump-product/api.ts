import {
  DUMP_PRODUCT_PATH,
  dumpProductResponseSchema,
  type DumpProductRequest,
} from '../../../common/contracts/dump-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import { apiRequest } from '../../lib/api';
import { ToolFailureError } from '../../lib/tool-errors';

/** `POST /api/dump-product` (spec part 1 §7): the product dump, or a thrown ApiError / ToolFailureError. */
export async function dumpProduct(request: DumpProductRequest): Promise<ProductDump> {
  const answer = await apiRequest({
    method: 'POST',
    path: DUMP_PRODUCT_PATH,
    body: request,
    schema: dumpProductResponseSchema,
  });
  if (!answer.success) throw new ToolFailureError(answer);
  return answer.data;
}
