import {
  DEVNET_CHAINS,
  PRICE_DECIMALS,
  SILVER_FEED_DECIMALS,
  TOKEN_NAMES,
  numberToUnits,
  silverGramPrice,
  unitsToNumber,
  type DevnetChainName,
  type TokenName,
} from '@xsd/contracts';
import { seededRandom } from '@xsd/contracts/rules/random';

/** Prices as they stand on the devnet: every number is exactly representable on chain. */
export interface MarketSnapshot {
  /** Steps taken since the start (manual settings do not count). */
  readonly step: number;
  /** Chainlink XAG/USD answer, USD per troy ounce, 8 decimals. */
  readonly silverOuncePrice: number;
  /** silverOuncePrice / 31.1034768, unrounded (what the product derives). */
  readonly silverGramPrice: number;
  /** Per chain, the price controller's answers in USD, 6 decimals. */
  readonly prices: Readonly<Record<DevnetChainName, Readonly<Record<TokenName, number>>>>;
}

export interface MarketSimulatorOptions {
  readonly seed: number;
  /** USD per troy ounce at the start (default 31.10, so about 1.00 USD per gram). */
  readonly silverOuncePrice?: number;
  /** BankX's USD level at the start (default 0.42). */
  readonly bankxPrice?: number;
}

export const DEFAULT_SILVER_OUNCE_PRICE = 31.1;
export const DEFAULT_BANKX_PRICE = 0.42;

// Per step: log-price moves (standard deviation) and pulls back toward the start level, so a
// devnet left running for days stays in a readable range. XSD's per-chain deviation from the
// silver gram price reverts quickly and never leaves +-5 %.
const SILVER_VOLATILITY = 0.002;
const SILVER_REVERSION = 0.02;
const BANKX_VOLATILITY = 0.01;
const BANKX_REVERSION = 0.01;
const XSD_DEVIATION_VOLATILITY = 0.002;
const XSD_DEVIATION_REVERSION = 0.2;
const XSD_MAX_DEVIATION = 0.05;
const BANKX_CHAIN_VOLATILITY = 0.003;
const BANKX_CHAIN_REVERSION = 0.2;
const BANKX_MAX_CHAIN_DEVIATION = 0.1;

/**
 * A seedable market for the devnet: silver on a mean-reverting random walk, XSD on each chain
 * around the silver gram price, BankX on its own walk with small per-chain differences (so the
 * arbitrage screen has something to find). Pure: no clock, no I/O.
 */
export class MarketSimulator {
  private readonly random: () => number;
  private readonly silverAnchor: number;
  private readonly bankxAnchor: number;
  private silverOunce: number;
  private bankxLevel: number;
  private readonly xsdDeviation = new Map<DevnetChainName, number>();
  private readonly bankxDeviation = new Map<DevnetChainName, number>();
  private current: MarketSnapshot;

  constructor(options: MarketSimulatorOptions) {
    this.random = seededRandom(options.seed);
    this.silverAnchor = this.silverOunce = options.silverOuncePrice ?? DEFAULT_SILVER_OUNCE_PRICE;
    this.bankxAnchor = this.bankxLevel = options.bankxPrice ?? DEFAULT_BANKX_PRICE;
    for (const chain of DEVNET_CHAINS) {
      this.xsdDeviation.set(chain, clamp(0.004 * this.normal(), XSD_MAX_DEVIATION));
      this.bankxDeviation.set(chain, clamp(0.01 * this.normal(), BANKX_MAX_CHAIN_DEVIATION));
    }
    this.current = this.quote(0);
  }

  snapshot(): MarketSnapshot {
    return this.current;
  }

