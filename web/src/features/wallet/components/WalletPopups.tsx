import type { WalletDiscovery } from "../discovery";
import { BindPopup } from "./BindPopup";
import { NetworkPopup } from "./NetworkPopup";
import { WalletPicker, type PickerRequest } from "./WalletPicker";

/** The connect flow's popups: wrong network, bind inviter, and the picker for several wallets. */
export function WalletPopups({ picker, discovery }: { picker?: PickerRequest; discovery: WalletDiscovery }) {
  return (
    <>
      <NetworkPopup />
      <BindPopup />
      <WalletPicker request={picker} discovery={discovery} />
    </>
  );
}
