/**
 * The mutations `scripts/mutants.ts` applies, one at a time. Each is a set of textual patches
 * (`find` must occur exactly once in its file); the "model too" mutants patch the property test's
 * reference model the same way, so the comparison with the model cannot see them and only the
 * independent checks can.
 */
export interface Patch {
  /** Relative to the contracts workspace. */
  file: string;
  find: string;
  replace: string;
}

export interface Mutant {
  id: string;
  /** The contract mutated: picks the unit tests that run. */
  contract: "Pool" | "Staking";
  what: string;
  patches: Patch[];
}

const POOL = "src/Pool.sol";
const STAKING = "src/Staking.sol";
const MODEL = "test/property/model.ts";

const pool = (find: string, replace: string): Patch => ({ file: POOL, find, replace });
const staking = (find: string, replace: string): Patch => ({ file: STAKING, find, replace });
const model = (find: string, replace: string): Patch => ({ file: MODEL, find, replace });

export const MUTANTS: Mutant[] = [
  // ---------------------------------------------------------------------------------------------
  // Pool: purchase hashrate and makeup
  // ---------------------------------------------------------------------------------------------
  {
    id: "pool-hashrate-round-up",
    contract: "Pool",
    what: "a purchase's hashrate rounded up (model too)",
    patches: [
      pool(
        "uint256 hashrate = (uint256(t.usdtprice) * t.multiple) / RATE_SCALE;",
        "uint256 hashrate = Math.mulDiv(uint256(t.usdtprice), t.multiple, RATE_SCALE, Math.Rounding.Ceil);",
      ),
      model(
        "const hashrate = (t.usdtprice * t.multiple) / RATE_SCALE;",
        "const hashrate = (t.usdtprice * t.multiple + RATE_SCALE - 1n) / RATE_SCALE;",
      ),
    ],
  },
  {
    id: "pool-makeup-count-plus-one",
    contract: "Pool",
    what: "the makeup counts one day more than have passed (model too)",
    patches: [
      pool(
        "count = Math.min((block.timestamp - s.openBuyTime) / 1 days, s.maxMakeupCount);",
        "count = Math.min((block.timestamp - s.openBuyTime) / 1 days + 1, s.maxMakeupCount);",
      ),
      model(
        "count = min((this.s.now - p.openBuyTime) / DAY, p.maxMakeupCount);",
        "count = min((this.s.now - p.openBuyTime) / DAY + 1n, p.maxMakeupCount);",
      ),
    ],
  },
  {
    id: "pool-makeup-pow-round-up",
    contract: "Pool",
    what: "the makeup factor rounded up at each multiplication (model too)",
    patches: [
      pool("if (n & 1 == 1) z = (z * x) / WAD;", "if (n & 1 == 1) z = (z * x + WAD - 1) / WAD;"),
      model("if ((n & 1n) === 1n) z = (z * x) / WAD;", "if ((n & 1n) === 1n) z = (z * x + WAD - 1n) / WAD;"),
    ],
  },
  {
    id: "pool-makeup-uncapped",
    contract: "Pool",
    what: "the makeup count not capped at maxMakeupCount",
    patches: [
      pool(
        "count = Math.min((block.timestamp - s.openBuyTime) / 1 days, s.maxMakeupCount);",
        "count = Math.min((block.timestamp - s.openBuyTime) / 1 days, MAX_MAKEUP_COUNT);",
      ),
    ],
  },
  // ---------------------------------------------------------------------------------------------
  // Pool: direct push
  // ---------------------------------------------------------------------------------------------
  {
    id: "pool-push-round-up",
    contract: "Pool",
    what: "the direct push rounded up in the inviter's favour (model too)",
    patches: [
      pool(
        "uint256 credit = Math.mulDiv(payusdt * s.directPushRate, WAD, RATE_SCALE * _dwnPriceUsdt);",
        "uint256 credit = Math.mulDiv(payusdt * s.directPushRate, WAD, RATE_SCALE * _dwnPriceUsdt, Math.Rounding.Ceil);",
      ),
      model(
        "const amount = (q.payusdt * p.directPushRate * WAD) / (RATE_SCALE * p.dwnPriceUsdt);",
        "const amount = (q.payusdt * p.directPushRate * WAD + RATE_SCALE * p.dwnPriceUsdt - 1n) / (RATE_SCALE * p.dwnPriceUsdt);",
      ),
    ],
  },
  {
    id: "pool-push-without-nft",
    contract: "Pool",
    what: "the direct push paid to an inviter who holds no NFT (model too)",
    patches: [
      pool("if (_members[inviter].nftCount == 0) return;", ""),
      model(
        "if (inviter !== zeroAddress && p.directPushRate !== 0n && this.userBuyNftCount(inviter) !== 0n) {",
        "if (inviter !== zeroAddress && p.directPushRate !== 0n) {",
      ),
    ],
  },
  {
    id: "pool-push-to-buyer",
    contract: "Pool",
    what: "the direct push credited to the buyer instead of the inviter",
    patches: [
      pool(
        "_creditDynamic(inviter, msg.sender, IncomeKind.DirectPush, credit);",
        "_creditDynamic(msg.sender, inviter, IncomeKind.DirectPush, credit);",
      ),
    ],
  },
  // ---------------------------------------------------------------------------------------------
  // Pool: generations
  // ---------------------------------------------------------------------------------------------
  {
    id: "pool-generation-floor",
    contract: "Pool",
    what: "generation g reaches tier ⌊g / 2⌋ instead of ⌈g / 2⌉ (model too)",
    patches: [
      pool("if (m.maxTier >= (g + 1) / 2) {", "if (m.maxTier >= g / 2) {"),
      model("if (m.maxTier >= BigInt(Math.ceil(g / 2))) {", "if (m.maxTier >= BigInt(Math.floor(g / 2))) {"),
    ],
  },
  {
    id: "pool-generation-last-skipped",
    contract: "Pool",
    what: "the last paid generation left out (model too)",
    patches: [
      pool(
        "for (uint256 g = 1; g <= s.generations && ancestor != address(0); ++g) {",
        "for (uint256 g = 1; g < s.generations && ancestor != address(0); ++g) {",
      ),
      model(
        "for (let g = 1; g <= rates.length && ancestor !== zeroAddress; g++) {",
        "for (let g = 1; g < rates.length && ancestor !== zeroAddress; g++) {",
      ),
    ],
  },
  {
    id: "pool-generation-rate-shifted",
    contract: "Pool",
    what: "generation g paid at generation g + 1's rate (model too)",
    patches: [
      pool(
        "uint256 credit = (pending * _generationRates[g - 1]) / RATE_SCALE;",
        "uint256 credit = (pending * (g < MAX_GENERATIONS ? _generationRates[g] : 0)) / RATE_SCALE;",
      ),
      model(
        "const amount = (pending * rates[g - 1]) / RATE_SCALE;",
        "const amount = (pending * (rates[g] ?? 0n)) / RATE_SCALE;",
      ),
    ],
  },
  {
    id: "pool-generation-round-up",
    contract: "Pool",
    what: "generation income rounded up",
    patches: [
      pool(
        "uint256 credit = (pending * _generationRates[g - 1]) / RATE_SCALE;",
        "uint256 credit = Math.mulDiv(pending, _generationRates[g - 1], RATE_SCALE, Math.Rounding.Ceil);",
      ),
    ],
  },
  // ---------------------------------------------------------------------------------------------
  // Pool: guarantee
  // ---------------------------------------------------------------------------------------------
  {
    id: "pool-guarantee-cap-round-up",
    contract: "Pool",
    what: "a purchase's guarantee cap rounded up to the next whole DWN, in the user's favour (model too)",
    patches: [
      pool(
        "uint256 cap = (payusdt * maxGuaranteePercent) / (100 * uint256(_dwnPriceUsdt));",
        "uint256 cap = Math.mulDiv(payusdt, maxGuaranteePercent, 100 * uint256(_dwnPriceUsdt), Math.Rounding.Ceil);",
      ),
      model(
        "m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent) / (100n * p.dwnPriceUsdt),",
        "m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent + 100n * p.dwnPriceUsdt - 1n) / (100n * p.dwnPriceUsdt),",
      ),
    ],
  },
  {
    id: "pool-guarantee-cap-99",
    contract: "Pool",
    what: "the guarantee cap computed over 99 instead of 100 (model too)",
    patches: [
      pool(
        "uint256 cap = (payusdt * maxGuaranteePercent) / (100 * uint256(_dwnPriceUsdt));",
        "uint256 cap = (payusdt * maxGuaranteePercent) / (99 * uint256(_dwnPriceUsdt));",
      ),
      model(
        "m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent) / (100n * p.dwnPriceUsdt),",
        "m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent) / (99n * p.dwnPriceUsdt),",
      ),
    ],
  },
  {
    id: "pool-guarantee-cap-current-price",
    contract: "Pool",
    what: "the guarantee cap kept in USDT and valued at the price in force at the credit, not at each purchase's (model too)",
    patches: [
      pool(
        "uint256 cap = (payusdt * maxGuaranteePercent) / (100 * uint256(_dwnPriceUsdt));",
        "uint256 cap = (payusdt * maxGuaranteePercent) / (100 * WAD);",
      ),
      pool(
        "uint256 room = uint256(m.guaranteeCap) * WAD - _guaranteeDwn[user];",
        "uint256 room = Math.saturatingSub((uint256(m.guaranteeCap) * WAD * WAD) / uint256(_dwnPriceUsdt), _guaranteeDwn[user]);",
      ),
      model(
        "m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent) / (100n * p.dwnPriceUsdt),",
        "m.guaranteeCap + (q.payusdt * this.maxGuaranteePercent) / (100n * WAD),",
      ),
      model(
        "const room = m.guaranteeCap * WAD - m.guaranteeDwn;",
        "const value = (m.guaranteeCap * WAD * WAD) / this.s.pool.dwnPriceUsdt;\n        const room = value > m.guaranteeDwn ? value - m.guaranteeDwn : 0n;",
      ),
    ],
  },
  {
    id: "pool-guarantee-budget-window-plus-one",
    contract: "Pool",
    what: "a guarantee credit leaves the 30-day budget window one second early (model too)",
    patches: [
      pool(
        "return c.time + GUARANTEE_PERIOD <= block.timestamp;",
        "return c.time + GUARANTEE_PERIOD <= block.timestamp + 1;",
      ),
      model(
        "list[start].time + GUARANTEE_PERIOD <= this.s.now) start++;",
        "list[start].time + GUARANTEE_PERIOD <= this.s.now + 1n) start++;",
      ),
    ],
  },
  {
    id: "pool-guarantee-budget-window-minus-one",
    contract: "Pool",
    what: "a guarantee credit stays in the 30-day budget window one second too long",
    patches: [
      pool(
        "return c.time + GUARANTEE_PERIOD <= block.timestamp;",
        "return c.time + GUARANTEE_PERIOD < block.timestamp;",
      ),
    ],
  },
  {
    id: "pool-guarantee-budget-per-call",
    contract: "Pool",
    what: "the guarantee budget applied to each call alone, not to the 30-day window (model too)",
    patches: [
      pool(
        "uint256 credited = _expireGuarantees() + total;",
        "_expireGuarantees();\n        uint256 credited = total;",
      ),
      model("const credited = list.slice(start).reduce((sum, c) => sum + c.amount, total);", "const credited = total;"),
    ],
  },
  {
    id: "pool-guarantee-budget-ignores-owed",
    contract: "Pool",
    what: "the guarantee budget measured against the whole reserve, income owed to users included (model too)",
    patches: [
      pool(
        "return reserve > owed ? ((reserve - owed) * MAX_GUARANTEE_RESERVE_SHARE) / RATE_SCALE : 0;",
        "return owed >= 0 ? (reserve * MAX_GUARANTEE_RESERVE_SHARE) / RATE_SCALE : 0;",
      ),
      model(
        "return reserve > owed ? ((reserve - owed) * MAX_GUARANTEE_RESERVE_SHARE) / RATE_SCALE : 0n;",
        "return owed >= 0n ? (reserve * MAX_GUARANTEE_RESERVE_SHARE) / RATE_SCALE : 0n;",
      ),
    ],
  },
  {
    id: "pool-price-step-plus-one",
    contract: "Pool",
    what: "a DWN price one wei above twice the current one accepted (model too)",
    patches: [
      pool(
        "if (price > current * MAX_DWN_PRICE_STEP || price * MAX_DWN_PRICE_STEP < current) {",
        "if (price > current * MAX_DWN_PRICE_STEP + 1 || price * MAX_DWN_PRICE_STEP < current) {",
      ),
      model(
        "if (price > current * MAX_DWN_PRICE_STEP || price * MAX_DWN_PRICE_STEP < current) {",
        "if (price > current * MAX_DWN_PRICE_STEP + 1n || price * MAX_DWN_PRICE_STEP < current) {",
      ),
    ],
  },
  {
    id: "pool-price-step-down-unbounded",
    contract: "Pool",
    what: "a DWN price cut of any size accepted",
    patches: [
      pool(
        "if (price > current * MAX_DWN_PRICE_STEP || price * MAX_DWN_PRICE_STEP < current) {",
        "if (price > current * MAX_DWN_PRICE_STEP) {",
      ),
    ],
  },
  {
    id: "pool-guarantee-no-nft",
    contract: "Pool",
    what: "a guarantee to a user without an NFT (model too)",
    patches: [
      pool("if (m.nftCount == 0) revert PoolNoNft(user);", ""),
      model('if (m.nftCount === 0n) revert("PoolNoNft", user);', ""),
    ],
  },
  // ---------------------------------------------------------------------------------------------
  // Pool: bounds and bookkeeping
  // ---------------------------------------------------------------------------------------------
  {
    id: "pool-tier-limit-off-by-one",
    contract: "Pool",
    what: "one NFT more than a tier's limit",
    patches: [
      pool(
        "if (((uint256(m.tierCounts) >> shift) & 0xff) >= t.limit) revert",
        "if (((uint256(m.tierCounts) >> shift) & 0xff) > t.limit) revert",
      ),
    ],
  },
  {
    id: "pool-sold-out-off-by-one",
    contract: "Pool",
    what: "one NFT more than a tier's supply (model too)",
    patches: [
      pool(
        "if (sold >= t.supply) revert PoolTierSoldOut(tierId);",
        "if (sold > t.supply) revert PoolTierSoldOut(tierId);",
      ),
      model(
        'if (t.sold >= t.supply) revert("PoolTierSoldOut", tierId);',
        'if (t.sold > t.supply) revert("PoolTierSoldOut", tierId);',
      ),
    ],
  },
  {
    id: "pool-reserve-strict",
    contract: "Pool",
    what: "a collect of exactly the reserve refused",
    patches: [
      pool(
        "if (available < amount) revert InsufficientReserve(amount, available);",
        "if (available <= amount) revert InsufficientReserve(amount, available);",
      ),
    ],
  },
  {
    id: "pool-static-not-reset",
    contract: "Pool",
    what: "a static collect that leaves the income owed",
    patches: [pool("        account.staticProfit = 0;\n", "")],
  },
  {
    id: "pool-emission-round-up",
    contract: "Pool",
    what: "the emission accumulator rounded up (model too)",
    patches: [
      pool(
        "return ((block.timestamp - lastRewardTime) * rewardPerSecond * ACC_SCALE) / total;",
        "return ((block.timestamp - lastRewardTime) * rewardPerSecond * ACC_SCALE + total - 1) / total;",
      ),
      model(
        "return ((this.s.now - last) * this.s.pool.staticRewardPerSecond * ACC_SCALE) / total;",
        "return ((this.s.now - last) * this.s.pool.staticRewardPerSecond * ACC_SCALE + total - 1n) / total;",
      ),
    ],
  },
  // ---------------------------------------------------------------------------------------------
  // Staking
  // ---------------------------------------------------------------------------------------------
  {
    id: "staking-collect-fee-current-rate",
    contract: "Staking",
    what: "the collect fee read at the current rate instead of the stake's snapshot (model too)",
    patches: [
      staking(
        "uint256 fee = (amount * t.collectFeeRate) / RATE_SCALE;",
        "uint256 fee = (amount * _collectFeeRate) / RATE_SCALE;",
      ),
      model(
        "const fee = (amount * st.collectFeeRate) / RATE_SCALE;",
        "const fee = (amount * this.s.staking.collectFeeRate) / RATE_SCALE;",
      ),
    ],
  },
  {
    id: "staking-unstake-fee-current-rate",
    contract: "Staking",
    what: "the unstake fee read at the current rate instead of the stake's snapshot (model too)",
    patches: [
      staking(
        "uint256 fee = (amount * t.unstakeFeeRate) / RATE_SCALE;",
        "uint256 fee = (amount * _unstakeFeeRate) / RATE_SCALE;",
      ),
      model(
        "const fee = (st.principal * st.unstakeFeeRate) / RATE_SCALE;",
        "const fee = (st.principal * this.s.staking.unstakeFeeRate) / RATE_SCALE;",
      ),
    ],
  },
  {
    id: "staking-unstake-fee-not-snapshotted",
    contract: "Staking",
    what: "a stake that does not snapshot its unstake fee rate (model too)",
    patches: [
      staking("unstakeFeeRate: _unstakeFeeRate,", "unstakeFeeRate: 0,"),
      model("unstakeFeeRate: k.unstakeFeeRate,", "unstakeFeeRate: 0n,"),
    ],
  },
  {
    id: "staking-collect-fee-round-up",
    contract: "Staking",
    what: "the collect fee rounded up (model too)",
    patches: [
      staking(
        "uint256 fee = (amount * t.collectFeeRate) / RATE_SCALE;",
        "uint256 fee = Math.mulDiv(amount, t.collectFeeRate, RATE_SCALE, Math.Rounding.Ceil);",
      ),
      model(
        "const fee = (amount * st.collectFeeRate) / RATE_SCALE;",
        "const fee = (amount * st.collectFeeRate + RATE_SCALE - 1n) / RATE_SCALE;",
      ),
    ],
  },
  {
    id: "staking-fee-recipient-swapped",
    contract: "Staking",
    what: "a collect pays the fee to the user and the rest to the fee recipient (model too)",
    patches: [
      staking(
        "udbk.safeTransfer(msg.sender, amount - fee);\n        if (fee > 0) udbk.safeTransfer(feeRecipient, fee);",
        "udbk.safeTransfer(feeRecipient, amount - fee);\n        if (fee > 0) udbk.safeTransfer(msg.sender, fee);",
      ),
      model(
        'this.transfer("udbk", this.staking, caller, amount - fee);\n      if (fee > 0n) this.transfer("udbk", this.staking, this.feeRecipient, fee);',
        'this.transfer("udbk", this.staking, this.feeRecipient, amount - fee);\n      if (fee > 0n) this.transfer("udbk", this.staking, caller, fee);',
      ),
    ],
  },
  {
    id: "staking-reward-current-rate",
    contract: "Staking",
    what: "rewards accrue at the current rate instead of the stake's snapshot (model too)",
    patches: [
      staking(
        "return uint256(t.units) * t.rewardPerUnitPerSecond * active;",
        "return uint256(t.units) * _rewardPerUnitPerSecond * active;",
      ),
      model(
        "return st.units * st.rewardPerUnitPerSecond * active;",
        "return st.units * this.s.staking.rewardPerUnitPerSecond * active;",
      ),
    ],
  },
  {
    id: "staking-window-last-second",
    contract: "Staking",
    what: "a redeem one second after the window closed accepted (model too)",
    patches: [
      staking(
        "if (offset < duration || offset >= duration + t.gracePeriod) {\n            // The next window",
        "if (offset < duration || offset > duration + t.gracePeriod) {\n            // The next window",
      ),
      model(
        "if (offset < duration || offset >= duration + st.gracePeriod) {\n        // The next window",
        "if (offset < duration || offset > duration + st.gracePeriod) {\n        // The next window",
      ),
    ],
  },
  {
    id: "staking-no-renewal-delay",
    contract: "Staking",
    what: "the next cycle starts right after the window, without the hour (model too)",
    patches: [
      staking(
        "return uint256(t.cycleDays) * 1 days + t.gracePeriod + RENEWAL_DELAY;",
        "return uint256(t.cycleDays) * 1 days + t.gracePeriod;",
      ),
      model(
        "return st.cycleDays * DAY + st.gracePeriod + RENEWAL_DELAY;",
        "return st.cycleDays * DAY + st.gracePeriod;",
      ),
    ],
  },
  {
    id: "staking-window-time-earns",
    contract: "Staking",
    what: "the redeem window counted as cycle time (model too)",
    patches: [
      staking("return cycle * duration + Math.min(offset, duration);", "return cycle * duration + offset;"),
      model("return cycle * duration + min(offset, duration);", "return cycle * duration + offset;"),
    ],
  },
  {
    id: "staking-collect-keeps-clock",
    contract: "Staking",
    what: "a collect that does not move the stake's last collect time",
    patches: [staking("        _states[id].lastCollectTime = uint32(block.timestamp);\n", "")],
  },
  {
    id: "staking-quote-rate-strict",
    contract: "Staking",
    what: "a quote-bound stake refused when the rate equals the quoted minimum",
    patches: [
      staking(
        "_rewardPerUnitPerSecond < minRewardPerUnitPerSecond",
        "_rewardPerUnitPerSecond <= minRewardPerUnitPerSecond",
      ),
    ],
  },
  {
    id: "staking-quote-grace-unchecked",
    contract: "Staking",
    what: "a quote-bound stake that does not check the grace period it was shown",
    patches: [staking(" ||\n            _gracePeriod < minGracePeriod\n", "\n")],
  },
  {
    id: "staking-quote-collect-fee-unchecked",
    contract: "Staking",
    what: "a quote-bound stake that does not check the collect fee rate it was shown",
    patches: [staking("            _collectFeeRate > maxCollectFeeRate ||\n", "")],
  },
];
