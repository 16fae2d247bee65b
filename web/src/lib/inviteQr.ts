import type { QRCodeRenderersOptions } from "qrcode";

/** The invite QR of spec §9: 112×112 px, #333333 on white, low error correction. */
export const INVITE_QR_OPTIONS = {
  width: 112,
  margin: 1,
  errorCorrectionLevel: "L",
  color: { dark: "#333333ff", light: "#ffffffff" },
} as const satisfies QRCodeRenderersOptions;

/** Spec §2: the code is drawn 200 ms after the screen appears. */
export const INVITE_QR_DELAY_MS = 200;
