import { unstableSetRender } from "antd-mobile/es/utils/unstable-render";
import { createRoot, type Root } from "react-dom/client";

/**
 * antd-mobile 5 mounts Toast and Dialog with ReactDOM.render, which React 19 removed: without
 * this hook they render nothing. Each container gets its own root, unmounted on close.
 */
export function setAntdRender(): void {
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
