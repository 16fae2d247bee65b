import type { PullMessages } from "../app/pull/strings";
import type { ChangesMessages } from "../features/changes/strings";
import type { NetworkFeeMessages } from "../features/tx/networkFeeStrings";
import type { RecentMessages } from "../features/tx/recentStrings";
import type { InviteMessages } from "../features/wallet/rootInvite";
import type { RedeemWindowMessages } from "../features/shared/redeemWindowStrings";
import type { ShareActionMessages } from "../features/share/shareStrings";
import type { TeamMessages } from "../features/team/teamStrings";
import type { AppMessages } from "./resources";
import type { ScreenMessages } from "./screenStrings";

/**
 * Each namespace's strings, typed against the English key set: an unknown key fails the type
 * check. `translation` is the first visit's; the others travel with the features that use them
 * (i18n/lazyNamespace.ts).
 */
export interface Namespaces {
  translation: AppMessages;
  changes: ChangesMessages;
  recent: RecentMessages;
  pull: PullMessages;
  invite: InviteMessages;
  shareActions: ShareActionMessages;
  networkFee: NetworkFeeMessages;
  screens: ScreenMessages;
  redeemWindow: RedeemWindowMessages;
  team: TeamMessages;
}
