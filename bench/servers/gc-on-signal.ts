// Preloaded into the processes of the import memory bench (P10), with `--expose-gc`: SIGUSR2 runs full garbage
// collections, so that a measurement starts from the live heap instead of whatever garbage the warm-up left.
const collect = (globalThis as { gc?: (options?: { type: 'major'; execution: 'sync' }) => void }).gc;
process.on('SIGUSR2', () => {
  for (let i = 0; i < 3; i++) collect?.({ type: 'major', execution: 'sync' });
  console.log('collected');
});

export {};
