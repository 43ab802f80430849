/**
 * A module (or anything slow to make) loaded on first use and shared after: the portal does not
 * pay at start-up, nor in memory, for what a run may never need (image processing, SMTP, Excel,
 * the embedded database when a server is configured).
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      // A failed load is tried again next time rather than remembered.
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
