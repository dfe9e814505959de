import { Decimal, toDecimalString } from "../money.js";
import type { Currency } from "../service/schemas.js";

/**
 * Readable names for network codes. The service's own network names are unreliable
 * (e.g. "sonic" is called "Algorand", "bsc" just "BNB"), so the common networks get
 * hand-written names, with the token standard where users know a chain by it.
 */
const NETWORK_NAMES: Readonly<Record<string, string>> = {
  btc: "Bitcoin",
  ln: "Lightning Network",
  eth: "Ethereum (ERC-20)",
  bsc: "BNB Smart Chain (BEP-20)",
  opbnb: "opBNB",
  trx: "Tron (TRC-20)",
  sol: "Solana",
  ton: "TON",
  pol: "Polygon",
  matic: "Polygon",
  arb: "Arbitrum One",
  arbnova: "Arbitrum Nova",
  op: "Optimism",
  base: "Base",
  zksync: "zkSync Era",
  linea: "Linea",
  scroll: "Scroll",
  blast: "Blast",
  mnt: "Mantle",
  manta: "Manta Pacific",
  strk: "Starknet",
  avaxc: "Avalanche C-Chain",
  avax: "Avalanche X-Chain",
  xrp: "XRP Ledger",
  ltc: "Litecoin",
  doge: "Dogecoin",
  bch: "Bitcoin Cash",
  bsv: "Bitcoin SV",
  xmr: "Monero",
  etc: "Ethereum Classic",
  dash: "Dash",
  zec: "Zcash",
  xlm: "Stellar",
  atom: "Cosmos Hub",
  ada: "Cardano",
  dot: "Polkadot",
  near: "NEAR Protocol",
  apt: "Aptos",
  sui: "Sui",
  algo: "Algorand",
  hbar: "Hedera",
  xtz: "Tezos",
  eos: "EOS",
  celo: "Celo",
  kava: "Kava",
  kavaevm: "Kava EVM",
  cro: "Cronos",
  egld: "MultiversX",
  klay: "Kaia (Klaytn)",
  ron: "Ronin",
  chz: "Chiliz Chain",
  sonic: "Sonic",
  ftm: "Fantom",
  kas: "Kaspa",
  hype: "Hyperliquid",
  hypeevm: "HyperEVM",
  bera: "Berachain",
  noble: "Noble",
  sei: "Sei",
  seievm: "Sei EVM",
  tia: "Celestia",
  inj: "Injective",
  icp: "Internet Computer",
};

/**
 * Extra words users type for a network that its readable name does not contain.
 * Used by the currency search ("usdt matic", "usdt avax").
 */
export const NETWORK_ALIASES: Readonly<Record<string, readonly string[]>> = {
  pol: ["matic"],
  sol: ["spl"],
  avaxc: ["avax"],
  ton: ["toncoin", "jetton"],
  bsc: ["binance"],
};

/** Caches symbol → fullname per catalogue, so naming 300 networks is not 300 catalogue scans. */
const fullnamesByCatalogue = new WeakMap<readonly Currency[], ReadonlyMap<string, string>>();

function fullnamesOf(catalogue: readonly Currency[]): ReadonlyMap<string, string> {
  let names = fullnamesByCatalogue.get(catalogue);
  if (names === undefined) {
    const map = new Map<string, string>();
    for (const currency of catalogue) {
      if (currency.fullname === "") continue;
      // The native coin (symbol equal to its network) names the chain best.
      if (!map.has(currency.symbol) || currency.network === currency.symbol) map.set(currency.symbol, currency.fullname);
    }
    names = map;
    fullnamesByCatalogue.set(catalogue, names);
  }
  return names;
}

/**
 * A readable name for a network code: the built-in name, else the fullname of the coin
 * with the same symbol (a chain's native coin usually shares its code), else the code upper-cased.
 */
export function networkName(network: string, catalogue?: readonly Currency[]): string {
  const code = network.trim().toLowerCase();
  const builtIn = NETWORK_NAMES[code];
  if (builtIn !== undefined) return builtIn;
  const coin = catalogue === undefined ? undefined : fullnamesOf(catalogue).get(code);
  return coin ?? code.toUpperCase();
}

