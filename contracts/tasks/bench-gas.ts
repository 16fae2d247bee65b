import { task } from "hardhat/config";

task("bench-gas", "Prints the gas of a full transaction for each user call of the pool and staking contracts")
  .addFlag("json", "Print one line holding one JSON object instead of a table")
  .setAction(async ({ json }: { json: boolean }, hre) => {
    const { measureGas, GAS_TARGETS } = await import("../bench/gas");
    const figures = await measureGas(hre);
    if (json) {
      console.log(JSON.stringify(figures));
      return;
    }
    console.log("call".padEnd(30) + "gas".padStart(10) + "target".padStart(10));
    for (const [name, gas] of Object.entries(figures)) {
      if (name === "generations") continue;
      const target = GAS_TARGETS[name as keyof typeof GAS_TARGETS];
      const verdict = gas <= target ? "ok" : "OVER";
      console.log(`${name.padEnd(30)}${String(gas).padStart(10)}${String(target).padStart(10)}  ${verdict}`);
    }
    console.log(`(collectStaticProfit.genMax credits ${figures.generations} generations)`);
  });
