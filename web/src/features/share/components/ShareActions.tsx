import Button from "antd-mobile/es/components/button";
import QRCode from "qrcode";
import { useTranslation } from "../../../i18n/react";
import { showToast } from "../../../components/toast";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { copyText } from "../../../lib/clipboard";
import { INVITE_QR_OPTIONS } from "../../../lib/inviteQr";
import { shareActionStrings } from "../shareStrings";
import styles from "./ShareBox.module.css";

/** The QR image saved: large enough to print or forward (the screen's is 112 px). */
const SAVED_QR_WIDTH = 512;

/**
 * The phone's own Share sheet for the invite link (`navigator.share`), with copying as the
 * fallback when the browser has none or it fails for another reason than the user's cancel;
 * and "Save QR image", which downloads the invite QR as a PNG.
 */
export function ShareActions({ link }: { link: string }) {
  const { t, i18n } = useTranslation();
  addNamespace(i18n, "shareActions", shareActionStrings);
  const { t: shareT } = useTranslation("shareActions");

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: shareT("title"), text: shareT("text"), url: link });
        return;
      } catch (error) {
        // The user closed the sheet: nothing to do. Anything else: copy instead.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    const copied = await copyText(link);
    showToast({
      content: copied ? shareT("copiedInstead") : t("common.copyFailed"),
      icon: copied ? "success" : "fail",
    });
  };

  const saveQr = async () => {
    const url = await QRCode.toDataURL(link, { ...INVITE_QR_OPTIONS, width: SAVED_QR_WIDTH, type: "image/png" });
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = "dwn-invite-qr.png";
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  };

  return (
    <div className={styles.actions}>
      <Button block color="primary" onClick={() => void share()} data-testid="share-native">
        {shareT("share")}
      </Button>
      <Button block onClick={() => void saveQr()} data-testid="share-save-qr">
        {shareT("saveQr")}
      </Button>
    </div>
  );
}
