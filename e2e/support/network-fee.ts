import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { formatUnits, parseGwei, parseUnits, type Address, type Hex } from "viem";
import { networkFeeStrings } from "../../web/src/features/tx/networkFeeStrings";
import { fill } from "./strings";

/** The confirm popups' network-fee line, in Chinese (the default language). */
export const feeZh = { ...networkFeeStrings["en-us"], ...networkFeeStrings["zh-cn"] } as Required<
  NonNullable<(typeof networkFeeStrings)["en-us"]>
>;

/** A fee above this on the devnet is no estimate of one call or three at 3 gwei: 3,333,333 gas. */
const SANE_MAX_BNB = parseUnits("0.01", 18);

/**
 * The fee a popup's line shows (`within`: the popup), once estimated: "网络费用 ≈ 0.000246 BNB",
 * its BNB as wei, and the note after it (approvals, the step estimated after them). Asserts it
 * is a figure above 0 and below a sane bound, never the placeholder or the failure sentence.
 */
export async function shownNetworkFee(
  within: Pick<Locator, "getByTestId">,
): Promise<{ text: string; wei: bigint; note: string }> {
  const amount = within.getByTestId("network-fee-amount");
  await amount.waitFor();
  const text = ((await amount.textContent()) ?? "").trim();
  const match = /^≈ (\d+\.\d+) BNB$/.exec(text);
  assert.ok(match, `the network fee reads "≈ <figure> BNB": ${text}`);
  const wei = parseUnits(match[1], 18);
  assert.ok(wei > 0n && wei <= SANE_MAX_BNB, `the network fee is above 0 and at most 0.01 BNB: ${text}`);
  const line = ((await within.getByTestId("network-fee").textContent()) ?? "").trim();
  assert.ok(line.startsWith(`${feeZh.label} ${text}`), `the line names the network fee: ${line}`);
  const later = within.getByTestId("network-fee-later");
  const note = (await later.count()) > 0 ? ((await later.textContent()) ?? "").trim() : "";
  return { text, wei, note };
}

/**
 * What the line must read for `calls` sent from `account`, computed here against the devnet:
 * eth_estimateGas of each × 3 gwei, summed, in BNB rounded up to 6 decimals.
 */
export async function expectedNetworkFee(
  client: { estimateGas(args: { account: Address; to: Address; data: Hex }): Promise<bigint> },
  account: Address,
  calls: readonly { to: Address; data: Hex }[],
): Promise<string> {
  let wei = 0n;
  for (const { to, data } of calls) wei += (await client.estimateGas({ account, to, data })) * parseGwei("3");
  const micro = 10n ** 12n;
  return fill(feeZh.about, { amount: formatUnits((wei + micro - 1n) / micro, 6), coin: "BNB" });
}
