import { useTranslation } from "../../../i18n/react";
import { zeroAddress } from "viem";
import { Placeholder } from "../../../components/Placeholder";
import { Section } from "../../../components/Section";
import { shorten } from "../../../lib/format";
import { useWallet } from "../../wallet";
import styles from "./InviterCard.module.css";

/** Spec §2: stands in for the inviter when there is none (not connected, or the root). */
const PLACEHOLDER = shorten(`0x${"*".repeat(40)}`, 9);

/** "My inviter": the on-chain inviter, shortened to 9 … 9; a loading placeholder while a connected account's is read. */
export function InviterCard() {
  const { t } = useTranslation();
  const { account, inviter } = useWallet();
  const reading = account !== undefined && inviter === undefined;
  const known = inviter !== undefined && inviter !== null && inviter.toLowerCase() !== zeroAddress;
  return (
    <Section title={t("share.myInviter")} testId="inviter-card">
      <div className={styles.row}>
        <span className={styles.label}>{t("share.superiorAddress")}</span>
        <span className={styles.address} data-testid="inviter-address" title={known ? inviter : undefined}>
          {reading ? <Placeholder /> : known ? shorten(inviter, 9) : PLACEHOLDER}
        </span>
      </div>
    </Section>
  );
}
