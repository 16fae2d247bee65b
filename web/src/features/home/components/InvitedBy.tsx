import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { isAddress } from "viem";
import { shorten } from "../../../lib/format";
import { useWallet } from "../../wallet";
import styles from "./IncomeCard.module.css";

/** A visitor who opened an invite link (`?address=…`) sees who invited them before connecting. */
export function InvitedBy() {
  const { t } = useTranslation();
  const { account } = useWallet();
  const [params] = useSearchParams();
  const address = params.get("address");
  if (account || !address || !isAddress(address, { strict: false })) return null;
  return (
    <p className={styles.invitedBy} data-testid="home-invited-by" title={address}>
      {t("home.invitedBy", { address: shorten(address, 6) })}
    </p>
  );
}
