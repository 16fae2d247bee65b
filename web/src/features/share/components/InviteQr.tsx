import QRCode from "qrcode";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../../i18n/react";
import { INVITE_QR_DELAY_MS, INVITE_QR_OPTIONS } from "../../../lib/inviteQr";
import styles from "./InviteQr.module.css";

/** The QR code of the invite link, drawn on a canvas 200 ms after mount (spec §2). */
export function InviteQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (canvas.current) void QRCode.toCanvas(canvas.current, link, INVITE_QR_OPTIONS);
    }, INVITE_QR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [link]);
  return (
    <figure className={styles.figure}>
      <canvas
        ref={canvas}
        className={styles.canvas}
        width={INVITE_QR_OPTIONS.width}
        height={INVITE_QR_OPTIONS.width}
        role="img"
        aria-label={t("share.qrAlt")}
        data-testid="invite-qr"
        data-link={link}
      />
      <figcaption>{t("share.scanToJoin")}</figcaption>
    </figure>
  );
}
