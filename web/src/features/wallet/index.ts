/** The wallet feature's public interface (see each module for the details). */
export { WalletProvider } from "./WalletProvider";
export { useGetWalletClient, useWallet, type Wallet } from "./context";
export { onWalletConnected, WALLET_CONNECTED } from "./broadcast";
export { WalletButton } from "./components/WalletButton";
export { ConnectButton, type ConnectButtonProps } from "./components/ConnectButton";
