// Image files, served by the sandbox itself like BigCommerce's CDN: no token, no quota (the CDN is not the API).
// Stencil sizes: /cdn/s-{hash}/images/stencil/{WxH}/products/{product_id}/{image_id}/{file}
// Originals:     /cdn/s-{hash}/product_images/{image_file}
import type { SandboxApp } from '../core/app-env';
import { bcErrorBody } from '../core/envelope';
import type { SandboxStore } from '../core/store-registry';
import { placeholderPng, stencilCopy } from './images';
import type { ProductImage } from './types';

export function registerCdnRoutes(
  app: SandboxApp,
  findStore: (hash: string) => Promise<SandboxStore | undefined>,
): void {
  const findImage = async (hash: string, match: (img: ProductImage) => boolean) => {
    const store = await findStore(hash);
    if (!store) return null;
    for (const record of store.data.products.values()) {
      const img = record.images.find(match);
      if (img) return { store, img };
    }
    return null;
  };

  const send = (found: NonNullable<Awaited<ReturnType<typeof findImage>>>, size: string | null) => {
    const stored = found.store.data.uploads.get(found.img.id);
    // The original as sent; a stencil size no larger than that size (url_zoom fits 1280 x 1280).
    const upload = stored && size !== null ? stencilCopy(stored, size, found.img.id) : stored;
    const bytes = upload ? upload.bytes : placeholderPng(size, found.img.id);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Content-Type': upload ? upload.contentType : 'image/png',
        'Cache-Control': 'public, max-age=31536000',
      },
    });
  };

  app.get(
    '/cdn/:store/images/stencil/:size/products/:product_id{[0-9]+}/:image_id{[0-9]+}/:file',
    async (c) => {
      const hash = c.req.param('store').replace(/^s-/, '');
      const imageId = Number(c.req.param('image_id'));
      const productId = Number(c.req.param('product_id'));
      const found = await findImage(hash, (img) => img.id === imageId && img.product_id === productId);
      if (!found) return c.json(bcErrorBody(404, 'Not Found'), 404);
      return send(found, c.req.param('size'));
    },
  );

  app.get('/cdn/:store/product_images/*', async (c) => {
    const hash = c.req.param('store').replace(/^s-/, '');
    const file = decodeURIComponent(
      c.req.path.slice(c.req.path.indexOf('/product_images/') + '/product_images/'.length),
    );
    const found = await findImage(hash, (img) => img.image_file === file);
    if (!found) return c.json(bcErrorBody(404, 'Not Found'), 404);
    return send(found, null);
  });
}
