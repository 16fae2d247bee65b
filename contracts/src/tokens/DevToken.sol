// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title DevToken
/// @notice A plain 18-decimal ERC20 with an owner-only mint. Deployed for USDT, DWN9, DWN, A8 and
/// UDBK on the local devnet only, so the seed script can fund demo accounts; production uses the
/// real token addresses.
contract DevToken is ERC20, Ownable {
    constructor(string memory name_, string memory symbol_, address owner_) ERC20(name_, symbol_) Ownable(owner_) {}

    /// @notice Mints `amount` to `to`.
    /// Requirements:
    /// - the caller is the owner.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
