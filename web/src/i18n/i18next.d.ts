import type { ChangesMessages } from "../features/changes/strings";
import type { AppMessages } from "./resources";

// Types every t() key against the English key set: an unknown key fails the type check. The
// `changes` namespace travels with the screens that use it (features/changes/strings.ts).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: AppMessages; changes: ChangesMessages };
  }
}
