import { task } from "hardhat/config";
import { TASK_COMPILE } from "hardhat/builtin-tasks/task-names";

// Every compile rewrites generated/deployments.ts from the fresh artifacts, so the ABIs the other
// workspaces import can never drift from the contracts.
task(TASK_COMPILE).setAction(async (args, hre, runSuper) => {
  const result: unknown = await runSuper(args);
  const { writeModule } = await import("../deploy/generate");
  await writeModule(hre);
  return result;
});
