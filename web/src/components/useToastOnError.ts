import { useEffect } from "react";
import { showToast } from "./toast";

/** Spec §8 "Loading": a failed read toasts its error text (the API's message, or the RPC's). */
export function useToastOnError(error: Error | null): void {
  useEffect(() => {
    if (error) showToast({ content: error.message, icon: "fail" });
  }, [error]);
}
