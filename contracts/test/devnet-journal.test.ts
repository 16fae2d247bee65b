import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";

/*
 * The devnet as `npm start` runs it (`hardhat devnet` with DEVNET_STATE_DIR), killed and started
 * again on the same folder: the chain must come back block hash for block hash.
 */

const CONTRACTS = path.resolve(__dirname, "..");
const MNEMONIC = "test test test test test test test test test test test junk";

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

interface Devnet {
  process: ChildProcess;
  output: () => string;
  rpcUrl: string;
}

/** Starts the devnet on `dir` and resolves once it says it is ready (it prints how to stop it). */
async function startDevnet(dir: string): Promise<Devnet> {
  const port = await freePort();
  // Under solidity-coverage the devnet must not compile into the coverage run's artifacts: the
  // tests after this one would deploy uninstrumented contracts.
  const env = { ...process.env };
  delete env.SOLIDITY_COVERAGE;
  const child = spawn(process.execPath, [require.resolve("hardhat/internal/cli/cli"), "devnet"], {
    cwd: CONTRACTS,
    env: {
      ...env,
      DEVNET_PORT: String(port),
      DEVNET_STATE_DIR: path.join(dir, "devnet"),
      DATA_DIR: dir,
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (text.includes("Ctrl-C stops the devnet.")) resolve();
    };
    child.stdout?.on("data", check);
    child.once("exit", (code, signal) => reject(new Error(`The devnet stopped (${signal ?? code}):\n${text}`)));
  });
  return { process: child, output: () => text, rpcUrl: `http://127.0.0.1:${port}` };
}

/** SIGKILL to the devnet's whole process group: nothing gets to run, as in a power cut. */
async function hardKill(devnet: Devnet): Promise<void> {
  const exited = once(devnet.process, "exit");
  process.kill(-(devnet.process.pid as number), "SIGKILL");
  await exited;
}

function clients(rpcUrl: string) {
  const transport = http(rpcUrl);
  return {
    public: createPublicClient({ chain: hardhat, transport }),
    test: createTestClient({ chain: hardhat, mode: "hardhat", transport }),
    wallet: (index: number) =>
      createWalletClient({ chain: hardhat, transport, account: mnemonicToAccount(MNEMONIC, { addressIndex: index }) }),
  };
}

async function head(rpcUrl: string): Promise<{ number: bigint; hash: Hash }> {
  const block = await clients(rpcUrl).public.getBlock({ blockTag: "latest" });
  return { number: block.number, hash: block.hash };
}

describe("the devnet's journal", function () {
  let dir: string;
  let devnet: Devnet | undefined;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "dwn-devnet-journal-"));
  });
  afterEach(async () => {
    if (devnet?.process.exitCode === null && devnet.process.signalCode === null) await hardKill(devnet);
    devnet = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it("loses no block to a hard kill right after a burst of transactions", async () => {
    devnet = await startDevnet(dir);
    const chain = clients(devnet.rpcUrl);
    // Six senders at once, eight transfers each: every answer means a mined block.
    await Promise.all(
      [10, 11, 12, 13, 14, 15].map(async (index) => {
        const wallet = chain.wallet(index);
        for (let i = 0; i < 8; i++) {
          await wallet.sendTransaction({ to: mnemonicToAccount(MNEMONIC, { addressIndex: 16 }).address, value: 1n });
        }
      }),
    );
    const before = await head(devnet.rpcUrl);
    await hardKill(devnet);

    devnet = await startDevnet(dir);
    expect(await head(devnet.rpcUrl)).to.deep.equal(before);
    expect(devnet.output()).to.include(`restored from ${path.join(dir, "devnet")}: ${before.number} blocks`);
  });

  it("replays hardhat_mine, hardhat_setBalance, hardhat_setCode and the other state calls", async () => {
    devnet = await startDevnet(dir);
    const chain = clients(devnet.rpcUrl);
    const stranger: Address = "0x00000000000000000000000000000000000d0e5f";
    const code: Hex = "0x600160005260206000f3"; // returns 1
    const wallet = chain.wallet(10);
    const send = async () =>
      chain.public.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: stranger, value: 1n }) });

    await chain.test.mine({ blocks: 40, interval: 7 });
    await chain.test.setBalance({ address: stranger, value: parseEther("12.5") });
    await chain.test.setCode({ address: stranger, bytecode: code });
    await chain.test.setStorageAt({ address: stranger, index: 3, value: `0x${"ab".repeat(32)}` });
    await chain.test.setNonce({ address: stranger, nonce: 9 });
    await send();
    await chain.test.increaseTime({ seconds: 3_600 });
    await chain.test.mine({ blocks: 1 });
    const next = (await chain.public.getBlock()).timestamp + 100n;
    await chain.test.setNextBlockTimestamp({ timestamp: next });
    await send();
    // What a test's snapshot and revert take back must not come back either.
    const snapshot = await chain.test.snapshot();
    await send();
    await chain.test.setBalance({ address: stranger, value: 1n });
    await chain.test.mine({ blocks: 5 });
    await chain.test.revert({ id: snapshot });
    await chain.test.setAutomine(false);
    await wallet.sendTransaction({ to: stranger, value: 2n });
    await chain.test.mine({ blocks: 3, interval: 2 });
    await chain.test.setAutomine(true);
    await send();
    // A transaction that reverts is mined all the same: the node's error answer comes after its block is journaled.
    const reverter: Address = "0x00000000000000000000000000000000000dead1";
    await chain.test.setCode({ address: reverter, bytecode: "0x60006000fd" }); // revert(0, 0)
    const reverted = await wallet.sendTransaction({ to: reverter, gas: 100_000n }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(reverted?.message).to.match(/revert/i);
    const before = await head(devnet.rpcUrl);
    expect((await chain.public.getBlock()).transactions).to.have.length(1);
    const balance = await chain.public.getBalance({ address: stranger });
    expect(balance).to.equal(parseEther("12.5") + 5n);
    await hardKill(devnet);

    devnet = await startDevnet(dir);
    const again = clients(devnet.rpcUrl);
    expect(await head(devnet.rpcUrl)).to.deep.equal(before);
    expect(await again.public.getBalance({ address: stranger })).to.equal(balance);
    expect(await again.public.getCode({ address: stranger })).to.equal(code);
    expect(await again.public.getTransactionCount({ address: stranger })).to.equal(9);
    expect(await again.public.getStorageAt({ address: stranger, slot: "0x3" })).to.equal(`0x${"ab".repeat(32)}`);
    // And the chain goes on from there.
    await again.wallet(11).sendTransaction({ to: stranger, value: 1n });
    expect((await head(devnet.rpcUrl)).number).to.equal(before.number + 1n);
  });
});
