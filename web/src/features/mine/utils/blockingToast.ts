/** However fast the work, the message stays long enough to be read rather than flash. */
export const MIN_VISIBLE_MS = 500;

/**
 * Runs `work` under a loading toast that blocks the screen (spec §4 "Authorizing..."), closed
 * however `work` ends, and shown for at least {@link MIN_VISIBLE_MS}. The toast is
 * antd-mobile's, fetched with React 19's render hook as components/toast.ts does; the handle
 * closes exactly this toast.
 */
export async function whileBlocking<T>(content: string, work: () => Promise<T>): Promise<T> {
  const [{ default: Toast }, { setAntdRender }] = await Promise.all([
    import("antd-mobile/es/components/toast"),
    import("../../../components/antdRender"),
  ]);
  setAntdRender();
  const handle = Toast.show({ icon: "loading", content, duration: 0, maskClickable: false });
  const shown = Date.now();
  try {
    return await work();
  } finally {
    const left = MIN_VISIBLE_MS - (Date.now() - shown);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    handle.close();
  }
}
