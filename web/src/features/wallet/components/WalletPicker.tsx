import { useSyncExternalStore } from "react";
import Popup from "antd-mobile/es/components/popup";
import { useTranslation } from "react-i18next";
import type { WalletDiscovery } from "../discovery";
import type { Eip1193Provider } from "../eip1193";
import { WalletIcon } from "../../../components/icons";
import styles from "./WalletPicker.module.css";

/** A connect waiting for the user to pick one of several wallets. */
export interface PickerRequest {
  resolve(provider: Eip1193Provider | undefined): void;
}

/** The list of wallets found, when there is more than one to connect with. */
export function WalletPicker({ request, discovery }: { request?: PickerRequest; discovery: WalletDiscovery }) {
  const { t } = useTranslation();
  const options = useSyncExternalStore(discovery.subscribe, discovery.list);
  const cancel = () => request?.resolve(undefined);
  return (
    <Popup visible={request !== undefined} onMaskClick={cancel} onClose={cancel} bodyClassName={styles.body}>
      <div data-testid="wallet-picker">
        <h3 className={styles.title}>{t("wallet.picker.title")}</h3>
        <ul className={styles.list}>
          {options.map((option) => (
            <li key={option.id}>
              <button
                type="button"
                className={styles.option}
                onClick={() => request?.resolve(option.provider)}
                data-testid={`wallet-option-${option.rdns || option.id}`}
              >
                {option.icon ? <img src={option.icon} alt="" width={28} height={28} /> : <WalletIcon size={28} />}
                <span>{option.name || t("wallet.picker.injected")}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Popup>
  );
}
