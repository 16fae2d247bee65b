import { poolAbi } from "@dwn/contracts";
import { useQuery } from "@tanstack/react-query";
import { getAddress, isAddress, zeroAddress, type Address } from "viem";
import { addNamespace } from "../../i18n/lazyNamespace";
import type { LanguageCode } from "../../i18n/languages";
import { readView } from "../../lib/reads/readView";
import { useRuntimeConfig } from "../../lib/runtime";
import { usePublicClient } from "../../lib/usePublicClient";
import { useTranslation } from "../../i18n/react";

/**
 * What a visitor whose invite link cannot be used may do instead: join through the referral
 * tree's root, which the deployment names on chain (the pool's `root()`, set at deploy). The
 * strings travel with the screens that need them (the `invite` namespace), not in the first visit's.
 */
const enUs = { useRoot: "Or join through the project's own invite link" };
export type InviteMessages = typeof enUs;

const strings: Partial<Record<LanguageCode, InviteMessages>> = {
  "en-us": enUs,
  "zh-cn": { useRoot: "或使用项目方的邀请链接加入" },
};

/** The hash route of an invite link to `address`: home, with the inviter in its query. */
export function inviteRoute(address: Address): string {
  return `#/home?address=${address}`;
}

/** The root's address, or null while unknown or when the deployment has none. */
export function useRootInviter(): Address | null {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const root = useQuery({
    queryKey: ["pool/root", contracts.pool],
    queryFn: () => readView(client, { address: contracts.pool, abi: poolAbi, functionName: "root" }),
    staleTime: Infinity,
  }).data;
  return root && isAddress(root) && root !== zeroAddress ? root : null;
}

/** `t` for the `invite` namespace, added on first use. */
export function useInviteStrings() {
  const { i18n } = useTranslation();
  addNamespace(i18n, "invite", strings);
  return useTranslation("invite").t;
}

/**
 * Whether `address` (an invite link's `?address=`) can invite: "malformed" (not an address),
 * "outsideTree" (the pool's validUser is false), null (it can), undefined while the chain is asked.
 */
export function useInviterProblem(address: string): "malformed" | "outsideTree" | null | undefined {
  const client = usePublicClient();
  const { contracts } = useRuntimeConfig();
  const wellFormed = isAddress(address, { strict: false });
  const valid = useQuery({
    queryKey: ["pool/validUser", contracts.pool, address.toLowerCase()],
    queryFn: () =>
      readView(client, {
        address: contracts.pool,
        abi: poolAbi,
        functionName: "validUser",
        args: [getAddress(address)],
      }),
    enabled: wellFormed,
  }).data;
  if (!wellFormed) return "malformed";
  if (valid === undefined) return undefined;
  return valid ? null : "outsideTree";
}