/** Where a bare token symbol most likely means (by volume), for tokens not native anywhere. */
const PREFERRED_NETWORKS: Readonly<Record<string, readonly string[]>> = {
  usdt: ["trx", "eth"],
  usdc: ["eth", "sol"],
  dai: ["eth"],
  tusd: ["eth"],
  fdusd: ["eth", "bsc"],
  pyusd: ["eth"],
  usde: ["eth"],
  bnb: ["bsc"],
  busd: ["bsc"],
  avax: ["avaxc"],
  matic: ["pol", "eth"],
  pol: ["pol", "eth"],
  wbtc: ["eth"],
  weth: ["eth"],
  shib: ["eth"],
  link: ["eth"],
  uni: ["eth"],
  pepe: ["eth"],
  not: ["ton"],
  trump: ["sol"],
};

/**
 * The network a bare symbol means: its own chain when it has one (btc/btc, eth/eth),
 * else a built-in preference for well-known tokens, else the first listed (catalogue order).
 * Returns "" only when `networks` is empty.
 */
export function mainNetwork(symbol: string, networks: readonly string[]): string {
  const code = symbol.trim().toLowerCase();
  if (networks.includes(code)) return code;
  const preferred = PREFERRED_NETWORKS[code]?.find((network) => networks.includes(network));
  return preferred ?? networks[0] ?? "";
}

interface UriScheme {
  scheme: string;
  /** Query parameter for the amount, and how to write it (amounts in the coin's unit by default). */
  amountParam: string;
  toAmount?: (amount: Decimal) => string | undefined;
  /** Some wallets hand out addresses that already carry the scheme (BCH cashaddr). */
  addressMayHavePrefix?: boolean;
}

/** EIP-681 wants the value in wei, as an integer. */
function toWei(amount: Decimal): string | undefined {
  const wei = amount.times("1e18");
  return wei.isInteger() ? wei.toFixed(0) : undefined;
}

/** Native coins only: a token's URI needs its contract or mint address, which the catalogue lacks. */
const URI_SCHEMES: Readonly<Record<string, UriScheme>> = {
  btc: { scheme: "bitcoin", amountParam: "amount" }, // BIP-21
  ltc: { scheme: "litecoin", amountParam: "amount" },
  doge: { scheme: "dogecoin", amountParam: "amount" },
  bch: { scheme: "bitcoincash", amountParam: "amount", addressMayHavePrefix: true },
  dash: { scheme: "dash", amountParam: "amount" },
  zec: { scheme: "zcash", amountParam: "amount" }, // ZIP-321
  dgb: { scheme: "digibyte", amountParam: "amount" },
  xmr: { scheme: "monero", amountParam: "tx_amount" },
  eth: { scheme: "ethereum", amountParam: "value", toAmount: toWei }, // EIP-681
  sol: { scheme: "solana", amountParam: "amount" }, // Solana Pay transfer request
};

/**
 * A payment URI for the deposit QR code where the network has a standard one, with the amount
 * when given; undefined otherwise (the QR then holds the bare address). Networks that need a
 * memo have no entry: a URI without the memo would send funds that cannot be credited.
 */
export function paymentUri(symbol: string, network: string, address: string, amount?: string): string | undefined {
  const code = network.trim().toLowerCase();
  if (symbol.trim().toLowerCase() !== code) return undefined;
  const spec = URI_SCHEMES[code];
  let target = address.trim();
  if (spec === undefined || target === "") return undefined;
  const prefix = `${spec.scheme}:`;
  if (spec.addressMayHavePrefix === true && target.toLowerCase().startsWith(prefix)) target = target.slice(prefix.length);
  const uri = `${prefix}${encodeURIComponent(target)}`;

  const canonical = amount === undefined ? undefined : toDecimalString(amount);
  if (canonical === undefined) return uri;
  const value = new Decimal(canonical);
  if (!value.isPositive() || value.isZero()) return uri;
  const written = spec.toAmount === undefined ? value.toFixed() : spec.toAmount(value);
  return written === undefined ? uri : `${uri}?${spec.amountParam}=${written}`;
}
