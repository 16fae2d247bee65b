import Button from "antd-mobile/es/components/button";
import CenterPopup from "antd-mobile/es/components/center-popup";
import { useTranslation } from "../../../i18n/react";
import { useRuntimeConfig } from "../../../lib/runtime";
import { useWalletMachine, useWalletState } from "../context";
import { POPUP_FRAME } from "./popupFrame";
import styles from "./WalletPopup.module.css";

/**
 * Spec §2 "Wrong-network popup": the required network's name, RPC URL, chain id and currency
 * symbol, and "Switch network". The overlay does not close it; its close button disconnects,
 * so a wallet that cannot switch does not leave the user stuck on it.
 */
export function NetworkPopup() {
  const { t } = useTranslation();
  const { chain } = useRuntimeConfig();
  const machine = useWalletMachine();
  const { session } = useWalletState();
  const open = session.status === "wrongNetwork";
  const rows = [
    [t("wallet.network.name"), chain.name],
    [t("wallet.network.rpc"), chain.rpcUrl],
    [t("wallet.network.chainId"), String(chain.id)],
    [t("wallet.network.symbol"), chain.currency.symbol],
  ];
  return (
    <CenterPopup
      visible={open}
      closeOnMaskClick={false}
      showCloseButton
      onClose={machine.closeNetworkPopup}
      bodyClassName={styles.body}
      style={POPUP_FRAME}
    >
      <div data-testid="network-popup">
        <h3 className={styles.title}>{t("wallet.network.title")}</h3>
        <p className={styles.message}>{t("wallet.network.message", { name: chain.name, id: String(chain.id) })}</p>
        <dl className={styles.rows}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Button
          block
          color="primary"
          loading={open && session.busy}
          onClick={machine.switchNetwork}
          data-testid="network-switch"
        >
          {t("wallet.network.switch")}
        </Button>
      </div>
    </CenterPopup>
  );
}
