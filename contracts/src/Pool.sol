// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";
import {IPool} from "./interfaces/IPool.sol";

/// @title Pool
/// @notice Sells five tiers of soulbound NFTs for USDT + DWN9, turns each purchase into hashrate,
/// and pays DWN income: static income (a per-second emission shared by hashrate), dynamic income
/// (direct push on purchases and a share of descendants' static income over up to ten
/// generations) and owner-credited guaranteed returns. Users must be bound into the referral tree
/// rooted at `root` before they can buy.
contract Pool is IPool, ERC721, Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    uint256 public constant TIER_COUNT = 5;
    uint256 public constant MAX_GENERATIONS = 10;
    /// @notice Rates are basis points: 10000 = 100%.
    uint256 public constant RATE_SCALE = 1e4;
    uint256 public constant MAX_DIRECT_PUSH_RATE = 3000;
    uint256 public constant MAX_GENERATION_RATE = 2000;
    uint256 public constant MAX_GENERATION_RATE_SUM = 5000;
    /// @notice `multiple` has 4 decimals; at most 10x.
    uint256 public constant MAX_MULTIPLE = 100_000;
    uint256 public constant MAX_LIMIT = 255;
    /// @notice Token ids are `tierId * TOKEN_ID_TIER_BASE + serial`, so a tier holds fewer than this.
    uint256 public constant TOKEN_ID_TIER_BASE = 1_000_000;
    uint256 public constant MIN_MAKEUP_PERCENT = 10_000;
    uint256 public constant MAX_MAKEUP_PERCENT = 11_000;
    uint256 public constant MAX_MAKEUP_COUNT = 365;
    uint256 public constant MAX_STATIC_REWARD_PER_SECOND = 1_000e18;
    uint256 public constant MAX_GUARANTEE_BATCH = 200;
    /// @notice `(makeupPercent / 1e4) ^ maxMakeupCount` is at most 3 (18 decimals).
    uint256 public constant MAX_MAKEUP_FACTOR = 3e18;
    /// @notice A tier that can still be sold costs at least 1 USDT.
    uint256 public constant MIN_USDT_PRICE = 1e18;
    /// @notice The DWN price in USDT is at least 0.001 USDT.
    uint256 public constant MIN_DWN_PRICE = 1e15;
    /// @notice The deploy-time cap on `maxGuaranteePercent`.
    uint256 public constant MAX_GUARANTEE_PERCENT = 200;
    /// @notice All guarantee credits within any `GUARANTEE_PERIOD` together are at most this share
    /// (basis points) of the DWN reserve net of the income owed to users (`owedIncome`).
    uint256 public constant MAX_GUARANTEE_RESERVE_SHARE = 1000;
    /// @notice The sliding period of the guarantee budget.
    uint256 public constant GUARANTEE_PERIOD = 30 days;
    /// @notice One `setDwnPrice` moves the price by at most this factor either way.
    uint256 public constant MAX_DWN_PRICE_STEP = 2;
    /// @notice `setOpenBuyTime` sets a time at most this far ahead.
    uint256 public constant MAX_OPEN_BUY_DELAY = 365 days;
    uint256 private constant ACC_SCALE = 1e18;
    uint256 private constant WAD = 1e18;
    uint256 private constant MAX_PRICE = type(uint88).max;

    /// @dev A tier in one slot.
    struct TierData {
        uint88 usdtprice;
        uint88 dwn8price;
        uint24 supply;
        uint24 sold;
        uint24 multiple;
        uint8 limit;
    }

    /// @dev Everything about a member the purchase and the generation walk read, in one slot.
    /// `tierCounts` packs how many NFTs of tier t (1..5) the member bought in bits 8(t-1)..8t.
    /// `guaranteeCap` is the most guarantee credit the member may receive, in whole DWN: for each
    /// purchase `maxGuaranteePercent` % of its USDT price at the DWN price in force then (each
    /// rounded down, the sum saturating).
    struct Member {
        address inviter;
        uint8 maxTier;
        uint16 nftCount;
        uint40 tierCounts;
        uint32 guaranteeCap;
    }

    /// @dev Paired so that a purchase, which settles static income and changes hashrate, writes
    /// two slots that are already non-zero after a user's first purchase.
    struct Account {
        uint128 hashrate;
        uint128 staticProfit;
    }

    struct Emission {
        uint192 accRewardPerHashrate;
        uint64 lastRewardTime;
    }

    /// @dev The settings read on every purchase, in one slot.
    struct Settings {
        uint128 staticRewardPerSecond;
        uint64 openBuyTime;
        uint16 directPushRate;
        uint16 makeupPercent;
        uint16 maxMakeupCount;
        uint8 generations;
        bool openCapitalPool;
    }

    address public immutable root;
    /// @notice A user's guaranteed-return credits are at most this percentage of the DWN value of
    /// what the user paid for NFTs, each purchase valued at the DWN price in force when it was made.
    uint256 public immutable maxGuaranteePercent;
    IERC20 public immutable usdt;
    IERC20 public immutable dwn8;
    IERC20 public immutable dwn;

    /// @notice Where purchase payments go (the capital pool).
    address public treasury;
    uint96 private _dwnPriceUsdt;
    uint256 public totalHashrate;

    Settings private _settings;
    Emission private _emission;
    uint16[MAX_GENERATIONS] private _generationRates;
    mapping(uint256 tierId => TierData) private _tiers;
    mapping(address user => Member) private _members;
    mapping(address user => Account) private _accounts;
    /// @dev Full width: `hashrate * acc` keeps headroom for the contract's lifetime (see the tests).
    mapping(address user => uint256) private _rewardDebts;
    mapping(address user => uint256) private _dynamicProfits;
    /// @dev The DWN of guarantee credits each user has received.
    mapping(address user => uint256) private _guaranteeDwn;
    /// @notice DWN income accrued or credited to users and not yet collected: the emission since
    /// there was hashrate, direct push, generations and guarantees, less what was collected. An
    /// upper bound (accrual rounds down per user), so the guarantee budget errs on the safe side.
    uint256 public owedIncome;

    /// @dev One `creditGuarantee` call: when, and how much it credited in total.
    struct GuaranteeCredit {
        uint64 time;
        uint192 amount;
    }
    GuaranteeCredit[] private _guaranteeCredits;
    /// @dev The first of `_guaranteeCredits` inside the current period, and the sum from it.
    uint256 private _guaranteePeriodStart;
    uint256 private _guaranteePeriodTotal;

    /// @param owner_ The owner (admin) of the pool.
    /// @param root_ The root of the referral tree: valid without an inviter.
    /// @param treasury_ The capital pool that receives purchase payments.
    /// @param tokens The USDT, DWN9 (dwn8) and DWN token addresses, in that order.
    /// @param maxGuaranteePercent_ The cap on each user's guarantee credits, in percent of what
    /// the user paid (at most `MAX_GUARANTEE_PERCENT`).
    /// @param dwnPriceUsdt_ The initial DWN price in USDT (18 decimals); later changes move it by
    /// at most `MAX_DWN_PRICE_STEP` times each.
    constructor(
        address owner_,
        address root_,
        address treasury_,
        address[3] memory tokens,
        uint256 maxGuaranteePercent_,
        uint256 dwnPriceUsdt_
    ) ERC721("DWN Hashrate NFT", "DWNNFT") Ownable(owner_) {
        if (root_ == address(0) || treasury_ == address(0)) revert PoolZeroAddress();
        _checkRange(maxGuaranteePercent_, 0, MAX_GUARANTEE_PERCENT);
        _checkRange(dwnPriceUsdt_, MIN_DWN_PRICE, MAX_PRICE);
        maxGuaranteePercent = maxGuaranteePercent_;
        for (uint256 i = 0; i < 3; ++i) {
            if (tokens[i] == address(0)) revert PoolZeroAddress();
        }
        root = root_;
        treasury = treasury_;
        usdt = IERC20(tokens[0]);
        dwn8 = IERC20(tokens[1]);
        dwn = IERC20(tokens[2]);
        _settings.makeupPercent = uint16(MIN_MAKEUP_PERCENT);
        _settings.openBuyTime = uint64(block.timestamp);
        _emission.lastRewardTime = uint64(block.timestamp);
        _dwnPriceUsdt = uint96(dwnPriceUsdt_);
    }

    // ------------------------------------------------------------------------------------------
    // Referral tree
    // ------------------------------------------------------------------------------------------

    /// @inheritdoc IPool
    function inviters(address user) external view returns (address) {
        return _members[user].inviter;
    }

    /// @inheritdoc IPool
    function validUser(address user) public view returns (bool) {
        return user == root || _members[user].inviter != address(0);
    }

    /// @notice Binds the caller under `inviter`. A user binds once, only to a bound user, so the
    /// tree never has a cycle.
    /// Requirements:
    /// - the caller is not the root and has no inviter yet;
    /// - `inviter` is not the caller and is valid (`validUser`).
    function setInviter(address inviter) external {
        if (msg.sender == root) revert PoolRootCannotBind(root);
        address current = _members[msg.sender].inviter;
        if (current != address(0)) revert PoolAlreadyBound(msg.sender, current);
        if (inviter == msg.sender) revert PoolSelfInvite(msg.sender);
        if (!validUser(inviter)) revert PoolInvalidInviter(inviter);
        _members[msg.sender].inviter = inviter;
        emit InviterBound(msg.sender, inviter);
    }

    // ------------------------------------------------------------------------------------------
    // Tiers and purchases
    // ------------------------------------------------------------------------------------------

    /// @inheritdoc IPool
    function info() external view returns (Tier[] memory tiers) {
        tiers = new Tier[](TIER_COUNT);
        for (uint256 id = 1; id <= TIER_COUNT; ++id) {
            TierData memory t = _tiers[id];
            tiers[id - 1] = Tier(id, t.supply, t.sold, t.usdtprice, t.dwn8price, t.multiple, t.limit);
        }
    }

    /// @inheritdoc IPool
    function buyView(uint256 tierId) public view returns (BuyQuote memory quote) {
        _checkTier(tierId);
        TierData memory t = _tiers[tierId];
        Settings memory s = _settings;
        uint256 hashrate = (uint256(t.usdtprice) * t.multiple) / RATE_SCALE;
        uint256 count = 0;
        if (block.timestamp > s.openBuyTime) {
            count = Math.min((block.timestamp - s.openBuyTime) / 1 days, s.maxMakeupCount);
        }
        uint256 factor = _pow(uint256(s.makeupPercent) * (WAD / RATE_SCALE), count);
        quote = BuyQuote({
            id: tierId,
            payusdt: t.usdtprice,
            paydwn8: t.dwn8price,
            multiple: t.multiple,
            hashrate: hashrate,
            makeupPercent: s.makeupPercent,
            makeupCount: count,
            makeupHashrate: (hashrate * (factor - WAD)) / WAD
        });
    }

    /// @notice Buys one NFT of `tierId`: pays its USDT and DWN9 price to the treasury, mints a
    /// soulbound NFT, adds `hashrate + makeupHashrate` to the caller's hashrate and pays the
    /// inviter's direct-push income.
    /// Requirements:
    /// - the pool is not paused and buying is open (`block.timestamp >= openBuyTime`);
    /// - the caller is bound (`validUser`);
    /// - the tier exists, is not sold out, and the caller holds fewer than its `limit`;
    /// - the caller has approved both prices to this contract and holds them.
    function buy(uint256 tierId) external whenNotPaused nonReentrant {
        _buy(tierId, type(uint256).max, type(uint256).max, 0);
    }

    /// @notice `buy(tierId)` held to the quote the caller saw: reverts with `PoolQuoteMoved` if the
    /// USDT or DWN9 price is above `maxUsdt` / `maxDwn8` or the hashrate (makeup included) is
    /// below `minHashrate`.
    function buy(
        uint256 tierId,
        uint256 maxUsdt,
        uint256 maxDwn8,
        uint256 minHashrate
    ) external whenNotPaused nonReentrant {
        _buy(tierId, maxUsdt, maxDwn8, minHashrate);
    }

    // ------------------------------------------------------------------------------------------
    // Income
    // ------------------------------------------------------------------------------------------

    /// @inheritdoc IPool
    function userHashrate(address user) external view returns (uint256) {
        return _accounts[user].hashrate;
    }

    /// @inheritdoc IPool
    function userStaticProfit(address user) external view returns (uint256) {
        Emission memory e = _emission;
        uint256 acc = e.accRewardPerHashrate + _accrued(e.lastRewardTime, _settings.staticRewardPerSecond);
        Account memory a = _accounts[user];
        return a.staticProfit + (uint256(a.hashrate) * acc) / ACC_SCALE - _rewardDebts[user];
    }

    /// @inheritdoc IPool
    function userDynamicProfit(address user) external view returns (uint256) {
        return _dynamicProfits[user];
    }

    /// @notice `user`'s guarantee cap in DWN (fixed at each purchase at the price in force then) and
    /// the DWN of guarantee credits it has received; its remaining room is `cap - credited`.
    function guaranteeOf(address user) external view returns (uint256 capDwn, uint256 creditedDwn) {
        return (uint256(_members[user].guaranteeCap) * WAD, _guaranteeDwn[user]);
    }

    /// @notice The DWN of guarantee credits within the last `GUARANTEE_PERIOD`, and the most they
    /// may total now: `MAX_GUARANTEE_RESERVE_SHARE` of the DWN reserve net of `owedIncome` and the
    /// emission accrued since it was last brought up to date.
    function guaranteeBudget() external view returns (uint256 credited, uint256 budget) {
        credited = _guaranteePeriodTotal;
        uint256 n = _guaranteeCredits.length;
        for (uint256 i = _guaranteePeriodStart; i < n && _expired(_guaranteeCredits[i]); ++i) {
            credited -= _guaranteeCredits[i].amount;
        }
        budget = _guaranteeBudget();
    }

    /// @inheritdoc IPool
    function userMaxNFTPosition(address user) external view returns (uint256) {
        return _members[user].maxTier;
    }

    /// @inheritdoc IPool
    function userBuyNftCount(address user) external view returns (uint256) {
        return _members[user].nftCount;
    }

    /// @notice How many NFTs of `tierId` `user` has bought.
    function userTierCount(address user, uint256 tierId) external view returns (uint256) {
        _checkTier(tierId);
        return (uint256(_members[user].tierCounts) >> (8 * (tierId - 1))) & 0xff;
    }

    /// @notice Pays the caller's static income (settled and accrued) in DWN from the pool's reserve.
    /// Requirements:
    /// - the caller has static income (`NoStaticIncome` otherwise);
    /// - the pool holds enough DWN (`InsufficientReserve` otherwise; nothing owed is lost).
    function collectStaticProfit() external nonReentrant {
        Settings memory s = _settings;
        uint256 acc = _updateEmission(s);
        _settle(msg.sender, acc, s);
        Account storage account = _accounts[msg.sender];
        uint256 amount = account.staticProfit;
        if (amount == 0) revert NoStaticIncome(msg.sender);
        _checkReserve(amount);
        account.staticProfit = 0;
        _paidOut(amount);
        emit StaticProfitCollected(msg.sender, amount);
        dwn.safeTransfer(msg.sender, amount);
    }

    /// @notice Pays the caller's dynamic income (direct push and generations) in DWN.
    /// Requirements:
    /// - the caller has dynamic income (`NoDynamicIncome` otherwise);
    /// - the pool holds enough DWN (`InsufficientReserve` otherwise; nothing owed is lost).
    function collectDynamicProfit() external nonReentrant {
        uint256 amount = _dynamicProfits[msg.sender];
        if (amount == 0) revert NoDynamicIncome(msg.sender);
        _checkReserve(amount);
        _dynamicProfits[msg.sender] = 0;
        _paidOut(amount);
        emit DynamicProfitCollected(msg.sender, amount);
        dwn.safeTransfer(msg.sender, amount);
    }

    // ------------------------------------------------------------------------------------------
    // Settings (owner)
    // ------------------------------------------------------------------------------------------

    /// @notice The per-second DWN emission shared by all hashrate.
    function staticRewardPerSecond() external view returns (uint256) {
        return _settings.staticRewardPerSecond;
    }

    /// @notice The direct-push rate in basis points of the purchase's USDT price.
    function directPushRate() external view returns (uint256) {
        return _settings.directPushRate;
    }

    /// @notice The dynamic income rates of generations 1..G, in basis points.
    function dynamicRates() external view returns (uint16[] memory rates) {
        uint256 g = _settings.generations;
        rates = new uint16[](g);
        for (uint256 i = 0; i < g; ++i) {
            rates[i] = _generationRates[i];
        }
    }

    /// @inheritdoc IPool
    function openBuyTime() external view returns (uint256) {
        return _settings.openBuyTime;
    }

    /// @inheritdoc IPool
    function openCapitalPool() external view returns (bool) {
        return _settings.openCapitalPool;
    }

    /// @notice The DWN price in USDT (18 decimals) that converts direct-push income.
    function dwnPriceUsdt() external view returns (uint256) {
        return _dwnPriceUsdt;
    }

    /// @notice The daily compensation factor (raw, 10000 = 1) and the most days it compounds.
    function makeup() external view returns (uint256 makeupPercent, uint256 maxMakeupCount) {
        return (_settings.makeupPercent, _settings.maxMakeupCount);
    }

    /// @notice Sets a tier's stock, prices and terms. NFTs already sold keep their hashrate.
    /// Requirements:
    /// - the caller is the owner; `tierId` is 1..5;
    /// - `sold <= supply < TOKEN_ID_TIER_BASE`; prices fit 88 bits;
    /// - while the tier can be sold (`supply > sold`), `usdtprice >= MIN_USDT_PRICE`;
    /// - `1 <= multiple <= MAX_MULTIPLE`; `limit <= MAX_LIMIT`.
    function setTier(
        uint256 tierId,
        uint256 supply,
        uint256 usdtprice,
        uint256 dwn8price,
        uint256 multiple,
        uint256 limit
    ) external onlyOwner {
        _checkTier(tierId);
        TierData storage t = _tiers[tierId];
        if (supply < t.sold) revert PoolSupplyBelowSold(tierId, supply, t.sold);
        _checkRange(supply, 0, TOKEN_ID_TIER_BASE - 1);
        _checkRange(usdtprice, supply > t.sold ? MIN_USDT_PRICE : 0, MAX_PRICE);
        _checkRange(dwn8price, 0, MAX_PRICE);
        _checkRange(multiple, 1, MAX_MULTIPLE);
        _checkRange(limit, 0, MAX_LIMIT);
        t.supply = uint24(supply);
        t.usdtprice = uint88(usdtprice);
        t.dwn8price = uint88(dwn8price);
        t.multiple = uint24(multiple);
        t.limit = uint8(limit);
        emit TierSet(tierId, supply, usdtprice, dwn8price, multiple, limit);
    }

    /// @notice Sets the per-second DWN emission; income accrued so far keeps the old rate.
    /// Requirements: the caller is the owner; `rewardPerSecond <= MAX_STATIC_REWARD_PER_SECOND`.
    function setStaticRewardPerSecond(uint256 rewardPerSecond) external onlyOwner {
        _checkRange(rewardPerSecond, 0, MAX_STATIC_REWARD_PER_SECOND);
        Settings memory s = _settings;
        _updateEmission(s);
        _settings.staticRewardPerSecond = uint128(rewardPerSecond);
        emit StaticRewardPerSecondSet(rewardPerSecond);
    }

    /// @notice Sets the direct-push rate (basis points of the USDT price).
    /// Requirements: the caller is the owner; `rate <= MAX_DIRECT_PUSH_RATE`.
    function setDirectPushRate(uint256 rate) external onlyOwner {
        _checkRange(rate, 0, MAX_DIRECT_PUSH_RATE);
        _settings.directPushRate = uint16(rate);
        emit DirectPushRateSet(rate);
    }

    /// @notice Sets the dynamic income rates of generations 1..rates.length.
    /// Requirements:
    /// - the caller is the owner; at most `MAX_GENERATIONS` rates;
    /// - each rate `<= MAX_GENERATION_RATE` and their sum `<= MAX_GENERATION_RATE_SUM`.
    function setDynamicRates(uint16[] calldata rates) external onlyOwner {
        if (rates.length > MAX_GENERATIONS) revert PoolTooManyGenerations(rates.length, MAX_GENERATIONS);
        uint256 sum = 0;
        for (uint256 i = 0; i < MAX_GENERATIONS; ++i) {
            uint16 rate = i < rates.length ? rates[i] : 0;
            _checkRange(rate, 0, MAX_GENERATION_RATE);
            sum += rate;
            _generationRates[i] = rate;
        }
        _checkRange(sum, 0, MAX_GENERATION_RATE_SUM);
        _settings.generations = uint8(rates.length);
        emit DynamicRatesSet(rates);
    }

    /// @notice Sets the DWN price in USDT (18 decimals) that converts direct-push income and values
    /// new purchases' guarantee caps.
    /// Requirements: the caller is the owner; `MIN_DWN_PRICE <= price`, it fits 88 bits, and it is
    /// within `MAX_DWN_PRICE_STEP` times the current price either way (`PoolPriceStepTooLarge` otherwise).
    function setDwnPrice(uint256 price) external onlyOwner {
        _checkRange(price, MIN_DWN_PRICE, MAX_PRICE);
        uint256 current = _dwnPriceUsdt;
        if (price > current * MAX_DWN_PRICE_STEP || price * MAX_DWN_PRICE_STEP < current) {
            revert PoolPriceStepTooLarge(price, current / MAX_DWN_PRICE_STEP, current * MAX_DWN_PRICE_STEP);
        }
        _dwnPriceUsdt = uint96(price);
        emit DwnPriceSet(price);
    }

    /// @notice Sets when buying opens; the makeup count is counted in whole days from it.
    /// Requirements:
    /// - the caller is the owner; nothing has been sold yet (`PoolOpenBuyTimeFixed` otherwise);
    /// - `time` is not earlier than the current `openBuyTime`;
    /// - `time` is at most `MAX_OPEN_BUY_DELAY` after now (`PoolOpenBuyTimeTooLate` otherwise).
    function setOpenBuyTime(uint256 time) external onlyOwner {
        if (totalHashrate != 0) revert PoolOpenBuyTimeFixed();
        _checkRange(time, _settings.openBuyTime, type(uint64).max);
        uint256 latest = block.timestamp + MAX_OPEN_BUY_DELAY;
        if (time > latest) revert PoolOpenBuyTimeTooLate(time, latest);
        _settings.openBuyTime = uint64(time);
        emit OpenBuyTimeSet(time);
    }

    /// @notice Sets the daily compensation factor (raw, 10000 = 1) and the most days it compounds.
    /// Requirements: the caller is the owner; `MIN_MAKEUP_PERCENT <= makeupPercent <= MAX_MAKEUP_PERCENT`;
    /// `maxMakeupCount <= MAX_MAKEUP_COUNT`; the total factor
    /// `(makeupPercent / 1e4) ^ maxMakeupCount <= MAX_MAKEUP_FACTOR` (`PoolMakeupTooLarge` otherwise).
    function setMakeup(uint256 makeupPercent, uint256 maxMakeupCount) external onlyOwner {
        _checkRange(makeupPercent, MIN_MAKEUP_PERCENT, MAX_MAKEUP_PERCENT);
        _checkRange(maxMakeupCount, 0, MAX_MAKEUP_COUNT);
        uint256 factor = _pow(makeupPercent * (WAD / RATE_SCALE), maxMakeupCount);
        if (factor > MAX_MAKEUP_FACTOR) revert PoolMakeupTooLarge(factor, MAX_MAKEUP_FACTOR);
        _settings.makeupPercent = uint16(makeupPercent);
        _settings.maxMakeupCount = uint16(maxMakeupCount);
        emit MakeupSet(makeupPercent, maxMakeupCount);
    }

    /// @notice Sets the capital pool that receives purchase payments.
    /// Requirements: the caller is the owner; `treasury_` is not zero.
    function setTreasury(address treasury_) external onlyOwner {
        if (treasury_ == address(0)) revert PoolZeroAddress();
        treasury = treasury_;
        emit TreasurySet(treasury_);
    }

    /// @notice Opens or closes the capital pool: guaranteed returns can be credited only while open.
    /// Requirements: the caller is the owner.
    function setOpenCapitalPool(bool open) external onlyOwner {
        _settings.openCapitalPool = open;
        emit OpenCapitalPoolSet(open);
    }

    /// @notice Credits guaranteed-return income to users' static income.
    /// Requirements:
    /// - the caller is the owner and the capital pool is open;
    /// - `users` and `amounts` have the same length, at most `MAX_GUARANTEE_BATCH`;
    /// - every user holds an NFT (`PoolNoNft` otherwise);
    /// - each user's credits in total are at most its cap (`guaranteeOf`), fixed in DWN at its
    ///   purchases (`PoolGuaranteeCapExceeded(user, amount, room)` otherwise);
    /// - all credits within the last `GUARANTEE_PERIOD`, this call's included, are at most
    ///   `MAX_GUARANTEE_RESERVE_SHARE` of the DWN reserve net of `owedIncome`, however many calls
    ///   (`PoolGuaranteeBudgetExceeded` otherwise).
    function creditGuarantee(address[] calldata users, uint256[] calldata amounts) external onlyOwner {
        if (!_settings.openCapitalPool) revert PoolCapitalPoolClosed();
        if (users.length != amounts.length) revert PoolLengthMismatch(users.length, amounts.length);
        _checkRange(users.length, 1, MAX_GUARANTEE_BATCH);
        // Measured before this call's credits join what is owed.
        uint256 budget = _guaranteeBudget();
        uint256 total = 0;
        for (uint256 i = 0; i < users.length; ++i) {
            address user = users[i];
            uint256 amount = amounts[i];
            Member memory m = _members[user];
            if (m.nftCount == 0) revert PoolNoNft(user);
            uint256 room = uint256(m.guaranteeCap) * WAD - _guaranteeDwn[user];
            if (amount > room) revert PoolGuaranteeCapExceeded(user, amount, room);
            _guaranteeDwn[user] += amount;
            total += amount;
            Account storage account = _accounts[user];
            account.staticProfit = (account.staticProfit + amount).toUint128();
            emit IncomeCredited(user, msg.sender, uint8(IncomeKind.Guarantee), amount);
        }
        uint256 credited = _expireGuarantees() + total;
        if (credited > budget) revert PoolGuaranteeBudgetExceeded(credited, budget);
        _guaranteeCredits.push(GuaranteeCredit(uint64(block.timestamp), uint192(total)));
        _guaranteePeriodTotal = credited;
        owedIncome += total;
    }

    /// @notice Stops purchases. Collecting income is never paused.
    /// Requirements: the caller is the owner.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Resumes purchases.
    /// Requirements: the caller is the owner.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Disabled: the pool always has an owner, so a pause can always be lifted.
    function renounceOwnership() public pure override {
        revert PoolRenounceDisabled();
    }

    // ------------------------------------------------------------------------------------------
    // Soulbound NFT (ERC-5192)
    // ------------------------------------------------------------------------------------------

    /// @notice ERC-5192: every token is locked to its owner.
    function locked(uint256 tokenId) external view returns (bool) {
        _requireOwned(tokenId);
        return true;
    }

    /// @notice The tier of token `tokenId`.
    function tierOf(uint256 tokenId) public view returns (uint256) {
        _requireOwned(tokenId);
        return tokenId / TOKEN_ID_TIER_BASE;
    }

    /// @notice A JSON data URI naming the token and its tier.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        string memory id = Strings.toString(tokenId);
        string memory tier = Strings.toString(tierOf(tokenId));
        return
            string.concat(
                'data:application/json;utf8,{"name":"DWN Hashrate NFT #',
                id,
                '","description":"Tier ',
                tier,
                ' hashrate NFT","attributes":[{"trait_type":"Tier","value":',
                tier,
                "}]}"
            );
    }

    /// @notice ERC-165, including ERC-5192 (0xb45a3c0e).
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == 0xb45a3c0e || super.supportsInterface(interfaceId);
    }

    /// @dev Only mints pass: a minted token never moves.
    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        if (_ownerOf(tokenId) != address(0)) revert PoolSoulbound(tokenId);
        return super._update(to, tokenId, auth);
    }

    // ------------------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------------------

    function _buy(uint256 tierId, uint256 maxUsdt, uint256 maxDwn8, uint256 minHashrate) private {
        Settings memory s = _settings;
        if (block.timestamp < s.openBuyTime) revert PoolBuyingNotOpen(s.openBuyTime, block.timestamp);
        BuyQuote memory q = buyView(tierId);
        uint256 added = q.hashrate + q.makeupHashrate;
        if (q.payusdt > maxUsdt || q.paydwn8 > maxDwn8 || added < minHashrate) {
            revert PoolQuoteMoved(tierId, q.payusdt, q.paydwn8, added);
        }
        (uint256 tokenId, address inviter) = _recordPurchase(tierId, q.payusdt);
        _addHashrate(added, s);
        _payDirectPush(inviter, q.payusdt, s);

        _mint(msg.sender, tokenId);
        emit Locked(tokenId);
        emit NftPurchased(msg.sender, tierId, tokenId, q.payusdt, q.paydwn8, q.hashrate, q.makeupHashrate);

        address to = treasury;
        usdt.safeTransferFrom(msg.sender, to, q.payusdt);
        dwn8.safeTransferFrom(msg.sender, to, q.paydwn8);
    }

    /// @dev Checks that the caller may buy one more NFT of `tierId` and records it on the tier and
    /// the member (with the `payusdt` it pays). Returns the new token id and the caller's inviter.
    function _recordPurchase(uint256 tierId, uint256 payusdt) private returns (uint256 tokenId, address inviter) {
        Member memory m = _members[msg.sender];
        if (m.inviter == address(0) && msg.sender != root) revert PoolUserNotBound(msg.sender);
        TierData storage t = _tiers[tierId];
        uint256 sold = t.sold;
        if (sold >= t.supply) revert PoolTierSoldOut(tierId);
        uint256 shift = 8 * (tierId - 1);
        if (((uint256(m.tierCounts) >> shift) & 0xff) >= t.limit) revert PoolTierLimitReached(tierId, t.limit);
        t.sold = uint24(sold + 1);
        // The tier's count is below `limit <= 255`, so adding one stays inside its 8 bits.
        m.tierCounts = uint40(uint256(m.tierCounts) + (1 << shift));
        m.nftCount += 1;
        if (tierId > m.maxTier) m.maxTier = uint8(tierId);
        uint256 cap = (payusdt * maxGuaranteePercent) / (100 * uint256(_dwnPriceUsdt));
        m.guaranteeCap = uint32(Math.min(uint256(m.guaranteeCap) + cap, type(uint32).max));
        _members[msg.sender] = m;
        return (tierId * TOKEN_ID_TIER_BASE + sold + 1, m.inviter);
    }

    /// @dev Settles the caller's static income at the old hashrate, then adds `added`.
    function _addHashrate(uint256 added, Settings memory s) private {
        uint256 acc = _updateEmission(s);
        _settle(msg.sender, acc, s);
        Account storage a = _accounts[msg.sender];
        uint256 hashrate = a.hashrate + added;
        a.hashrate = hashrate.toUint128();
        _rewardDebts[msg.sender] = (hashrate * acc) / ACC_SCALE;
        totalHashrate += added;
    }

    function _accrued(uint256 lastRewardTime, uint256 rewardPerSecond) private view returns (uint256) {
        uint256 total = totalHashrate;
        if (total == 0 || block.timestamp <= lastRewardTime) return 0;
        return ((block.timestamp - lastRewardTime) * rewardPerSecond * ACC_SCALE) / total;
    }

    /// @dev Brings the emission accumulator up to now and returns it.
    function _updateEmission(Settings memory s) private returns (uint256 acc) {
        Emission memory e = _emission;
        acc = e.accRewardPerHashrate;
        if (block.timestamp > e.lastRewardTime) {
            uint256 total = totalHashrate;
            if (total != 0) {
                uint256 emitted = (block.timestamp - e.lastRewardTime) * s.staticRewardPerSecond;
                acc += (emitted * ACC_SCALE) / total;
                if (emitted != 0) owedIncome += emitted;
            }
            _emission = Emission(acc.toUint192(), uint64(block.timestamp));
        }
    }

    /// @dev Moves `user`'s accrued static income into its settled balance and pays each qualifying
    /// ancestor its generation share. The walk is bounded by `MAX_GENERATIONS`.
    function _settle(address user, uint256 acc, Settings memory s) private {
        Account storage a = _accounts[user];
        uint256 hashrate = a.hashrate;
        if (hashrate == 0) return;
        uint256 accrued = (hashrate * acc) / ACC_SCALE;
        uint256 pending = accrued - _rewardDebts[user];
        if (pending == 0) return;
        _rewardDebts[user] = accrued;
        a.staticProfit = (a.staticProfit + pending).toUint128();
        emit IncomeCredited(user, user, uint8(IncomeKind.Static), pending);

        address ancestor = _members[user].inviter;
        for (uint256 g = 1; g <= s.generations && ancestor != address(0); ++g) {
            Member memory m = _members[ancestor];
            // Generation g reaches ancestors whose highest tier is at least ceil(g / 2).
            if (m.maxTier >= (g + 1) / 2) {
                uint256 credit = (pending * _generationRates[g - 1]) / RATE_SCALE;
                if (credit > 0) _creditDynamic(ancestor, user, IncomeKind.Dynamic, credit);
            }
            ancestor = m.inviter;
        }
    }

    function _payDirectPush(address inviter, uint256 payusdt, Settings memory s) private {
        if (inviter == address(0) || s.directPushRate == 0) return;
        if (_members[inviter].nftCount == 0) return;
        // Never zero: `payusdt >= MIN_USDT_PRICE` and `_dwnPriceUsdt < 2^88` make it at least 323 wei.
        uint256 credit = Math.mulDiv(payusdt * s.directPushRate, WAD, RATE_SCALE * _dwnPriceUsdt);
        _creditDynamic(inviter, msg.sender, IncomeKind.DirectPush, credit);
    }

    function _creditDynamic(address user, address from, IncomeKind kind, uint256 amount) private {
        _dynamicProfits[user] += amount;
        owedIncome += amount;
        emit IncomeCredited(user, from, uint8(kind), amount);
    }

    /// @dev `amount` of owed income was collected. `owedIncome` is an upper bound, so it never
    /// falls below what is collected, but it saturates at zero all the same.
    function _paidOut(uint256 amount) private {
        uint256 owed = owedIncome;
        owedIncome = owed > amount ? owed - amount : 0;
    }

    /// @dev `MAX_GUARANTEE_RESERVE_SHARE` of the DWN reserve net of the income owed to users (the
    /// emission accrued since the last update included).
    function _guaranteeBudget() private view returns (uint256) {
        uint256 reserve = dwn.balanceOf(address(this));
        uint256 owed = owedIncome;
        // The emission since the accumulator was last brought up to date is owed too.
        uint256 last = _emission.lastRewardTime;
        if (totalHashrate != 0 && block.timestamp > last) {
            owed += (block.timestamp - last) * _settings.staticRewardPerSecond;
        }
        return reserve > owed ? ((reserve - owed) * MAX_GUARANTEE_RESERVE_SHARE) / RATE_SCALE : 0;
    }

    function _expired(GuaranteeCredit storage c) private view returns (bool) {
        return c.time + GUARANTEE_PERIOD <= block.timestamp;
    }

    /// @dev Drops the credits older than `GUARANTEE_PERIOD` from the period; returns its total.
    function _expireGuarantees() private returns (uint256 total) {
        total = _guaranteePeriodTotal;
        uint256 start = _guaranteePeriodStart;
        uint256 n = _guaranteeCredits.length;
        while (start < n && _expired(_guaranteeCredits[start])) {
            total -= _guaranteeCredits[start].amount;
            ++start;
        }
        _guaranteePeriodStart = start;
    }

    function _checkReserve(uint256 amount) private view {
        uint256 available = dwn.balanceOf(address(this));
        if (available < amount) revert InsufficientReserve(amount, available);
    }

    function _checkTier(uint256 tierId) private pure {
        if (tierId == 0 || tierId > TIER_COUNT) revert PoolInvalidTier(tierId);
    }

    function _checkRange(uint256 value, uint256 min, uint256 max) private pure {
        if (value < min || value > max) revert PoolValueOutOfRange(value, min, max);
    }

    /// @dev `x ^ n` for an 18-decimal `x`, by squaring, rounding down at each step. With
    /// `x <= 1.1` and `n <= 365` no intermediate product exceeds 2^200.
    function _pow(uint256 x, uint256 n) private pure returns (uint256 z) {
        z = WAD;
        while (n > 0) {
            if (n & 1 == 1) z = (z * x) / WAD;
            n >>= 1;
            if (n > 0) x = (x * x) / WAD;
        }
    }
}
