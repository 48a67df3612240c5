// Import Product, the channels step: the product assigned to the target's channels matched by name (or id).
import { describeFailure, type Run } from '../import-run';

export async function importChannels(run: Run, productId: number) {
  const { client, signal } = run;
  const channels = run.analysis.plan.channels;
  if (channels.length === 0) return;
  const found = channels.filter((channel) => channel.targetId !== null);
  for (const channel of channels.filter((item) => item.targetId === null)) {
    run.result.channels.error++;
    run.log('logChannelMissing', { name: channel.name ?? `#${channel.sourceId}` });
  }
  await run.step(
    ['stepChannels', {}],
    async () => {
      if (found.length === 0) return;
      await client.assignments.channels.assign(
        found.map((channel) => ({ product_id: productId, channel_id: channel.targetId! })),
        { signal },
      );
      run.result.channels.success += found.length;
      run.log('logChannelsAssigned', {
        channels: found.map((channel) => channel.name ?? channel.targetId).join(', '),
      });
    },
    (error) => {
      run.result.channels.error += found.length;
      run.log('logChannelsFailed', { error: describeFailure(error) });
    },
  );
}
