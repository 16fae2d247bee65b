// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IStaking} from "./interfaces/IStaking.sol";

/// @title Staking
/// @notice Users stake units priced in DWN (principal, held here) plus A8 (consumed, sent to the
/// fee recipient). A stake runs in cycles: cycle k starts at `start + k * (duration + grace + 1 hour)`
/// and lasts `duration`; then the redeem window `[end, end + grace)` is open; one hour after the
/// window the next cycle starts by itself. UDBK accrues only during cycle time, at the rate the
/// stake snapshotted when it was made.
contract Staking is IStaking, Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @notice Fee rates are basis points (contract value / 100 = percent): 500 = 5%.
    uint256 public constant RATE_SCALE = 1e4;
    uint256 public constant MAX_FEE_RATE = 2000;
    uint256 public constant MAX_UNITS = 1_000_000;
    uint256 public constant MAX_CYCLE_DAYS = 3650;
    /// @notice A redeem window is never empty: a stake whose window were empty could never be redeemed.
    uint256 public constant MIN_GRACE_PERIOD = 1 hours;
    uint256 public constant MAX_GRACE_PERIOD = 30 days;
    uint256 public constant MAX_REWARD_PER_UNIT_PER_SECOND = 1e18;
    /// @notice The pause between a redeem window's end and the next cycle's start.
    uint256 public constant RENEWAL_DELAY = 1 hours;
    uint256 public constant MAX_PAGE = 100;

    /// @dev Per-stake state that changes, in one slot. Times are unix seconds (fit until 2106).
    struct StakeState {
        address user;
        uint32 startTime;
        uint32 lastCollectTime;
        uint32 redeemedAt;
    }

    /// @dev Per-stake terms snapshotted at stake time, fees included, in one slot. The reward
    /// rate is at most `MAX_REWARD_PER_UNIT_PER_SECOND` (1e18 < 2^64).
    struct StakeTermsSnapshot {
        uint96 principal;
        uint64 rewardPerUnitPerSecond;
        uint24 units;
        uint16 cycleDays;
        uint24 gracePeriod;
        uint16 unstakeFeeRate;
        uint16 collectFeeRate;
    }

    IERC20 public immutable dwn;
    IERC20 public immutable a8;
    IERC20 public immutable udbk;

    /// @notice Receives the A8 of each stake and every fee.
    address public feeRecipient;

    uint96 private _dwnAmount;
    uint96 private _a8Amount;
    uint16 private _cycleDays;
    uint24 private _gracePeriod;
    uint64 private _rewardPerUnitPerSecond;
    uint16 private _unstakeFeeRate;
    uint16 private _collectFeeRate;

    /// @notice The number of stakes ever made; ids run 1..stakeCount.
    uint256 public stakeCount;
    mapping(uint256 id => StakeState) private _states;
    mapping(uint256 id => StakeTermsSnapshot) private _terms;
    mapping(address user => uint256[]) private _userStakes;

    /// @param owner_ The owner (admin).
    /// @param feeRecipient_ Receives A8 and fees.
    /// @param tokens The DWN, A8 and UDBK token addresses, in that order; all different.
    constructor(address owner_, address feeRecipient_, address[3] memory tokens) Ownable(owner_) {
        if (feeRecipient_ == address(0)) revert StakingZeroAddress();
        for (uint256 i = 0; i < 3; ++i) {
            if (tokens[i] == address(0)) revert StakingZeroAddress();
            for (uint256 j = 0; j < i; ++j) {
                if (tokens[i] == tokens[j]) revert StakingSameToken(tokens[i]);
            }
        }
        feeRecipient = feeRecipient_;
        dwn = IERC20(tokens[0]);
        a8 = IERC20(tokens[1]);
        udbk = IERC20(tokens[2]);
        _cycleDays = 1;
    }

    // ------------------------------------------------------------------------------------------
    // Views
    // ------------------------------------------------------------------------------------------

    /// @inheritdoc IStaking
    function stakeView() external view returns (StakeTerms memory) {
        return StakeTerms(_dwnAmount, _a8Amount, _cycleDays, _gracePeriod);
    }

    /// @inheritdoc IStaking
    function stakePayView(address user) external view returns (PayView memory) {
        return
            PayView({
                a8balance: a8.balanceOf(user),
                dwnbalance: dwn.balanceOf(user),
                a8allowance: a8.allowance(user, address(this)),
                dwnallowance: dwn.allowance(user, address(this))
            });
    }

    /// @notice The UDBK a unit earns per second of cycle time, for new stakes.
    function rewardPerUnitPerSecond() external view returns (uint256) {
        return _rewardPerUnitPerSecond;
    }

    /// @inheritdoc IStaking
    function unstakeFeeRate() external view returns (uint256) {
        return _unstakeFeeRate;
    }

    /// @inheritdoc IStaking
    function collectFeeRate() external view returns (uint256) {
        return _collectFeeRate;
    }

    /// @notice The UDBK each stake could collect now; 0 for an unknown id.
    function getPendingRewards(uint256[] calldata ids) external view returns (uint256[] memory rewards) {
        rewards = new uint256[](ids.length);
        for (uint256 i = 0; i < ids.length; ++i) {
            StakeState memory st = _states[ids[i]];
            if (st.user != address(0)) rewards[i] = _pending(st, _terms[ids[i]]);
        }
    }

    /// @inheritdoc IStaking
    function canRedeem(uint256 id) public view returns (bool) {
        StakeState memory st = _states[id];
        if (st.user == address(0) || st.redeemedAt != 0) return false;
        (, uint256 offset) = _position(st, _terms[id], block.timestamp);
        StakeTermsSnapshot memory t = _terms[id];
        uint256 duration = uint256(t.cycleDays) * 1 days;
        return offset >= duration && offset < duration + t.gracePeriod;
    }

    /// @notice 0 in progress (inside a cycle), 1 waiting for renewal (redeem window or the hour
    /// after it), 2 ended (redeemed).
    /// Requirements: `id` exists.
    function statusOf(uint256 id) public view returns (uint256) {
        StakeState memory st = _requireStake(id);
        if (st.redeemedAt != 0) return 2;
        StakeTermsSnapshot memory t = _terms[id];
        (, uint256 offset) = _position(st, t, block.timestamp);
        return offset < uint256(t.cycleDays) * 1 days ? 0 : 1;
    }

    /// @notice Everything about stake `id`.
    /// Requirements: `id` exists.
    function stakeInfo(uint256 id) external view returns (StakeInfo memory info) {
        StakeState memory st = _requireStake(id);
        StakeTermsSnapshot memory t = _terms[id];
        uint256 duration = uint256(t.cycleDays) * 1 days;
        uint256 at = st.redeemedAt != 0 ? st.redeemedAt : block.timestamp;
        (uint256 cycle, ) = _position(st, t, at);
        uint256 end = st.startTime + cycle * _period(t) + duration;
        info = StakeInfo({
            id: id,
            dwnAmount: t.principal,
            hashrate: t.units,
            startTime: st.startTime,
            endTime: end,
            durationPerCycle: duration,
            unstakeGraceTimestamp: end + t.gracePeriod,
            lastCollectTime: st.lastCollectTime,
            pastUnClaimedReward: _pending(st, t),
            user: st.user,
            redeemed: st.redeemedAt != 0,
            status: statusOf(id),
            cycleIndex: cycle,
            gracePeriod: t.gracePeriod,
            rewardPerUnitPerSecond: t.rewardPerUnitPerSecond
        });
    }

    /// @notice How many stakes `user` has made.
    function stakeCountOf(address user) external view returns (uint256) {
        return _userStakes[user].length;
    }

    /// @notice Up to `limit` (at most `MAX_PAGE`) of `user`'s stake ids from `offset`, oldest first.
    function stakeIdsOf(address user, uint256 offset, uint256 limit) external view returns (uint256[] memory ids) {
        uint256[] storage all = _userStakes[user];
        uint256 start = Math.min(offset, all.length);
        uint256 end = Math.min(start + Math.min(limit, MAX_PAGE), all.length);
        ids = new uint256[](end - start);
        for (uint256 i = start; i < end; ++i) {
            ids[i - start] = all[i];
        }
    }

    // ------------------------------------------------------------------------------------------
    // User actions
    // ------------------------------------------------------------------------------------------

    /// @notice Stakes `units`: pulls `units * dwnAmount` DWN as principal (recorded as the amount
    /// actually received) and `units * a8Amount` A8 to the fee recipient. The stake snapshots
    /// the cycle, grace period, reward rate and both fee rates: nothing the owner sets later
    /// changes them.
    /// Requirements:
    /// - staking is not paused and the owner has set the terms (`StakingNotConfigured` otherwise);
    /// - `1 <= units <= MAX_UNITS`;
    /// - the caller has approved and holds both totals.
    /// @return id The new stake's id.
    function stake(uint256 units) external whenNotPaused nonReentrant returns (uint256 id) {
        _checkUnits(units);
        return _stake(units);
    }

    /// @notice `stake(units)` held to every term the caller was shown: reverts with
    /// `StakingTermsMoved` if the DWN or A8 total is above `maxDwn` / `maxA8`, the cycle is not
    /// `cycleDays`, the reward rate is below `minRewardPerUnitPerSecond`, the unstake or collect
    /// fee rate is above `maxUnstakeFeeRate` / `maxCollectFeeRate`, or the grace period is
    /// shorter than `minGracePeriod`. `units` is checked first (`StakingInvalidUnits`).
    /// @return id The new stake's id.
    function stake(
        uint256 units,
        uint256 maxDwn,
        uint256 maxA8,
        uint256 cycleDays,
        uint256 minRewardPerUnitPerSecond,
        uint256 maxUnstakeFeeRate,
        uint256 maxCollectFeeRate,
        uint256 minGracePeriod
    ) external whenNotPaused nonReentrant returns (uint256 id) {
        _checkUnits(units);
        if (
            units * _dwnAmount > maxDwn ||
            units * _a8Amount > maxA8 ||
            cycleDays != _cycleDays ||
            _rewardPerUnitPerSecond < minRewardPerUnitPerSecond ||
            _unstakeFeeRate > maxUnstakeFeeRate ||
            _collectFeeRate > maxCollectFeeRate ||
            _gracePeriod < minGracePeriod
        ) {
            _revertTermsMoved(units);
        }
        return _stake(units);
    }

    /// @notice Pays stake `id`'s pending UDBK: the collect fee (at the stake's snapshotted rate) to the fee
    /// recipient, the rest to the caller.
    /// Requirements:
    /// - `id` exists and belongs to the caller; it has pending reward;
    /// - the contract holds enough UDBK (`InsufficientReserve` otherwise; nothing owed is lost).
    function collect(uint256 id) external nonReentrant {
        StakeState memory st = _requireOwner(id);
        StakeTermsSnapshot memory t = _terms[id];
        uint256 amount = _pending(st, t);
        if (amount == 0) revert StakingNothingToCollect(id);
        uint256 available = udbk.balanceOf(address(this));
        if (available < amount) revert InsufficientReserve(amount, available);
        uint256 fee = (amount * t.collectFeeRate) / RATE_SCALE;
        _states[id].lastCollectTime = uint32(block.timestamp);
        emit RewardCollected(id, msg.sender, amount, fee);
        udbk.safeTransfer(msg.sender, amount - fee);
        if (fee > 0) udbk.safeTransfer(feeRecipient, fee);
    }

    /// @notice Returns stake `id`'s DWN principal: the unstake fee (the stake's snapshotted rate) to the fee recipient, the rest
    /// to the caller. Accrual stops; pending UDBK stays collectable.
    /// Requirements:
    /// - `id` exists, belongs to the caller and is not redeemed;
    /// - now is inside one of its redeem windows (`canRedeem`).
    function redeem(uint256 id) external nonReentrant {
        StakeState memory st = _requireOwner(id);
        if (st.redeemedAt != 0) revert StakingAlreadyRedeemed(id);
        StakeTermsSnapshot memory t = _terms[id];
        (uint256 cycle, uint256 offset) = _position(st, t, block.timestamp);
        uint256 duration = uint256(t.cycleDays) * 1 days;
        if (offset < duration || offset >= duration + t.gracePeriod) {
            // The next window: this cycle's if it has not opened yet, otherwise the next cycle's.
            uint256 next = offset < duration ? cycle : cycle + 1;
            uint256 opensAt = st.startTime + next * _period(t) + duration;
            revert StakingRedeemWindowClosed(id, opensAt, opensAt + t.gracePeriod);
        }
        uint256 amount = t.principal;
        uint256 fee = (amount * t.unstakeFeeRate) / RATE_SCALE;
        _states[id].redeemedAt = uint32(block.timestamp);
        emit Redeemed(id, msg.sender, amount, fee);
        dwn.safeTransfer(msg.sender, amount - fee);
        if (fee > 0) dwn.safeTransfer(feeRecipient, fee);
    }

    // ------------------------------------------------------------------------------------------
    // Settings (owner)
    // ------------------------------------------------------------------------------------------

    /// @notice Sets the terms of new stakes; running stakes keep the terms they snapshotted.
    /// Requirements:
    /// - the caller is the owner;
    /// - `1 <= dwnAmount`, `a8Amount` and both fit 96 bits; `1 <= cycleDays <= MAX_CYCLE_DAYS`;
    /// - `MIN_GRACE_PERIOD <= gracePeriod <= MAX_GRACE_PERIOD`; `rewardPerUnitPerSecond <= MAX_REWARD_PER_UNIT_PER_SECOND`.
    function setStakeTerms(
        uint256 dwnAmount,
        uint256 a8Amount,
        uint256 cycleDays,
        uint256 gracePeriod,
        uint256 rewardPerUnitPerSecond_
    ) external onlyOwner {
        _checkRange(dwnAmount, 1, type(uint96).max);
        _checkRange(a8Amount, 0, type(uint96).max);
        _checkRange(cycleDays, 1, MAX_CYCLE_DAYS);
        _checkRange(gracePeriod, MIN_GRACE_PERIOD, MAX_GRACE_PERIOD);
        _checkRange(rewardPerUnitPerSecond_, 0, MAX_REWARD_PER_UNIT_PER_SECOND);
        _dwnAmount = uint96(dwnAmount);
        _a8Amount = uint96(a8Amount);
        _cycleDays = uint16(cycleDays);
        _gracePeriod = uint24(gracePeriod);
        _rewardPerUnitPerSecond = uint64(rewardPerUnitPerSecond_);
        emit StakeTermsSet(dwnAmount, a8Amount, cycleDays, gracePeriod, rewardPerUnitPerSecond_);
    }

    /// @notice Sets the unstake and collect fee rates (basis points) of new stakes; running stakes
    /// keep the rates they snapshotted.
    /// Requirements: the caller is the owner; each rate `<= MAX_FEE_RATE`.
    function setFeeRates(uint256 unstakeFeeRate_, uint256 collectFeeRate_) external onlyOwner {
        _checkRange(unstakeFeeRate_, 0, MAX_FEE_RATE);
        _checkRange(collectFeeRate_, 0, MAX_FEE_RATE);
        _unstakeFeeRate = uint16(unstakeFeeRate_);
        _collectFeeRate = uint16(collectFeeRate_);
        emit FeeRatesSet(unstakeFeeRate_, collectFeeRate_);
    }

    /// @notice Sets who receives A8 and fees.
    /// Requirements: the caller is the owner; `recipient` is not zero.
    function setFeeRecipient(address recipient) external onlyOwner {
        if (recipient == address(0)) revert StakingZeroAddress();
        feeRecipient = recipient;
        emit FeeRecipientSet(recipient);
    }

    /// @notice Stops new stakes. Collecting and redeeming are never paused.
    /// Requirements: the caller is the owner.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Resumes new stakes.
    /// Requirements: the caller is the owner.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Disabled: the contracts always have an owner, so a pause can always be lifted.
    function renounceOwnership() public pure override {
        revert StakingRenounceDisabled();
    }

    // ------------------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------------------

    /// @dev The terms are set and `1 <= units <= MAX_UNITS` (so `units` times any price fits).
    function _checkUnits(uint256 units) private view {
        if (_dwnAmount == 0) revert StakingNotConfigured();
        if (units == 0 || units > MAX_UNITS) revert StakingInvalidUnits(units, MAX_UNITS);
    }

    function _revertTermsMoved(uint256 units) private view {
        revert StakingTermsMoved(
            units * _dwnAmount,
            units * _a8Amount,
            _cycleDays,
            _rewardPerUnitPerSecond,
            _unstakeFeeRate,
            _collectFeeRate,
            _gracePeriod
        );
    }

    /// @dev Stakes `units`, checked by `_checkUnits`.
    function _stake(uint256 units) private returns (uint256 id) {
        uint256 dwnTotal = units * _dwnAmount;
        uint256 a8Total = units * _a8Amount;
        // The principal is what arrived, so a token that takes a fee on transfer cannot make the
        // contract owe more than it holds. The guard above makes this ordering safe.
        uint256 before = dwn.balanceOf(address(this));
        dwn.safeTransferFrom(msg.sender, address(this), dwnTotal);
        uint256 principal = dwn.balanceOf(address(this)) - before;
        a8.safeTransferFrom(msg.sender, feeRecipient, a8Total);

        id = ++stakeCount;
        StakeTermsSnapshot memory t = StakeTermsSnapshot({
            principal: principal.toUint96(),
            rewardPerUnitPerSecond: _rewardPerUnitPerSecond,
            units: uint24(units),
            cycleDays: _cycleDays,
            gracePeriod: _gracePeriod,
            unstakeFeeRate: _unstakeFeeRate,
            collectFeeRate: _collectFeeRate
        });
        _states[id] = StakeState(msg.sender, uint32(block.timestamp), uint32(block.timestamp), 0);
        _terms[id] = t;
        _userStakes[msg.sender].push(id);
        emit Staked(
            id,
            msg.sender,
            units,
            principal,
            a8Total,
            block.timestamp,
            block.timestamp + uint256(t.cycleDays) * 1 days,
            t.gracePeriod,
            t.rewardPerUnitPerSecond,
            t.unstakeFeeRate,
            t.collectFeeRate
        );
    }

    function _period(StakeTermsSnapshot memory t) private pure returns (uint256) {
        return uint256(t.cycleDays) * 1 days + t.gracePeriod + RENEWAL_DELAY;
    }

    /// @dev The cycle index at `time` and the seconds since that cycle started.
    function _position(
        StakeState memory st,
        StakeTermsSnapshot memory t,
        uint256 time
    ) private pure returns (uint256 cycle, uint256 offset) {
        uint256 elapsed = time - st.startTime;
        uint256 period = _period(t);
        return (elapsed / period, elapsed % period);
    }

    /// @dev Seconds of cycle time between the stake's start and `time`.
    function _activeSeconds(
        StakeState memory st,
        StakeTermsSnapshot memory t,
        uint256 time
    ) private pure returns (uint256) {
        (uint256 cycle, uint256 offset) = _position(st, t, time);
        uint256 duration = uint256(t.cycleDays) * 1 days;
        return cycle * duration + Math.min(offset, duration);
    }

    function _pending(StakeState memory st, StakeTermsSnapshot memory t) private view returns (uint256) {
        uint256 until = st.redeemedAt != 0 ? st.redeemedAt : block.timestamp;
        if (st.lastCollectTime >= until) return 0;
        uint256 active = _activeSeconds(st, t, until) - _activeSeconds(st, t, st.lastCollectTime);
        return uint256(t.units) * t.rewardPerUnitPerSecond * active;
    }

    function _requireStake(uint256 id) private view returns (StakeState memory st) {
        st = _states[id];
        if (st.user == address(0)) revert StakingUnknownStake(id);
    }

    function _requireOwner(uint256 id) private view returns (StakeState memory st) {
        st = _requireStake(id);
        if (st.user != msg.sender) revert StakingNotStakeOwner(id, msg.sender);
    }

    function _checkRange(uint256 value, uint256 min, uint256 max) private pure {
        if (value < min || value > max) revert StakingValueOutOfRange(value, min, max);
    }
}
