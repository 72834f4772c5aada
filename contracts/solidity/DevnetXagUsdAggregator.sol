// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Devnet stand-in for Chainlink's XAG/USD aggregator.
/// @notice Answers USD per troy ounce of silver with 8 decimals through the AggregatorV3
///         interface (`latestRoundData`, `decimals`) and the legacy `latestAnswer`. The devnet
///         places this runtime code with `anvil_setCode`, so no constructor runs: there is no
///         round until `setAnswer` is called (latestRoundData then answers round 0 with 0).
/// @dev DEVNET ONLY. `setAnswer` is open to anyone on purpose (the market simulator calls it);
///      never deploy this on a real network.
contract DevnetXagUsdAggregator {
    uint8 public constant decimals = 8;
    string public constant description = "XAG / USD";
    uint256 public constant version = 4;

    /// Storage slot 0.
    uint80 public latestRound;
    /// Storage slot 1.
    int256 public latestAnswer;
    /// Storage slot 2.
    uint256 public latestTimestamp;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    function setAnswer(int256 answer) external {
        latestRound += 1;
        latestAnswer = answer;
        latestTimestamp = block.timestamp;
        emit AnswerUpdated(answer, latestRound, block.timestamp);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return (latestRound, latestAnswer, latestTimestamp, latestTimestamp, latestRound);
    }
}
