// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Devnet stand-in for the BankX PID controller's price reads.
/// @notice Answers `xsd_updated_price()` and `bankx_updated_price()` in USD with 6 decimals,
///         like the mainnet controller. The devnet places this runtime code with `anvil_setCode`,
///         so no constructor runs: both prices start at 0 until set.
/// @dev DEVNET ONLY. The setters are open to anyone on purpose (the market simulator calls them
///      from an unlocked anvil account); never deploy this on a real network.
contract DevnetPriceController {
    /// Storage slot 0.
    uint256 public xsd_updated_price;
    /// Storage slot 1.
    uint256 public bankx_updated_price;

    event PricesSet(uint256 xsdPrice, uint256 bankxPrice);

    function setPrices(uint256 xsdPrice, uint256 bankxPrice) external {
        xsd_updated_price = xsdPrice;
        bankx_updated_price = bankxPrice;
        emit PricesSet(xsdPrice, bankxPrice);
    }

    function setXsdPrice(uint256 xsdPrice) external {
        xsd_updated_price = xsdPrice;
        emit PricesSet(xsdPrice, bankx_updated_price);
    }

    function setBankxPrice(uint256 bankxPrice) external {
        bankx_updated_price = bankxPrice;
        emit PricesSet(xsd_updated_price, bankxPrice);
    }
}
