import { tokenAbi } from "@dwn/contracts";
import type { Address, Client } from "viem";
import { readView } from "./readView";

/** `account`'s balance of `token` (18-decimal base units). */
export function readTokenBalance(client: Client, { token, account }: { token: Address; account: Address }) {
  return readView(client, { address: token, abi: tokenAbi, functionName: "balanceOf", args: [account] });
}

/** How much of `token` `spender` may still pull from `owner`. */
export function readAllowance(
  client: Client,
  { token, owner, spender }: { token: Address; owner: Address; spender: Address },
) {
  return readView(client, { address: token, abi: tokenAbi, functionName: "allowance", args: [owner, spender] });
}

/** `account`'s balance of each of `tokens`, under the same names. */
export async function readBalances<K extends string>(
  client: Client,
  { tokens, account }: { tokens: Record<K, Address>; account: Address },
): Promise<Record<K, bigint>> {
  return readEach(tokens, (token) => readTokenBalance(client, { token, account }));
}

/** What `spender` may pull from `owner` of each of `tokens`, under the same names. */
export async function readAllowances<K extends string>(
  client: Client,
  { tokens, owner, spender }: { tokens: Record<K, Address>; owner: Address; spender: Address },
): Promise<Record<K, bigint>> {
  return readEach(tokens, (token) => readAllowance(client, { token, owner, spender }));
}

async function readEach<K extends string>(
  tokens: Record<K, Address>,
  read: (token: Address) => Promise<bigint>,
): Promise<Record<K, bigint>> {
  const names = Object.keys(tokens) as K[];
  const values = await Promise.all(names.map((name) => read(tokens[name])));
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as Record<K, bigint>;
}
