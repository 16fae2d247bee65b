import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";
import { createRoot, type Root } from "react-dom/client";

let installed = false;

/**
 * antd-mobile 5 mounts Toast and Dialog with ReactDOM.render, which React 19 removed: without
 * this hook they render nothing. Each container gets its own root, unmounted on close. The
 * modules that show Toast or Dialog install it before their first use (toast.ts, the devnet
 * wallet's dialogs), so its code is fetched with theirs and not on every first visit.
 */
export function setAntdRender(): void {
  if (installed) return;
  installed = true;
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Let the closing animation's last render finish before tearing the root down.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
}
