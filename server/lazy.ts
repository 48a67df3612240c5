// A value made on first use and shared by every caller; a failure (database down) is retried by the next caller.
export function lazyRetrying<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const making = make();
      pending = making;
      making.catch(() => {
        if (pending === making) pending = undefined;
      });
    }
    return pending;
  };
}
