import type { CSSProperties } from "react";

/**
 * The wallet popups' frame: antd-mobile's centred wrap is 75vw at most, so a body sized on its
 * own would stick out of it and sit off centre. The wrap itself gets the width instead.
 */
export const POPUP_FRAME = {
  "--min-width": "min(88vw, 360px)",
  "--max-width": "min(88vw, 360px)",
} as CSSProperties;
