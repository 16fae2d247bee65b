import { useSyncExternalStore } from "react";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "../../../i18n/react";
import type { WalletDiscovery } from "../discovery";
import type { Eip1193Provider } from "../eip1193";
import { WalletIcon } from "../../../components/icons";
import { useRuntimeConfig } from "../../../lib/runtime";
import { OpenInWallet } from "./OpenInWallet";
import styles from "./WalletPicker.module.css";

/** What the user picked: a wallet found in the page, or WalletConnect; undefined: closed. */
export type PickedWallet = { kind: "provider"; provider: Eip1193Provider } | { kind: "walletconnect" };

/** A connect waiting for the user to pick a wallet. */
export interface PickerRequest {
  resolve(picked: PickedWallet | undefined): void;
}

/**
 * The ways to connect: the wallets found in the page, WalletConnect when the deployment has a
 * project id, and, when the browser has no wallet of its own (a phone's Safari or Chrome after
 * scanning an invite), links that open this very page, inviter included, in a wallet app.
 */
export function WalletPicker({ request, discovery }: { request?: PickerRequest; discovery: WalletDiscovery }) {
  const { t } = useTranslation();
  const config = useRuntimeConfig();
  const walletConnect = Boolean(config.walletConnect);
  const options = useSyncExternalStore(discovery.subscribe, discovery.list);
  const injected = useSyncExternalStore(discovery.subscribe, discovery.injected);
  const cancel = () => request?.resolve(undefined);
  return (
    <Popup visible={request !== undefined} onMaskClick={cancel} onClose={cancel} bodyClassName={styles.body}>
      <div data-testid="wallet-picker">
        <h3 className={styles.title}>{t("wallet.picker.title")}</h3>
        {options.length === 0 && (
          <p className={styles.none} data-testid="wallet-picker-none">
            {t("wallet.noWallet")}
          </p>
        )}
        <ul className={styles.list}>
          {options.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className={styles.option}
                onClick={() => request?.resolve({ kind: "provider", provider: option.provider })}
                data-testid={`wallet-option-${option.rdns || option.id}`}
              >
                {option.icon ? <img src={option.icon} alt="" width={28} height={28} /> : <WalletIcon size={28} />}
                <span>{option.name || t("wallet.picker.injected")}</span>
              </button>
            </li>
          ))}
          {walletConnect && (
            <li>
              <button
                type="button"
                className={styles.option}
                onClick={() => request?.resolve({ kind: "walletconnect" })}
                data-testid="wallet-option-walletconnect"
              >
                <WalletIcon size={28} />
                <span>{t("wallet.picker.walletConnect")}</span>
              </button>
            </li>
          )}
        </ul>
        {request && !injected && (
          <OpenInWallet url={window.location.href} chainId={config.chain.id} testId="wallet-picker-open-in" />
        )}
      </div>
    </Popup>
  );
}
