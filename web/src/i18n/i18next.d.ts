import type { PullMessages } from "../app/pull/strings";
import type { ChangesMessages } from "../features/changes/strings";
import type { RecentMessages } from "../features/tx/recentStrings";
import type { AppMessages } from "./resources";
import type { ScreenMessages } from "./screenStrings";

// Types every t() key against the English key set: an unknown key fails the type check. The
// `changes`, `recent`, `pull` and `screens` namespaces travel with the features that use them (i18n/lazyNamespace.ts).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: {
      translation: AppMessages;
      changes: ChangesMessages;
      recent: RecentMessages;
      pull: PullMessages;
      screens: ScreenMessages;
    };
  }
}
