import type { ToastShowProps } from "antd-mobile";

/**
 * antd-mobile's Toast, fetched on first use: its mask and animation code (react-spring) would
 * otherwise be part of every first visit, for a message that only follows an action.
 */
export function showToast(props: ToastShowProps): void {
  void import("antd-mobile/es/components/toast").then(({ default: Toast }) => Toast.show(props));
}
