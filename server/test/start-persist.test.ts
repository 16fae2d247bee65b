import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { poolAbi } from "@dwn/contracts";
import { createApiClient, type Reply, type RuntimeConfig, type SystemStatus } from "@dwn/api";
import { createPublicClient, createWalletClient, http, zeroAddress, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { freePort } from "./support/devnet";
import { npmStart, RUNNING } from "./support/npm-start";

const MNEMONIC = "test test test test test test test test test test test junk";

async function status(api: string): Promise<SystemStatus> {
  return ((await (await fetch(`${api}/api/system/status`)).json()) as Reply<SystemStatus>).data;
}

async function indexedTo(api: string, block: number): Promise<void> {
  while ((await status(api)).indexedBlock < block) await new Promise((resolve) => setTimeout(resolve, 200));
}

// The README's first command, twice on one data folder: the second run is the first one's product.
test(
  "npm start keeps the chain and the database between runs, refuses a folder of another chain, and --reset starts clean",
  { skip: process.env.DATABASE_URL ? "npm start runs the embedded database" : false },
  async () => {
    const [devnetPort, port] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-persist-"));
    const rpc = `http://127.0.0.1:${devnetPort}`;
    const api = `http://127.0.0.1:${port}`;
    const chain = createPublicClient({ chain: hardhat, transport: http(rpc) });
    // Account #15 of the devnet's mnemonic: funded at genesis, bound to nobody by the seed.
    const member = mnemonicToAccount(MNEMONIC, { addressIndex: 15 });
    const inviterOf = () =>
      chain.readContract({
        address: config.contracts.pool,
        abi: poolAbi,
        functionName: "inviters",
        args: [member.address],
      });
    let config: RuntimeConfig;
    try {
      // First run: bind the member to root, sign in, and stop.
      const first = npmStart({ dataDir, devnetPort, port });
      await first.until(RUNNING);
      config = (await (await fetch(`${api}/api/config`)).json()) as RuntimeConfig;
      const root = await chain.readContract({ address: config.contracts.pool, abi: poolAbi, functionName: "root" });
      const wallet = createWalletClient({ account: member, chain: hardhat, transport: http(rpc) });
      const hash = await wallet.writeContract({
        address: config.contracts.pool,
        abi: poolAbi,
        functionName: "setInviter",
        args: [root],
        // A legacy transaction at the app's 3 gwei, as a browser wallet sends it; the seed's are EIP-1559.
        gasPrice: 3_000_000_000n,
      });
      const bound = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      await indexedTo(api, Number(bound.blockNumber));
      const client = createApiClient({ origin: api, publicKey: config.publicKey });
      const message = (await client.call("user/get_address_random", { address: member.address }, { lang: "en-us" }))
        .data as string;
      const signs: Hex = await member.signMessage({ message });
      const login = await client.call("user/login", { address: member.address, signs }, { lang: "en-us" });
      const token = (login.data as { access_token: string }).access_token;
      const headBefore = await chain.getBlock({ blockNumber: bound.blockNumber });
      await first.stop();

      // Second run: the same chain (same block hash), the binding, the index and the session.
      const second = npmStart({ dataDir, devnetPort, port });
      await second.until(RUNNING);
      assert.match(second.output(), /Devnet chain restored from .*: \d+ blocks\./);
      // Nothing the web app is made from changed: the first run's build is served again.
      assert.match(second.output(), /The web app's devnet build is up to date\./);
      const again = await chain.getBlock({ blockNumber: bound.blockNumber });
      assert.equal(again.hash, headBefore.hash);
      assert.equal(await inviterOf(), root);
      assert.ok((await status(api)).indexedBlock >= Number(bound.blockNumber));
      const team = await createApiClient({ origin: api, publicKey: config.publicKey }).call(
        "user/getMemberTeamInfo",
        {},
        { lang: "en-us", token },
      );
      assert.equal(team.status, 200, team.msg);
      await second.stop();

      // The chain gone but the database kept: refused with a sentence, nothing left running.
      rmSync(path.join(dataDir, "devnet"), { recursive: true, force: true });
      const other = npmStart({ dataDir, devnetPort, port });
      assert.equal(await other.exited, 1);
      assert.match(other.output(), /The data folder .* belongs to another chain .*`npm start -- --reset`/);
      await assert.rejects(fetch(rpc), "the devnet was stopped");

      // --reset: a new chain and an empty database.
      const reset = npmStart({ dataDir, devnetPort, port, args: ["--reset"] });
      await reset.until(RUNNING);
      assert.match(reset.output(), /Starting clean: deleted /);
      assert.doesNotMatch(reset.output(), /restored/);
      assert.equal(await inviterOf(), zeroAddress);
      await reset.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
