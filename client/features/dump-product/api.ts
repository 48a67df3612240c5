import {
  DUMP_PRODUCT_PATH,
  dumpProductResponseSchema,
  type DumpProductRequest,
} from '../../../common/contracts/dump-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import { apiRequest } from '../../lib/api';
import { toolData } from '../../lib/tool-errors';

/** `POST /api/dump-product` (spec part 1 §7): the product dump, or a thrown ApiError / ToolFailureError. */
export async function dumpProduct(request: DumpProductRequest): Promise<ProductDump> {
  return toolData(
    await apiRequest({
      method: 'POST',
      path: DUMP_PRODUCT_PATH,
      body: request,
      schema: dumpProductResponseSchema,
    }),
  );
}
