import Button from "antd-mobile/es/components/button";
import CenterPopup from "antd-mobile/es/components/center-popup";
import { useTranslation } from "../../../i18n/react";
import { encodeFunctionData, getAddress, isAddress } from "viem";
import { poolAbi } from "@dwn/contracts";
import { shorten } from "../../../lib/format";
import { useRuntimeConfig } from "../../../lib/runtime";
import { LazyNetworkFee } from "../../tx/LazyNetworkFee";
import { oneCall } from "../../tx/networkFee";
import { useWalletMachine, useWalletState } from "../context";
import { InviteProblem } from "./InviteProblem";
import { POPUP_FRAME } from "./popupFrame";
import styles from "./WalletPopup.module.css";

/**
 * Spec §2 "Bind-parent popup": the inviter from the URL, shortened (9 … 9, spec §9), and "Bind".
 * Its title says what it does (the spec's "Please enter wallet address" asks for an input it has not).
 * An inviter that can invite comes with the network fee of the setInviter the bind sends.
 */
export function BindPopup() {
  const { t } = useTranslation();
  const machine = useWalletMachine();
  const { session, parentAddress } = useWalletState();
  const { contracts } = useRuntimeConfig();
  const open = session.status === "needsInviter";
  // Closing, it keeps its last look while it animates out: the bind button, spinning after a bind.
  const problem = open ? session.problem : null;
  const busy = open ? session.busy : session.status === "signingIn";
  const fee =
    open && problem === null && parentAddress !== null && isAddress(parentAddress, { strict: false })
      ? oneCall(
          session.account,
          contracts.pool,
          encodeFunctionData({ abi: poolAbi, functionName: "setInviter", args: [getAddress(parentAddress)] }),
        )
      : undefined;
  return (
    <CenterPopup
      visible={open}
      showCloseButton
      onClose={machine.closeBindPopup}
      onMaskClick={machine.closeBindPopup}
      bodyClassName={styles.body}
      style={POPUP_FRAME}
    >
      <div data-testid="bind-popup">
        <h3 className={styles.title}>{t("wallet.bind.heading")}</h3>
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>{t("wallet.bind.inviter")}</dt>
            <dd data-testid="bind-inviter" title={parentAddress ?? ""}>
              {shorten(parentAddress ?? "", 9)}
            </dd>
          </div>
        </dl>
        {problem === null ? (
          <>
            <LazyNetworkFee request={fee} />
            <Button block color="primary" loading={busy} onClick={machine.bind} data-testid="bind-button">
              {t("wallet.bind.button")}
            </Button>
          </>
        ) : (
          // Checked on chain before offering the bind: say why this link cannot be used, and what to do.
          <div data-testid="bind-problem">
            <InviteProblem problem={problem} onLeave={machine.closeBindPopup} />
            <Button block onClick={machine.closeBindPopup} data-testid="bind-close">
              {t("tx.close")}
            </Button>
          </div>
        )}
      </div>
    </CenterPopup>
  );
}
