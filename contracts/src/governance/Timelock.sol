// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/// @title Timelock
/// @notice The owner of the pool and the staking contract on BNB Smart Chain (DESIGN.md §3,
/// "User protections"): OpenZeppelin's TimelockController with two rules that hold for its whole
/// life, whoever holds its roles:
/// - the delay can never be set below `delayFloor`, fixed at deploy (48 hours on chain 56), so
///   every change stays public for at least that long;
/// - the last proposer can neither renounce nor lose its role, so changes can always be proposed
///   (a paused pool can always be unpaused).
contract Timelock is TimelockController {
    /// @notice The least delay `updateDelay` accepts, for the contract's whole life.
    uint256 public immutable delayFloor;
    /// @notice How many accounts hold `PROPOSER_ROLE`.
    uint256 public proposerCount;

    /// @notice `updateDelay(newDelay)` would set the delay below the floor.
    error TimelockDelayBelowFloor(uint256 newDelay, uint256 floor);
    /// @notice `account` is the last proposer: it cannot renounce or lose the role.
    error TimelockLastProposer(address account);

    /// @param minDelay The initial delay (the deploy starts at 0 to take ownership in one batch,
    /// then sets the delay to at least `delayFloor_` through `updateDelay`).
    /// @param delayFloor_ The least delay `updateDelay` accepts.
    /// @param proposers, executors, admin As in TimelockController.
    constructor(
        uint256 minDelay,
        uint256 delayFloor_,
        address[] memory proposers,
        address[] memory executors,
        address admin
    ) TimelockController(minDelay, proposers, executors, admin) {
        delayFloor = delayFloor_;
    }

    /// @notice Sets the delay of future operations. Only the timelock itself, through an operation.
    /// Requirements: `newDelay >= delayFloor` (`TimelockDelayBelowFloor` otherwise).
    function updateDelay(uint256 newDelay) public override {
        if (msg.sender != address(this)) revert TimelockUnauthorizedCaller(msg.sender);
        if (newDelay < delayFloor) revert TimelockDelayBelowFloor(newDelay, delayFloor);
        super.updateDelay(newDelay);
    }

    function _grantRole(bytes32 role, address account) internal override returns (bool granted) {
        granted = super._grantRole(role, account);
        if (granted && role == PROPOSER_ROLE) ++proposerCount;
    }

    /// @dev Covers `revokeRole` and `renounceRole`: the last proposer keeps its role.
    function _revokeRole(bytes32 role, address account) internal override returns (bool revoked) {
        if (role == PROPOSER_ROLE && proposerCount == 1 && hasRole(role, account)) {
            revert TimelockLastProposer(account);
        }
        revoked = super._revokeRole(role, account);
        if (revoked && role == PROPOSER_ROLE) --proposerCount;
    }
}
