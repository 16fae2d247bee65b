// The operator command for the owner's settings of Pool and Staking (docs/contracts.md, "Deploying to BNB Smart Chain").
//
//   npm run --workspace contracts owner -- <setting> <values…> [--salt 0x…] [--send]
//   npm run --workspace contracts owner -- pending
//   npm run --workspace contracts owner -- execute <id>
//   npm run --workspace contracts owner -- cancel <id> [--send]
//
// With a timelock as owner, a setting prints the `schedule` call (target, data, salt, delay) the
// multisig proposes; `--send` sends it from OWNER_PRIVATE_KEY (the devnet's owner key by default)
// and is refused off the devnet. Without a timelock (the plain devnet) `--send` calls the setting
// directly. RPC_URL names the chain (default: the devnet on 127.0.0.1:$DEVNET_PORT).
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  parseEventLogs,
  toHex,
  zeroHash,
  type Address,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { timelockAbi } from "../generated/deployments";
import type { DeploymentRecord } from "../deploy/record";
import { decodeSettingCall, describeSetting, encodeSetting } from "../deploy/settings";

/** Hardhat's first account: the devnet's owner (and, with --timelock, its multisig). */
const DEVNET_OWNER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const DEVNET_CHAIN_ID = 31337;

async function main(argv: string[]) {
  const words: string[] = [];
  const flags = new Set<string>();
  let salt: Hex | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--send") flags.add("--send");
    else if (argv[i] === "--salt") salt = argv[++i] as Hex;
    else words.push(argv[i]);
  }
  const [command, ...values] = words;
  if (!command) throw new Error("Give a setting and its values, or pending, execute <id>, cancel <id>.");

  const url = process.env.RPC_URL ?? `http://127.0.0.1:${process.env.DEVNET_PORT ?? "8545"}`;
  const publicClient = createPublicClient({ transport: http(url) });
  const chainId = await publicClient.getChainId();
  const file = path.join(__dirname, "..", "deployments", `${chainId}.json`);
  const record = JSON.parse(readFileSync(file, "utf8")) as DeploymentRecord;
  const timelock = record.contracts.timelock;
  const wallet = () => {
    const key = (process.env.OWNER_PRIVATE_KEY ?? (chainId === DEVNET_CHAIN_ID ? DEVNET_OWNER_KEY : undefined)) as
      Hex | undefined;
    if (!key) throw new Error("Set OWNER_PRIVATE_KEY to send from this chain.");
    const chain = {
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: "", symbol: "", decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    };
    return createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(url) });
  };
  const send = async (to: Address, data: Hex) => {
    const hash = await wallet().sendTransaction({ to, data });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`Transaction ${hash} reverted.`);
    console.log(`Sent: ${hash} (block ${receipt.blockNumber}).`);
    return receipt;
  };
  const requireTimelock = (): Address => {
    if (!timelock) throw new Error(`The contracts on chain ${chainId} have a plain owner: there is no queue.`);
    return timelock;
  };

  /** The scheduled call of operation `id`, from its CallScheduled (and CallSalt) events. */
  const scheduled = async (id?: Hex) => {
    const logs = parseEventLogs({
      abi: timelockAbi,
      logs: await publicClient.getLogs({ address: requireTimelock(), fromBlock: BigInt(record.startBlock) }),
    });
    const calls = new Map<Hex, { target: Address; value: bigint; data: Hex; predecessor: Hex; salt: Hex }>();
    const salts = new Map<Hex, Hex>();
    for (const log of logs) {
      if (log.eventName === "CallScheduled") {
        const a = log.args;
        calls.set(a.id, { target: a.target, value: a.value, data: a.data, predecessor: a.predecessor, salt: zeroHash });
      } else if (log.eventName === "CallSalt") salts.set(log.args.id, log.args.salt);
    }
    for (const [k, c] of calls) c.salt = salts.get(k) ?? zeroHash;
    if (id && !calls.has(id)) throw new Error(`No operation ${id} was scheduled on the timelock.`);
    return calls;
  };
  const read = <T>(functionName: string, args: readonly unknown[]) =>
    publicClient.readContract({
      address: requireTimelock(),
      abi: timelockAbi,
      functionName,
      args,
    } as never) as Promise<T>;
  const when = (t: bigint) => new Date(Number(t) * 1000).toISOString();

  if (command === "pending") {
    const calls = await scheduled();
    const now = (await publicClient.getBlock()).timestamp;
    let count = 0;
    for (const [id, c] of calls) {
      if (!(await read<boolean>("isOperationPending", [id]))) continue;
      count++;
      const at = await read<bigint>("getTimestamp", [id]);
      const d = decodeSettingCall(record.contracts, c.target, c.data);
      console.log(`${id}\n  ${d ? describeSetting(d) : `${c.target} ${c.data}`}`);
      console.log(`  ${at <= now ? "ready since" : "executable from"} ${when(at)}`);
    }
    if (count === 0) console.log("No change is queued.");
    return;
  }
  if (command === "execute" || command === "cancel") {
    const id = values[0] as Hex;
    if (!/^0x[0-9a-fA-F]{64}$/.test(id ?? ""))
      throw new Error(`${command} takes the operation id (0x + 64 hex digits).`);
    const c = (await scheduled(id)).get(id)!;
    const d = decodeSettingCall(record.contracts, c.target, c.data);
    console.log(`${command} ${id}: ${d ? describeSetting(d) : c.data}`);
    if (await read<boolean>("isOperationDone", [id])) throw new Error(`Operation ${id} was already executed.`);
    if (!(await read<boolean>("isOperationPending", [id]))) throw new Error(`Operation ${id} was cancelled.`);
    if (command === "execute") {
      const at = await read<bigint>("getTimestamp", [id]);
      if (!(await read<boolean>("isOperationReady", [id])))
        throw new Error(`Operation ${id} is executable from ${when(at)}.`);
      const data = encodeFunctionData({
        abi: timelockAbi,
        functionName: "execute",
        args: [c.target, c.value, c.data, c.predecessor, c.salt],
      });
      await send(requireTimelock(), data);
      return;
    }
    const data = encodeFunctionData({ abi: timelockAbi, functionName: "cancel", args: [id] });
    if (flags.has("--send") && chainId === DEVNET_CHAIN_ID) await send(requireTimelock(), data);
    else console.log(`For the multisig to send:\n  to     ${requireTimelock()}\n  data   ${data}`);
    return;
  }

  const { contract, data } = encodeSetting(command, values);
  const target = record.contracts[contract];
  const decoded = decodeSettingCall(record.contracts, target, data);
  console.log(`Setting: ${decoded ? describeSetting(decoded) : command}`);
  if (!timelock) {
    console.log(`The ${contract} contract has a plain owner (${record.owner}): call it directly.`);
    console.log(`  to     ${target}\n  data   ${data}`);
    if (flags.has("--send")) await send(target, data);
    return;
  }
  const delay = await read<bigint>("getMinDelay", []);
  const opSalt = salt ?? keccak256(toHex(`${command} ${values.join(" ")} ${Date.now()}`));
  const id = await read<Hex>("hashOperation", [target, 0n, data, zeroHash, opSalt]);
  const schedule = encodeFunctionData({
    abi: timelockAbi,
    functionName: "schedule",
    args: [target, 0n, data, zeroHash, opSalt, delay],
  });
  console.log(
    [
      `schedule on the timelock ${timelock}:`,
      `  target       ${target}`,
      `  value        0`,
      `  data         ${data}`,
      `  predecessor  ${zeroHash}`,
      `  salt         ${opSalt}`,
      `  delay        ${delay} s (${(Number(delay) / 3600).toFixed(1)} h)`,
      `  operation id ${id}`,
      `  calldata for the multisig: ${schedule}`,
    ].join("\n"),
  );
  if (flags.has("--send")) {
    if (chainId !== DEVNET_CHAIN_ID) throw new Error("Off the devnet the multisig proposes: --send is refused.");
    await send(timelock, schedule);
    console.log(`Executable from ${when((await publicClient.getBlock()).timestamp + delay)}: owner -- execute ${id}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A revert: its one-line reason, not the request dump.
  const reason = error instanceof BaseError ? /reverted with .*/.exec(error.details ?? "")?.[0] : undefined;
  console.error(reason ?? (error instanceof Error ? error.message : String(error)));
  process.exitCode = 1;
});
