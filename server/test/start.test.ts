import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import path from "node:path";
import { poolAbi, stakingAbi, tokenAbi } from "@dwn/contracts";
import {
  createApiClient,
  SERVED_FIGURES_ID,
  type Reply,
  type RuntimeConfig,
  type ServedFigures,
  type SystemStatus,
} from "@dwn/api";
import { createPublicClient, createWalletClient, formatUnits, http, zeroAddress, type Hex } from "viem";
import { devnetHdAccount } from "../../contracts/deploy/devnet-keys";
import { hardhat } from "viem/chains";
import { freePort, type DeploymentRecord } from "./support/devnet";
import { npmStart, RUNNING } from "./support/npm-start";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

async function status(api: string): Promise<SystemStatus> {
  return ((await (await fetch(`${api}/api/system/status`)).json()) as Reply<SystemStatus>).data;
}

const down = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

async function indexedTo(api: string, block: number): Promise<void> {
  while ((await status(api)).indexedBlock < block) await new Promise((resolve) => setTimeout(resolve, 200));
}

// The README's first command, run as a newcomer runs it (on ports of its own), then again on the
// same data folder: the second run is the first one's product.
test(
  "npm start builds the web app, runs the devnet and the server, indexes the seed, stops everything on Ctrl-C, keeps the chain and the database between runs, refuses a folder of another chain, and --reset starts clean",
  { skip: process.env.DATABASE_URL ? "npm start runs the embedded database" : false },
  async () => {
    const [devnetPort, port] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(tmpdir(), "dwn-persist-"));
    const rpc = `http://127.0.0.1:${devnetPort}`;
    const api = `http://127.0.0.1:${port}`;
    const chain = createPublicClient({ chain: hardhat, transport: http(rpc) });
    // Account #15 of the devnet's mnemonic: funded at genesis, bound to nobody by the seed.
    const member = devnetHdAccount(15);
    const inviterOf = () =>
      chain.readContract({
        address: config.contracts.pool,
        abi: poolAbi,
        functionName: "inviters",
        args: [member.address],
      });
    let config: RuntimeConfig;
    // The devnet keeps its record in the data folder: the committed generated module stays as it is.
    const generated = path.join(REPO, "contracts", "generated", "deployments.ts");
    const committed = readFileSync(generated, "utf8");
    try {
      // First run: everything up and indexed; bind the member to root, sign in, and stop.
      const first = npmStart({ dataDir, devnetPort, port });
      await first.until(RUNNING);
      const printed = first.output();
      const record = JSON.parse(
        readFileSync(path.join(dataDir, "devnet", "deployment.json"), "utf8"),
      ) as DeploymentRecord;
      assert.ok(printed.includes(`Devnet (chain 31337) at ${rpc}`), printed);
      assert.ok(printed.includes(`${api}/api/`), printed);
      assert.ok(printed.includes(record.contracts.pool));
      for (const role of ["owner", "root", "alice", "bob", "carol", "dave", "erin"]) {
        assert.match(printed, new RegExp(`\\b${role}\\b`));
      }

      assert.equal(await chain.getChainId(), 31337);
      const alice = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
      assert.equal(
        await chain.readContract({
          address: record.contracts.pool,
          abi: poolAbi,
          functionName: "userMaxNFTPosition",
          args: [alice],
        }),
        3n,
      );

      const page = await fetch(`${api}/chain/`, { headers: { "accept-encoding": "gzip, deflate, br" } });
      assert.equal(page.status, 200);
      // The page and its scripts go out compressed when the browser accepts it (fetch decodes them).
      assert.equal(page.headers.get("content-encoding"), "br");
      // The page carries the chain's figures of a recent block: checked again on each visit.
      assert.equal(page.headers.get("cache-control"), "no-cache");
      // The browser opens the connection to the RPC node while the scripts load.
      assert.equal(page.headers.get("link"), `<${rpc}>; rel=preconnect; crossorigin`);
      const html = await page.text();
      assert.match(html, /<div id="root">/);
      // The public figures the first screens paint, all read at one block, as the chain has them there.
      const carried = new RegExp(`<script id="${SERVED_FIGURES_ID}" type="application/json">(.*?)</script>`).exec(html);
      assert.ok(carried, html);
      const figures = JSON.parse(carried[1]) as ServedFigures;
      const blockNumber = BigInt(figures.block);
      assert.ok(blockNumber <= (await chain.getBlockNumber()));
      const at = { address: record.contracts.pool, abi: poolAbi, blockNumber } as const;
      const tiers = await chain.readContract({ ...at, functionName: "info" });
      assert.deepEqual(
        figures.tiers,
        tiers.map((tier) => Object.fromEntries(Object.entries(tier).map(([k, v]) => [k, v.toString()]))),
      );
      const view = await chain.readContract({
        address: record.contracts.staking,
        abi: stakingAbi,
        functionName: "stakeView",
        blockNumber,
      });
      assert.deepEqual(figures.stakeView, {
        dwnAmount: view.dwnAmount.toString(),
        a8Amount: view.a8Amount.toString(),
        cycle: view.cycle.toString(),
        gracePeriod: view.gracePeriod.toString(),
      });
      assert.equal(
        figures.poolReserve.reserve,
        (
          await chain.readContract({
            address: record.contracts.dwn,
            abi: tokenAbi,
            functionName: "balanceOf",
            args: [record.contracts.pool],
            blockNumber,
          })
        ).toString(),
      );
      assert.deepEqual(figures.contracts, {
        pool: record.contracts.pool,
        staking: record.contracts.staking,
        dwn: record.contracts.dwn,
      });
      // The screens showing those figures show them in their shells too, rendered with them by the
      // server (the shell a visitor sees before the app's scripts have even been requested), each
      // card saying the block they are of.
      const shell = (key: string) =>
        new RegExp(`<template data-shell="${key}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? "";
      const shown = (markup: string, id: string) =>
        new RegExp(`data-shell-testid="${id}"[^>]*>([^<]*)<`).exec(markup)?.[1];
      assert.equal(shown(shell("en-us mine"), "tier-1-remaining"), `Remaining ${tiers[0].supply - tiers[0].sold}`);
      assert.equal(shown(shell("zh-cn mine"), "tier-1-remaining"), `剩余 ${tiers[0].supply - tiers[0].sold}`);
      assert.equal(
        shown(shell("en-us home"), "home-unit-price"),
        `${formatUnits(view.dwnAmount, 18)} DWN + ${formatUnits(view.a8Amount, 18)} A8`,
      );
      assert.equal(shown(shell("en-us pledge"), "pledge-dwn-total"), `${formatUnits(view.dwnAmount, 18)} DWN`);
      for (const key of ["en-us home", "en-us mine", "en-us pledge"])
        assert.equal(shown(shell(key), "served-block"), `As of block #${blockNumber}`, key);
      assert.equal(shown(shell("zh-cn pledge"), "served-block"), `截至区块 #${blockNumber}`);
      // The renderer the server uses for them is the build's own, never served.
      assert.equal((await fetch(`${api}/chain/.shells/prerender.mjs`)).status, 404);
      assert.ok(printed.includes(`${api}/chain/`), printed);
      const styles = /<link rel="stylesheet" crossorigin href="\/chain\/(assets\/[^"]+\.css)"/.exec(html)?.[1];
      assert.ok(styles, html);
      const plain = await fetch(`${api}/chain/${styles}`, { headers: { "accept-encoding": "identity" } });
      assert.equal(plain.headers.get("content-encoding"), null);
      const gzipped = await fetch(`${api}/chain/${styles}`, { headers: { "accept-encoding": "gzip" } });
      assert.equal(gzipped.headers.get("content-encoding"), "gzip");
      assert.equal(gzipped.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(await gzipped.text(), await plain.text());

      config = (await (await fetch(`${api}/api/config`)).json()) as RuntimeConfig;
      assert.equal(config.chain.id, 31337);
      assert.deepEqual(config.contracts, record.contracts);
      // The indexer follows the seeded chain to its head.
      const head = Number(await chain.getBlockNumber());
      let seen = await status(api);
      while (seen.indexedBlock < head) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen = await status(api);
      }
      assert.equal(seen.chainId, 31337);
      assert.equal(seen.indexedBlock, head);

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
      assert.ok(await down(rpc), "the devnet stops on Ctrl-C");
      assert.ok(await down(`${api}/api/config`), "the server stops on Ctrl-C");

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
      assert.equal(readFileSync(generated, "utf8"), committed, "no run rewrote the committed generated module");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
