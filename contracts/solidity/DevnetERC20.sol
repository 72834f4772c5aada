// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Minimal 18-decimal ERC-20 for the devnet.
/// @notice The devnet places the runtime code with `anvil_setCode`, so no constructor runs: the
///         name and symbol are constants of each concrete token below, and the supply starts at 0.
/// @dev DEVNET ONLY. `mint` is open to anyone on purpose (the devnet funds the demo wallets with
///      plain transactions); never deploy this on a real network.
abstract contract DevnetERC20 {
    uint8 public constant decimals = 18;

    /// Storage slot 0.
    uint256 public totalSupply;
    /// Storage slot 1: balanceOf[owner] lives at keccak256(abi.encode(owner, 1)).
    mapping(address => uint256) public balanceOf;
    /// Storage slot 2.
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function name() external pure virtual returns (string memory);

    function symbol() external pure virtual returns (string memory);

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        require(balanceOf[from] >= amount, "ERC20: transfer amount exceeds balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @notice Devnet XSD, the silver-pegged stablecoin.
contract DevnetXSD is DevnetERC20 {
    function name() external pure override returns (string memory) {
        return "XSD Stablecoin";
    }

    function symbol() external pure override returns (string memory) {
        return "XSD";
    }
}

/// @notice Devnet BankX, the growth token.
contract DevnetBankX is DevnetERC20 {
    function name() external pure override returns (string memory) {
        return "BankX";
    }

    function symbol() external pure override returns (string memory) {
        return "BankX";
    }
}
