import type { ToastShowProps } from "antd-mobile/es/components/toast";

/** antd-mobile's Toast with React 19's render hook installed; one fetch for every toast. */
let loaded: Promise<(typeof import("antd-mobile/es/components/toast"))["default"]> | undefined;

function loadToast() {
  loaded ??= Promise.all([import("antd-mobile/es/components/toast"), import("./antdRender")]).then(
    ([{ default: Toast }, { setAntdRender }]) => {
      setAntdRender();
      return Toast;
    },
  );
  return loaded;
}

/**
 * antd-mobile's Toast, fetched on first use: its mask and animation code (react-spring) would
 * otherwise be part of every first visit, for a message that only follows an action.
 */
export function showToast(props: ToastShowProps): void {
  void loadToast().then((Toast) => Toast.show(props));
}
