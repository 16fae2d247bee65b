import { expect } from "chai";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseParams, readDeployEnv } from "../deploy/env";
import { devnetParams } from "../deploy/params";

const EXAMPLE = path.join(__dirname, "..", "deploy", "params.example.json");
const A = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const full = {
  ROOT_ADDRESS: A,
  TREASURY_ADDRESS: A,
  FEE_RECIPIENT_ADDRESS: A,
  USDT_ADDRESS: A,
  DWN9_ADDRESS: A,
  DWN_ADDRESS: A,
  A8_ADDRESS: A,
  UDBK_ADDRESS: A,
  DEPLOY_PARAMS: EXAMPLE,
};

describe("production deploy configuration", () => {
  it("reads the addresses (checksummed) and the economics of the example file", () => {
    const env = readDeployEnv(full);
    expect(env.root).to.equal("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(env.tokens.udbk).to.equal("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    // The example file holds the devnet economics, so the two must agree field by field.
    expect(env.params).to.deep.equal(devnetParams);
  });

  it("names every missing or malformed variable in one error", () => {
    const env = { ...full, ROOT_ADDRESS: undefined, A8_ADDRESS: "0x1234", DEPLOY_PARAMS: undefined };
    expect(() => readDeployEnv(env)).to.throw(
      [
        "ROOT_ADDRESS is not set: give the address.",
        'A8_ADDRESS must be a 20-byte 0x address; it is "0x1234".',
        "DEPLOY_PARAMS is not set: name the JSON file with the tiers, rates and staking terms.",
      ].join("\n"),
    );
  });

  it("refuses amounts that are not strings of digits, naming the field", () => {
    const json = JSON.parse(readFileSync(EXAMPLE, "utf8")) as { staking: Record<string, unknown> };
    json.staking.dwnAmount = 100;
    expect(() => parseParams(json)).to.throw("staking.dwnAmount must be a string of digits; it is 100.");
    expect(() => readDeployEnv(full, () => "{ not json")).to.throw(/DEPLOY_PARAMS \(.*\) is not usable/);
  });

  it("refuses a file without five tiers", () => {
    expect(() => parseParams({ tiers: [] })).to.throw("tiers must list the five tiers.");
  });
});
