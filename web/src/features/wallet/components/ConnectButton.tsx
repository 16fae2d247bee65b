import Button, { type ButtonProps } from "antd-mobile/es/components/button";
import { useTranslation } from "../../../i18n/react";
import { useWallet } from "../context";

export type ConnectButtonProps = Omit<ButtonProps, "onClick" | "loading"> & { testId?: string };

/**
 * A plain connect button for not-connected placeholders (spec §2). The connect it starts first
 * keeps the URL's `address` parameter as the parent address, or null without one (spec §4
 * step 1). Its label is "Connect wallet" unless children say otherwise.
 */
export function ConnectButton({
  children,
  testId = "connect-button",
  color = "primary",
  ...props
}: ConnectButtonProps) {
  const { t } = useTranslation();
  const { connect, connecting } = useWallet();
  return (
    <Button
      {...props}
      color={color}
      loading={connecting}
      // While it spins it shows no text: it keeps its name for screen readers.
      aria-label={connecting ? t("wallet.connect") : undefined}
      onClick={() => void connect()}
      data-testid={testId}
    >
      {children ?? t("wallet.connect")}
    </Button>
  );
}
