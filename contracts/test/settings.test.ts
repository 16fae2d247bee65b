import { expect } from "chai";
import { getAddress } from "viem";
import { decodeSettingCall, describeSetting, encodeSetting, SETTINGS } from "../deploy/settings";

const contracts = {
  pool: getAddress("0x5FC8d32690cc91D4c39d9d3abcBD16989F875707"),
  staking: getAddress("0x0165878A594ca255338adfa4d48449f69242Eb8F"),
};
const A = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

describe("owner settings: encoding from the command line and decoding a queued call", () => {
  it("round-trips every setting through encodeSetting and decodeSettingCall", () => {
    const samples: Record<string, string[]> = {
      setTier: ["1", "1000", "100000000000000000000", "0", "15000", "10"],
      setStaticRewardPerSecond: ["10000000000000000"],
      setDirectPushRate: ["1000"],
      setDynamicRates: ["1000,800"],
      setDwnPrice: ["500000000000000000"],
      setOpenBuyTime: ["1900000000"],
      setMakeup: ["10100", "30"],
      setTreasury: [A],
      setOpenCapitalPool: ["true"],
      creditGuarantee: [`${A},${A}`, "1,2"],
      "pool.pause": [],
      "pool.unpause": [],
      setStakeTerms: ["1", "0", "30", "86400", "5"],
      setFeeRates: ["500", "300"],
      setFeeRecipient: [A],
      "staking.pause": [],
      "staking.unpause": [],
    };
    expect(Object.keys(samples).sort()).to.deep.equal(Object.keys(SETTINGS).sort());
    for (const [setting, words] of Object.entries(samples)) {
      const { contract, data } = encodeSetting(setting, words);
      const decoded = decodeSettingCall(contracts, contracts[contract], data);
      expect(decoded?.contract, setting).to.equal(contract);
      expect(decoded?.functionName, setting).to.equal(setting.replace(/^(pool|staking)\./, ""));
    }
    const fees = encodeSetting("setFeeRates", ["500", "300"]);
    const d = decodeSettingCall(contracts, contracts.staking, fees.data);
    expect(d && describeSetting(d)).to.equal("staking.setFeeRates(unstakeFeeRate_=500, collectFeeRate_=300)");
    const rates = decodeSettingCall(contracts, contracts.pool, encodeSetting("setDynamicRates", ["1000,800"]).data);
    expect(rates && describeSetting(rates)).to.equal("pool.setDynamicRates(rates=[1000,800])");
  });

  it("refuses unknown settings and malformed values with a sentence, and decodes nothing foreign", () => {
    expect(() => encodeSetting("setNothing", [])).to.throw(/^Unknown setting "setNothing"/);
    expect(() => encodeSetting("setFeeRates", ["1"])).to.throw(
      "setFeeRates takes 2 value(s): setFeeRates <unstakeFeeRate> <collectFeeRate>",
    );
    expect(() => encodeSetting("setDwnPrice", ["0.5"])).to.throw(
      'price must be a whole number (base units); it is "0.5".',
    );
    expect(() => encodeSetting("setTreasury", ["0x12"])).to.throw('treasury must be a 0x address; it is "0x12".');
    expect(() => encodeSetting("setOpenCapitalPool", ["yes"])).to.throw('open must be true or false; it is "yes".');
    const { data } = encodeSetting("setDirectPushRate", ["1"]);
    expect(decodeSettingCall(contracts, getAddress(A), data)).to.equal(undefined);
    expect(decodeSettingCall(contracts, contracts.pool, "0xdeadbeef")).to.equal(undefined);
  });
});
