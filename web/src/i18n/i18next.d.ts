import type { AppMessages } from "./resources";

// Types every t() key against the English key set: an unknown key fails the type check.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: AppMessages };
  }
}
