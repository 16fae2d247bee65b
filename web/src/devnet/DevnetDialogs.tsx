import Dialog from "antd-mobile/es/components/dialog";
import { formatEther } from "viem";
import { setAntdRender } from "../components/antdRender";
import type { Translate } from "../features/wallet/devnet";
import { shorten } from "../lib/format";
import type { DevnetAccount } from "./accounts";
import type { DevnetUi } from "./provider";
import styles from "./DevnetDialogs.module.css";

/** The devnet wallet's questions as antd-mobile dialogs. */
export function createDialogUi(t: Translate): DevnetUi {
  setAntdRender();
  const who = ({ role, account }: DevnetAccount) => `${role} ${shorten(account.address, 6)}`;
  const confirm = (title: string, rows: [string, string][], body?: string) =>
    Dialog.confirm({
      title,
      content: (
        <div className={styles.content} data-testid="devnet-confirm-dialog">
          <p className={styles.warning}>{t("wallet.devnet.warning")}</p>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <span>{label}</span>
              <span className={styles.value}>{value}</span>
            </div>
          ))}
          {body !== undefined && <pre className={styles.message}>{body}</pre>}
        </div>
      ),
      confirmText: <span data-testid="devnet-confirm">{t("wallet.devnet.confirm")}</span>,
      cancelText: <span data-testid="devnet-cancel">{t("wallet.devnet.cancel")}</span>,
    });

  return {
    chooseAccount: (accounts) =>
      new Promise((resolve) => {
        let chosen: DevnetAccount | undefined;
        Dialog.show({
          title: t("wallet.devnet.chooseAccount"),
          content: <p className={styles.warning}>{t("wallet.devnet.warning")}</p>,
          closeOnAction: true,
          closeOnMaskClick: true,
          actions: [
            ...accounts.map((account) => ({
              key: account.role,
              text: <span data-testid={`devnet-account-${account.role}`}>{who(account)}</span>,
              onClick: () => {
                chosen = account;
              },
            })),
            { key: "cancel", text: <span data-testid="devnet-cancel">{t("wallet.devnet.cancel")}</span> },
          ],
          afterClose: () => resolve(chosen),
        });
      }),
    confirmSignature: ({ account, message }) =>
      confirm(t("wallet.devnet.signTitle"), [[t("wallet.devnet.account"), who(account)]], message),
    confirmTransaction: ({ account, to, call, value }) =>
      confirm(t("wallet.devnet.sendTitle"), [
        [t("wallet.devnet.account"), who(account)],
        [t("wallet.devnet.to"), to ? shorten(to, 6) : "-"],
        [t("wallet.devnet.call"), call || "-"],
        [t("wallet.devnet.value"), formatEther(value)],
      ]),
  };
}
