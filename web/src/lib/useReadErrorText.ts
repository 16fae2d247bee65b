import { useCallback } from "react";
import { useTranslation } from "../i18n/react";
import { readErrorText } from "./readError";
import { useRuntimeConfig } from "./runtime";

/** `(error) => sentence`: a failed read in the user's language (lib/readError), for a toast after a tap. */
export function useReadErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const { chain } = useRuntimeConfig();
  return useCallback((error: unknown) => readErrorText(error, t, chain.name), [t, chain.name]);
}
