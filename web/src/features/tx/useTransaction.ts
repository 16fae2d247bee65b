import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "../../i18n/react";
import {
  encodeFunctionData,
  type Abi,
  type Client,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionParameters,
  type EncodeFunctionDataParameters,
  type TransactionReceipt,
} from "viem";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import { GAS_PRICE } from "../../lib/chain";
import { useRuntimeConfig } from "../../lib/runtime";
import { usePublicClient } from "../../lib/usePublicClient";
import { useGetWalletClient } from "../wallet";
import { describeTxProblem } from "./describe";
import { TxError, txProblem } from "./errors";
import type { TxAction, TxLabel } from "./label";
import { recordTxBlock } from "./lastTx";
import { txStore } from "./store";

type WriteName<abi extends Abi> = ContractFunctionName<abi, "nonpayable" | "payable">;
type WriteArgs<abi extends Abi, name extends WriteName<abi>> = ContractFunctionArgs<
  abi,
  "nonpayable" | "payable",
  name
>;

/**
 * A contract write, what it does (the banner's and the history's label, as a key of the app's
 * strings) and the action it belongs to (disabled while it is pending).
 */
export type TxStep<
  abi extends Abi = Abi,
  name extends WriteName<abi> = WriteName<abi>,
  args extends WriteArgs<abi, name> = WriteArgs<abi, name>,
> = ContractFunctionParameters<abi, "nonpayable" | "payable", name, args, boolean> & {
  label: TxLabel;
  action?: TxAction;
};

/**
 * Every custom error of the deployment's contracts: a purchase that fails inside the token's
 * transferFrom reverts with the token's error, which the pool's ABI alone could not name.
 */
const DEPLOYMENT_ERRORS: Abi = ([...poolAbi, ...stakingAbi, ...tokenAbi] as Abi).filter(
  (item) => item.type === "error",
);

/** Receipts are polled every second: the devnet mines on each transaction, BSC every 3 s. */
const RECEIPT_POLL_MS = 1_000;
/** A transaction with no receipt after this long is reported as possibly dropped. */
const RECEIPT_TIMEOUT_MS = 5 * 60_000;
/** How long to watch for the next block, to refresh once more after it. */
const NEXT_BLOCK_WAIT_MS = 60_000;

async function blockNumber(client: Client): Promise<bigint> {
  return BigInt(await client.request({ method: "eth_blockNumber" }));
}

/**
 * `run(step)` sends one contract write from the connected wallet at the spec's 3 gwei and
 * resolves with its successful receipt. The banner follows it: waiting for the wallet →
 * pending (hash, explorer link) → confirmed or failed. The call is simulated first against the
 * deployment's RPC, so a refusal is the contract's custom error, named in the user's language,
 * and costs no gas; an account whose BNB cannot pay the estimated fee at that price is told so
 * before the wallet opens. A transaction without a receipt after 5 minutes is reported as
 * possibly dropped. Every query is refreshed on the receipt and again after the next block.
 * Rejects with a {@link TxError} whose message is the sentence to show.
 */
export function useTransaction() {
  const { t } = useTranslation();
  const client = usePublicClient();
  const queryClient = useQueryClient();
  const getWalletClient = useGetWalletClient();
  const { chain } = useRuntimeConfig();
  const coin = chain.currency.symbol;

  return useCallback(
    async function run<const abi extends Abi, name extends WriteName<abi>, const args extends WriteArgs<abi, name>>(
      step: TxStep<abi, name, args>,
    ): Promise<TransactionReceipt> {
      const { label, action, address, abi, functionName, args } = step as TxStep;
      const id = txStore.begin(label);
      const fail = (error: unknown): never => {
        const problem = txProblem(error);
        const reason = describeTxProblem(problem, t, coin);
        txStore.update(id, { phase: "failed", reason });
        throw new TxError(problem, reason);
      };

      let hash;
      let actions;
      let txHistory;
      let from;
      try {
        // viem's transaction actions (and the device's transaction history) load with the first
        // transaction, not with the screen.
        [actions, { txHistory }] = await Promise.all([import("viem/actions"), import("./history")]);
        const { estimateGas, getBalance, sendTransaction, simulateContract } = actions;
        if (!getWalletClient) throw new Error("No wallet is connected.");
        const wallet = await getWalletClient();
        await simulateContract(client, {
          address,
          abi: [...abi, ...DEPLOYMENT_ERRORS],
          functionName,
          args,
          account: wallet.account.address,
        } as Parameters<typeof simulateContract>[1]);
        const data = encodeFunctionData({ abi, functionName, args } as EncodeFunctionDataParameters);
        from = wallet.account.address;
        const [gas, coins] = await Promise.all([
          estimateGas(client, { account: from, to: address, data }),
          getBalance(client, { address: from }),
        ]);
        if (coins < gas * GAS_PRICE) throw new TxError({ kind: "noGas" }, "noGas");
        hash = await sendTransaction(wallet, {
          account: wallet.account,
          chain: wallet.chain,
          to: address,
          data,
          gasPrice: GAS_PRICE,
        });
      } catch (error) {
        return fail(error);
      }

      txStore.update(id, { phase: "pending", hash });
      txHistory.add(chain.id, from, { hash, label, ...(action && { action }), sentAt: Date.now() });
      let receipt;
      try {
        receipt = await actions.waitForTransactionReceipt(client, {
          hash,
          pollingInterval: RECEIPT_POLL_MS,
          timeout: RECEIPT_TIMEOUT_MS,
        });
      } catch (error) {
        return fail(error);
      }
      txHistory.settle(chain.id, from, hash, receipt.status === "success" ? "confirmed" : "failed");
      if (receipt.status !== "success") return fail(new TxError({ kind: "reverted" }, "reverted"));

      txStore.update(id, { phase: "confirmed" });
      recordTxBlock(receipt.blockNumber);
      void queryClient.invalidateQueries();
      void refreshAfterNextBlock(client, receipt.blockNumber, () => void queryClient.invalidateQueries());
      return receipt;
    },
    [chain.id, client, coin, getWalletClient, queryClient, t],
  );
}

/** Calls `refresh` once a block after `mined` exists (or gives up after a minute). */
async function refreshAfterNextBlock(client: Client, mined: bigint, refresh: () => void) {
  const deadline = Date.now() + NEXT_BLOCK_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
    try {
      if ((await blockNumber(client)) > mined) return refresh();
    } catch {
      // The RPC hiccuped; the next poll tries again.
    }
  }
}

/** The text to toast for a failed step: the contract's or the wallet's sentence, else the spec's `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof TxError && error.problem.kind !== "other" ? error.message : fallback;
}
