import type { Nft } from "@dwn/api";
import { parseAmount } from "../../../lib/amount";

/** An NFT's computing power: its base hashrate plus the compensation it was bought with. */
export function nftPower(nft: Pick<Nft, "hashrate" | "makeup_hashrate">): bigint {
  return parseAmount(nft.hashrate) + parseAmount(nft.makeup_hashrate);
}
