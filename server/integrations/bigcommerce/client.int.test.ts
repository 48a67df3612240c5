// The client over real HTTP: a fault proxy on loopback in front of the in-process memory store.
import { startFaultProxy } from './testing/fault-proxy';
import { createMemoryBigCommerce } from './testing/memory-store';
import { runClientContract } from './testing/client-contract';

runClientContract('memory store behind a fault proxy', async () => {
  const backend = createMemoryBigCommerce();
  const proxy = await startFaultProxy(backend.fetch);
  return {
    proxy,
    newStore: () => Promise.resolve(backend.newStore()),
    close: () => proxy.close(),
  };
});
