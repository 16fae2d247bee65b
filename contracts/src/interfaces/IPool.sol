// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title IPool
/// @notice Events, errors and views of the NFT pool: the referral tree, the five NFT tiers that
/// grant hashrate, and the static and dynamic DWN income that hashrate earns.
interface IPool {
    /// @notice One NFT tier as `info()` returns it. Prices are 18-decimal token amounts,
    /// `multiple` has 4 decimals (10000 = 1x), `limit` is the most one address may buy.
    struct Tier {
        uint256 id;
        uint256 supply;
        uint256 sold;
        uint256 usdtprice;
        uint256 dwn8price;
        uint256 multiple;
        uint256 limit;
    }

    /// @notice The price and the hashrate of buying one NFT of a tier now.
    /// `makeupPercent` is raw (10100 = 1.01 per day); `makeupHashrate` is the compensation
    /// `hashrate * ((makeupPercent / 1e4) ^ makeupCount - 1)` for buying later.
    struct BuyQuote {
        uint256 id;
        uint256 payusdt;
        uint256 paydwn8;
        uint256 multiple;
        uint256 hashrate;
        uint256 makeupPercent;
        uint256 makeupCount;
        uint256 makeupHashrate;
    }

    /// @notice The income kinds that `IncomeCredited` reports.
    /// 1 static, 2 dynamic (generations), 3 direct push, 4 guaranteed return.
    enum IncomeKind {
        None,
        Static,
        Dynamic,
        DirectPush,
        Guarantee
    }

    event InviterBound(address indexed user, address indexed inviter);
    event NftPurchased(
        address indexed user,
        uint256 indexed tierId,
        uint256 indexed tokenId,
        uint256 payusdt,
        uint256 paydwn8,
        uint256 hashrate,
        uint256 makeupHashrate
    );
    /// @notice `amount` of DWN income of `kind` was credited to `user`, caused by `from`
    /// (the user itself for static income, the buyer for direct push, the descendant whose
    /// static income was settled for dynamic income, the owner for a guaranteed return).
    event IncomeCredited(address indexed user, address indexed from, uint8 kind, uint256 amount);
    event StaticProfitCollected(address indexed user, uint256 amount);
    event DynamicProfitCollected(address indexed user, uint256 amount);
    /// @notice ERC-5192: every NFT of the pool is locked to its owner from the moment it is minted.
    event Locked(uint256 tokenId);

    event TierSet(
        uint256 indexed tierId,
        uint256 supply,
        uint256 usdtprice,
        uint256 dwn8price,
        uint256 multiple,
        uint256 limit
    );
    event StaticRewardPerSecondSet(uint256 rewardPerSecond);
    event DirectPushRateSet(uint256 rate);
    event DynamicRatesSet(uint16[] rates);
    event DwnPriceSet(uint256 dwnPriceUsdt);
    event OpenBuyTimeSet(uint256 openBuyTime);
    event MakeupSet(uint256 makeupPercent, uint256 maxMakeupCount);
    event TreasurySet(address treasury);
    event OpenCapitalPoolSet(bool open);

    error PoolZeroAddress();
    error PoolInvalidTier(uint256 tierId);
    error PoolRootCannotBind(address root);
    error PoolAlreadyBound(address user, address inviter);
    error PoolSelfInvite(address user);
    error PoolInvalidInviter(address inviter);
    error PoolUserNotBound(address user);
    error PoolBuyingNotOpen(uint256 openBuyTime, uint256 now);
    error PoolTierSoldOut(uint256 tierId);
    error PoolTierLimitReached(uint256 tierId, uint256 limit);
    error PoolValueOutOfRange(uint256 value, uint256 min, uint256 max);
    error PoolSupplyBelowSold(uint256 tierId, uint256 supply, uint256 sold);
    error PoolTooManyGenerations(uint256 count, uint256 max);
    error PoolLengthMismatch(uint256 users, uint256 amounts);
    error PoolCapitalPoolClosed();
    error PoolSoulbound(uint256 tokenId);
    error NoStaticIncome(address user);
    error NoDynamicIncome(address user);
    error InsufficientReserve(uint256 needed, uint256 available);
    /// @notice The terms of `buy(tierId, maxUsdt, maxDwn8, minHashrate)` moved from the caller's
    /// quote; these are the current ones (`hashrate` includes the makeup).
    error PoolQuoteMoved(uint256 tierId, uint256 payusdt, uint256 paydwn8, uint256 hashrate);
    error PoolRenounceDisabled();
    error PoolNoNft(address user);
    /// @notice Crediting `amount` to `user` would exceed its guarantee cap: `room` DWN is left.
    error PoolGuaranteeCapExceeded(address user, uint256 amount, uint256 room);
    /// @notice The guarantee credits within the period would total `credited`, above `budget`.
    error PoolGuaranteeBudgetExceeded(uint256 credited, uint256 budget);
    /// @notice `setDwnPrice(price)` moves the price more than one step: it must be within [min, max].
    error PoolPriceStepTooLarge(uint256 price, uint256 min, uint256 max);
    /// @notice `setOpenBuyTime(time)` is more than `MAX_OPEN_BUY_DELAY` ahead: at most `latest`.
    error PoolOpenBuyTimeTooLate(uint256 time, uint256 latest);
    error PoolMakeupTooLarge(uint256 factor, uint256 max);
    error PoolOpenBuyTimeFixed();

    function root() external view returns (address);
    function inviters(address user) external view returns (address);
    function validUser(address user) external view returns (bool);
    function info() external view returns (Tier[] memory);
    function buyView(uint256 tierId) external view returns (BuyQuote memory);
    function userHashrate(address user) external view returns (uint256);
    function userStaticProfit(address user) external view returns (uint256);
    function userDynamicProfit(address user) external view returns (uint256);
    function userMaxNFTPosition(address user) external view returns (uint256);
    function userBuyNftCount(address user) external view returns (uint256);
    function openBuyTime() external view returns (uint256);
    function openCapitalPool() external view returns (bool);

    function setInviter(address inviter) external;
    function buy(uint256 tierId) external;
    function buy(uint256 tierId, uint256 maxUsdt, uint256 maxDwn8, uint256 minHashrate) external;
    function collectStaticProfit() external;
    function collectDynamicProfit() external;
}
