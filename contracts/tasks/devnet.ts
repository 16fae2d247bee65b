import { subtask, task } from "hardhat/config";
import { TASK_COMPILE, TASK_NODE, TASK_NODE_SERVER_READY } from "hardhat/builtin-tasks/task-names";

let deployOnReady = false;

function devnetPort(): number {
  const raw = process.env.DEVNET_PORT ?? "8545";
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`DEVNET_PORT must be a port number from 1 to 65535; it is "${raw}".`);
  }
  return port;
}

task(
  "devnet",
  "Runs the local chain on 127.0.0.1:$DEVNET_PORT (8545) with the contracts deployed and seeded",
).setAction(async (_args, hre) => {
  deployOnReady = true;
  const port = devnetPort();
  // A fresh checkout has no artifacts, and the deploy reads them.
  await hre.run(TASK_COMPILE, { quiet: true });
  try {
    await hre.run(TASK_NODE, { hostname: "127.0.0.1", port });
  } catch (error) {
    if (String(error).includes("EADDRINUSE")) {
      throw new Error(`Port ${port} on 127.0.0.1 is taken: stop what uses it or set DEVNET_PORT to a free port.`);
    }
    throw error;
  }
});

subtask(TASK_NODE_SERVER_READY).setAction(async (args: { address: string; port: number }, hre, runSuper) => {
  if (!deployOnReady) return runSuper(args);
  // `hardhat node` logs every request; the devnet prints a summary instead.
  await hre.network.provider.request({ method: "hardhat_setLoggingEnabled", params: [false] });
  const { deployDevnet, describeDevnet } = await import("../deploy/devnet");
  const record = await deployDevnet(hre);
  console.log(describeDevnet(record, `http://${args.address}:${args.port}`));
  console.log("\nDeployment written to contracts/deployments/31337.json. Ctrl-C stops the devnet.");
});