  /** Moves every price one tick. */
  step(): MarketSnapshot {
    this.silverOunce = walk(this.silverOunce, this.silverAnchor, SILVER_REVERSION, SILVER_VOLATILITY * this.normal());
    this.bankxLevel = walk(this.bankxLevel, this.bankxAnchor, BANKX_REVERSION, BANKX_VOLATILITY * this.normal());
    for (const chain of DEVNET_CHAINS) {
      const xsd = this.xsdDeviation.get(chain)! * (1 - XSD_DEVIATION_REVERSION) + XSD_DEVIATION_VOLATILITY * this.normal();
      this.xsdDeviation.set(chain, clamp(xsd, XSD_MAX_DEVIATION));
      const bankx = this.bankxDeviation.get(chain)! * (1 - BANKX_CHAIN_REVERSION) + BANKX_CHAIN_VOLATILITY * this.normal();
      this.bankxDeviation.set(chain, clamp(bankx, BANKX_MAX_CHAIN_DEVIATION));
    }
    this.current = this.quote(this.current.step + 1);
    return this.current;
  }

  /**
   * Sets one price now (0 allowed, to test the product's filters); the walk continues from it on
   * the next step.
   */
  setTokenPrice(chain: DevnetChainName, token: TokenName, price: number): MarketSnapshot {
    if (!Number.isFinite(price) || price < 0) throw new Error(`A token price must be 0 or more, got ${price}`);
    const quantized = unitsToNumber(numberToUnits(price, PRICE_DECIMALS), PRICE_DECIMALS);
    if (token === 'XSD') this.xsdDeviation.set(chain, quantized / silverGramPrice(this.silverOunce) - 1);
    else this.bankxDeviation.set(chain, quantized / this.bankxLevel - 1);
    const prices = { ...this.current.prices, [chain]: { ...this.current.prices[chain], [token]: quantized } };
    this.current = { ...this.current, prices };
    return this.current;
  }

  /**
   * Sets the feed's ounce price now (any value an int256 holds, to test the product's filters);
   * token prices follow on the next step.
   */
  setSilverOuncePrice(price: number): MarketSnapshot {
    if (!Number.isFinite(price)) throw new Error(`A silver price must be finite, got ${price}`);
    const quantized = unitsToNumber(numberToUnits(price, SILVER_FEED_DECIMALS), SILVER_FEED_DECIMALS);
    // The walk continues from a usable level when a test set the feed to 0 or below.
    this.silverOunce = quantized > 0 ? quantized : this.silverAnchor;
    this.current = {
      ...this.current,
      silverOuncePrice: quantized,
      silverGramPrice: silverGramPrice(quantized),
    };
    return this.current;
  }

  private quote(step: number): MarketSnapshot {
    const silverOuncePrice = quantize(this.silverOunce, SILVER_FEED_DECIMALS);
    const gram = silverGramPrice(silverOuncePrice);
    const prices = Object.fromEntries(
      DEVNET_CHAINS.map((chain) => [
        chain,
        Object.fromEntries(
          TOKEN_NAMES.map((token) => [
            token,
            token === 'XSD'
              ? quantize(gram * (1 + this.xsdDeviation.get(chain)!), PRICE_DECIMALS)
              : quantize(this.bankxLevel * (1 + this.bankxDeviation.get(chain)!), PRICE_DECIMALS),
          ]),
        ),
      ]),
    ) as Record<DevnetChainName, Record<TokenName, number>>;
    return { step, silverOuncePrice, silverGramPrice: gram, prices };
  }

  /** Standard normal by Box-Muller from two uniforms. */
  private normal(): number {
    const u = 1 - this.random(); // (0, 1]
    const v = this.random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

function walk(value: number, anchor: number, reversion: number, shock: number): number {
  const log = Math.log(value);
  return Math.exp(log + reversion * (Math.log(anchor) - log) + shock);
}

function clamp(value: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, value));
}

/** Rounds to what the chain can hold (at least one unit, so a walk never reaches 0). */
function quantize(price: number, decimals: number): number {
  const units = numberToUnits(price, decimals);
  return unitsToNumber(units > 0n ? units : 1n, decimals);
}
