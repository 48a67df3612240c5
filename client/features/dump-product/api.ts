import {
  DUMP_PRODUCT_PATH,
  dumpProductResponseSchema,
  type DumpProductRequest,
} from '../../../common/contracts/dump-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import { postTool } from '../../lib/tool-errors';

/** `POST /api/dump-product` (spec part 1 §7): the product dump, or a thrown ApiError / ToolFailureError. */
export async function dumpProduct(request: DumpProductRequest): Promise<ProductDump> {
  return postTool(DUMP_PRODUCT_PATH, request, dumpProductResponseSchema);
}
