// GET /v3/channels and /v3/channels/{id} (channels.v3.yml) [CHAN getChannels, getChannel]. Read-only in the sandbox.
import type { SandboxApp } from '../core/app-env';
import { V3 } from '../core/app-env';
import { BcApiError, v3Data, v3List } from '../core/envelope';
import { boolParam, pagingParams, strListParam, unaskedOrder } from '../core/query';
import { pathId, query } from '../catalog/route-helpers';

export function registerChannelRoutes(app: SandboxApp): void {
  app.get(`${V3}/channels`, (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, 250);
    const available = boolParam(q, 'available');
    const statusIn = strListParam(q, 'status:in');
    const typeIn = strListParam(q, 'type:in');
    const platformIn = strListParam(q, 'platform:in')?.map((p) => p.toLowerCase());
    const channels = [...c.get('store').data.channels.values()]
      .filter(
        (ch) =>
          available === undefined || (ch.status !== 'deleted' && ch.status !== 'terminated') === available,
      )
      .filter((ch) => !statusIn || statusIn.includes(ch.status))
      .filter((ch) => !typeIn || typeIn.includes(ch.type))
      .filter((ch) => !platformIn || platformIn.includes(ch.platform.toLowerCase()));
    return v3List(
      c,
      unaskedOrder(channels, (ch) => ch.id),
      page,
      limit,
    );
  });

  app.get(`${V3}/channels/:channel_id{[0-9]+}`, (c) => {
    const channel = c.get('store').data.channels.get(pathId(c, 'channel_id'));
    // CHAN getChannel's 404 example uses the short title and the relative `type`.
    if (!channel) throw new BcApiError(404, 'Not found');
    return v3Data(c, channel);
  });
}
