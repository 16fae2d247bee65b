// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title IStaking
/// @notice Events, errors and views of DWN + A8 staking: units bought at a fixed price run in
/// renewing cycles and earn UDBK during active cycle time.
interface IStaking {
    /// @notice The price of one unit and the cycle: `cycle` in days, `gracePeriod` (the redeem
    /// window after each cycle) in seconds.
    struct StakeTerms {
        uint256 dwnAmount;
        uint256 a8Amount;
        uint256 cycle;
        uint256 gracePeriod;
    }

    /// @notice A user's balances and the allowances granted to this contract.
    struct PayView {
        uint256 a8balance;
        uint256 dwnbalance;
        uint256 a8allowance;
        uint256 dwnallowance;
    }

    /// @notice One stake. `endTime` and `unstakeGraceTimestamp` describe the current cycle (or
    /// the one the stake was redeemed in): its end and the end of its redeem window.
    /// `pastUnClaimedReward` is the UDBK accrued and not yet collected. `status`: 0 in progress,
    /// 1 waiting for renewal, 2 ended (redeemed).
    struct StakeInfo {
        uint256 id;
        uint256 dwnAmount;
        uint256 hashrate;
        uint256 startTime;
        uint256 endTime;
        uint256 durationPerCycle;
        uint256 unstakeGraceTimestamp;
        uint256 lastCollectTime;
        uint256 pastUnClaimedReward;
        address user;
        bool redeemed;
        uint256 status;
        uint256 cycleIndex;
        uint256 gracePeriod;
        uint256 rewardPerUnitPerSecond;
    }

    /// @notice Stake `id` began: `dwnAmount` is the principal received; `endTime` ends its first
    /// cycle; `gracePeriod`, `rewardPerUnitPerSecond` and the two fee rates (basis points) are
    /// the terms it snapshotted, so an indexer can compute its whole reward schedule and what
    /// redeeming and collecting will cost from this event alone.
    event Staked(
        uint256 indexed id,
        address indexed user,
        uint256 units,
        uint256 dwnAmount,
        uint256 a8Amount,
        uint256 startTime,
        uint256 endTime,
        uint256 gracePeriod,
        uint256 rewardPerUnitPerSecond,
        uint256 unstakeFeeRate,
        uint256 collectFeeRate
    );
    /// @notice `amount` UDBK was taken off stake `id`: `amount - fee` to the user, `fee` to the fee recipient.
    event RewardCollected(uint256 indexed id, address indexed user, uint256 amount, uint256 fee);
    /// @notice The `amount` DWN principal of stake `id` left: `amount - fee` to the user, `fee` to the fee recipient.
    event Redeemed(uint256 indexed id, address indexed user, uint256 amount, uint256 fee);

    event StakeTermsSet(
        uint256 dwnAmount,
        uint256 a8Amount,
        uint256 cycle,
        uint256 gracePeriod,
        uint256 rewardPerUnitPerSecond
    );
    event FeeRatesSet(uint256 unstakeFeeRate, uint256 collectFeeRate);
    event FeeRecipientSet(address feeRecipient);

    error StakingZeroAddress();
    error StakingSameToken(address token);
    error StakingNotConfigured();
    error StakingInvalidUnits(uint256 units, uint256 max);
    error StakingUnknownStake(uint256 id);
    error StakingNotStakeOwner(uint256 id, address caller);
    error StakingAlreadyRedeemed(uint256 id);
    error StakingRedeemWindowClosed(uint256 id, uint256 opensAt, uint256 closesAt);
    error StakingNothingToCollect(uint256 id);
    error StakingValueOutOfRange(uint256 value, uint256 min, uint256 max);
    error InsufficientReserve(uint256 needed, uint256 available);
    /// @notice The terms of the quote-bound `stake` moved from what the caller was shown; these
    /// are the current ones.
    error StakingTermsMoved(
        uint256 dwnTotal,
        uint256 a8Total,
        uint256 cycleDays,
        uint256 rewardPerUnitPerSecond,
        uint256 unstakeFeeRate,
        uint256 collectFeeRate,
        uint256 gracePeriod
    );
    error StakingRenounceDisabled();

    function stakeView() external view returns (StakeTerms memory);
    function stakePayView(address user) external view returns (PayView memory);
    function getPendingRewards(uint256[] calldata ids) external view returns (uint256[] memory rewards);
    function canRedeem(uint256 id) external view returns (bool);
    function unstakeFeeRate() external view returns (uint256);
    function collectFeeRate() external view returns (uint256);

    function stake(uint256 units) external returns (uint256 id);
    function stake(
        uint256 units,
        uint256 maxDwn,
        uint256 maxA8,
        uint256 cycleDays,
        uint256 minRewardPerUnitPerSecond,
        uint256 maxUnstakeFeeRate,
        uint256 maxCollectFeeRate,
        uint256 minGracePeriod
    ) external returns (uint256 id);
    function collect(uint256 id) external;
    function redeem(uint256 id) external;
}
