import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/react";
import { addNamespace } from "../../i18n/lazyNamespace";
import { useRuntimeConfig } from "../../lib/runtime";
import { usePublicClient } from "../../lib/usePublicClient";
import { useWallet } from "../wallet/context";
import { readTxs, txHistory, type SentTx } from "./history";
import { belongsTo, type TxActionKind } from "./label";
import { recentStrings } from "./recentStrings";

/** Pending transactions' receipts are asked for this often. */
const POLL_MS = 3_000;

/** The account's transactions on this chain, kept up to date as they are sent and settled, in this tab or another. */
export function useSentTxs(chainId: number, account: string | undefined): SentTx[] {
  const [txs, setTxs] = useState(() => (account ? readTxs(chainId, account) : []));
  useEffect(() => {
    if (!account) {
      setTxs([]);
      return;
    }
    setTxs(readTxs(chainId, account));
    return txHistory.subscribe(() => setTxs(readTxs(chainId, account)));
  }, [chainId, account]);
  return txs;
}

/**
 * Follows the account's pending transactions to their receipts (after a reload too, and those
 * another tab sent), settling each in the history; every query is read again when one settles,
 * here or in another tab. Returns the pending ones.
 */
export function useFollowPending(account: string | undefined): SentTx[] {
  const { chain } = useRuntimeConfig();
  const client = usePublicClient();
  const queryClient = useQueryClient();
  const pending = useSentTxs(chain.id, account).filter((tx) => tx.state === "pending");
  const hashes = pending.map((tx) => tx.hash);

  useQuery({
    queryKey: ["pending-receipts", chain.id, account, hashes],
    enabled: account !== undefined && hashes.length > 0,
    refetchInterval: POLL_MS,
    queryFn: async () => {
      for (const hash of hashes) {
        const receipt = await client.request({ method: "eth_getTransactionReceipt", params: [hash] });
        if (receipt && account)
          txHistory.settle(chain.id, account, hash, receipt.status === "0x1" ? "confirmed" : "failed");
      }
      return hashes.length;
    },
  });

  // A transaction that stopped being pending changed the chain: the figures are read again.
  const joined = hashes.join();
  const previous = useRef(joined);
  useEffect(() => {
    const before = previous.current.split(",").filter(Boolean);
    previous.current = joined;
    if (before.some((hash) => !joined.includes(hash))) void queryClient.invalidateQueries();
  }, [joined, queryClient]);
  return pending;
}

/**
 * `isPending(kind, target?)`: whether a transaction of the signed-in account belonging to that
 * action (a withdrawal of `target` income, a purchase of tier `target`, a stake, a claim or
 * redeem of stake `target`) is pending, here or in another tab; and `pendingText`, "Pending…"
 * in the user's language, for its button.
 */
export function usePendingAction() {
  const { i18n } = useTranslation();
  addNamespace(i18n, "recent", recentStrings);
  const { t } = useTranslation("recent");
  const { account } = useWallet();
  const { chain } = useRuntimeConfig();
  const txs = useSentTxs(chain.id, account);
  const isPending = useCallback(
    (kind: TxActionKind, target?: string) =>
      txs.some((tx) => tx.state === "pending" && belongsTo(tx.action, kind, target)),
    [txs],
  );
  return { isPending, pendingText: t("pendingAction") };
}
