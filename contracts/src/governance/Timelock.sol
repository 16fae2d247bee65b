// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

// Compiles OpenZeppelin's TimelockController so the deploy script can make it the owner of the
// pool and the staking contract on BNB Smart Chain (DESIGN.md §3, "User protections").
// solhint-disable-next-line no-unused-import
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
