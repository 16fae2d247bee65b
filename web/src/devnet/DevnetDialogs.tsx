import Dialog from "antd-mobile/es/components/dialog";
import { formatEther } from "viem";
import { setAntdRender } from "../components/antdRender";
import { shorten } from "../lib/format";
import type { DevnetAccount } from "./accounts";
import type { DevnetUi } from "./provider";
import { devnetStrings } from "./strings";
import styles from "./DevnetDialogs.module.css";

/** The devnet wallet's questions as antd-mobile dialogs. */
export function createDialogUi(): DevnetUi {
  setAntdRender();
  const who = ({ role, account }: DevnetAccount) => `${role} ${shorten(account.address, 6)}`;
  const confirm = (title: string, rows: [string, string][], body?: string) =>
    Dialog.confirm({
      title,
      content: (
        <div className={styles.content} data-testid="devnet-confirm-dialog">
          <p className={styles.warning}>{devnetStrings().warning}</p>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <span>{label}</span>
              <span className={styles.value}>{value}</span>
            </div>
          ))}
          {body !== undefined && <pre className={styles.message}>{body}</pre>}
        </div>
      ),
      confirmText: <span data-testid="devnet-confirm">{devnetStrings().confirm}</span>,
      cancelText: <span data-testid="devnet-cancel">{devnetStrings().cancel}</span>,
    });

  return {
    chooseAccount: (accounts) =>
      new Promise((resolve) => {
        let chosen: DevnetAccount | undefined;
        Dialog.show({
          title: devnetStrings().chooseAccount,
          content: <p className={styles.warning}>{devnetStrings().warning}</p>,
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
            { key: "cancel", text: <span data-testid="devnet-cancel">{devnetStrings().cancel}</span> },
          ],
          afterClose: () => resolve(chosen),
        });
      }),
    confirmSignature: ({ account, message }) =>
      confirm(devnetStrings().signTitle, [[devnetStrings().account, who(account)]], message),
    confirmTransaction: ({ account, to, call, value }) =>
      confirm(devnetStrings().sendTitle, [
        [devnetStrings().account, who(account)],
        [devnetStrings().to, to ? shorten(to, 6) : "-"],
        [devnetStrings().call, call || "-"],
        [devnetStrings().value, formatEther(value)],
      ]),
  };
}
