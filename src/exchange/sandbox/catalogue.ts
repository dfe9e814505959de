/**
 * Fixture data of the sandbox exchange: currencies, providers and reference USD prices.
 * Currency entries are copied from a snapshot of the real catalogue (exact symbols, network codes,
 * names, images and explorers), trimmed to a representative set.
 */

export interface SandboxCurrency {
  symbol: string;
  network: string;
  fullname: string;
  image: string;
  memo: boolean;
  explorer: string;
}

export const CURRENCIES: readonly SandboxCurrency[] = [
  { symbol: "btc", network: "btc", fullname: "Bitcoin", image: "https://static.flashift.app/image/coin/Qwsogvtv82FCd/btc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "btc", network: "ln", fullname: "Bitcoin", image: "https://static.flashift.app/image/coin/Qwsogvtv82FCd/btc.svg", memo: false, explorer: "https://explorer.lightningbitcoin.io/tx/" },
  { symbol: "btc", network: "bsc", fullname: "Bitcoin", image: "https://static.flashift.app/image/coin/Qwsogvtv82FCd/btc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "eth", network: "eth", fullname: "Ethereum", image: "https://static.flashift.app/image/coin/razxDUgYGNAdQ/eth.svg", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "eth", network: "arb", fullname: "Ethereum", image: "https://static.flashift.app/image/coin/razxDUgYGNAdQ/eth.svg", memo: false, explorer: "https://arbiscan.io/tx/" },
  { symbol: "eth", network: "op", fullname: "Ethereum", image: "https://static.flashift.app/image/coin/razxDUgYGNAdQ/eth.svg", memo: false, explorer: "https://optimistic.etherscan.io/tx/" },
  { symbol: "eth", network: "base", fullname: "Ethereum", image: "https://static.flashift.app/image/coin/razxDUgYGNAdQ/eth.svg", memo: false, explorer: "https://basescan.org/tx/" },
  { symbol: "eth", network: "bsc", fullname: "Ethereum", image: "https://static.flashift.app/image/coin/razxDUgYGNAdQ/eth.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdt", network: "eth", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "usdt", network: "trx", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdt", network: "bsc", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdt", network: "sol", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdt", network: "ton", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdt", network: "pol", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://polygonscan.com/tx/" },
  { symbol: "usdt", network: "arb", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://arbiscan.io/tx/" },
  { symbol: "usdt", network: "avaxc", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdt", network: "op", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://optimistic.etherscan.io/tx/" },
  { symbol: "usdt", network: "near", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://nearblocks.io/txns/" },
  { symbol: "usdt", network: "apt", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://explorer.aptoslabs.com/txn/" },
  { symbol: "usdt", network: "linea", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://lineascan.build/tx/" },
  { symbol: "usdt", network: "celo", fullname: "Tether", image: "https://static.flashift.app/image/coin/HIVsRcGKkPFtW/usdt.svg", memo: false, explorer: "https://celoscan.io/tx/" },
  { symbol: "usdc", network: "eth", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "usdc", network: "sol", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdc", network: "bsc", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdc", network: "pol", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://polygonscan.com/tx/" },
  { symbol: "usdc", network: "base", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://basescan.org/tx/" },
  { symbol: "usdc", network: "arb", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://arbiscan.io/tx/" },
  { symbol: "usdc", network: "trx", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "usdc", network: "xlm", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "xrp", network: "xrp", fullname: "Ripple", image: "https://static.flashift.app/image/coin/-l8Mn2pVlRs-p/xrp.svg", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "xlm", network: "xlm", fullname: "Stellar", image: "https://static.flashift.app/image/coin/f3iaFeCKEmkaZ/xlm.png", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "ton", network: "ton", fullname: "Toncoin", image: "https://static.flashift.app/image/coin/67YlI0K1b/ton.png", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "atom", network: "atom", fullname: "Cosmos", image: "https://static.flashift.app/image/coin/Knsels4_Ol-Ny/atom.svg", memo: true, explorer: "https://www.mintscan.io/cosmos/tx/" },
  { symbol: "bnb", network: "bsc", fullname: "BNB Smart Chain", image: "https://static.flashift.app/image/coin/WcwrkfNI4FUAe/bnb.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "sol", network: "sol", fullname: "Solana", image: "https://static.flashift.app/image/coin/zNZHO_Sjf/sol.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "trx", network: "trx", fullname: "Tron", image: "https://static.flashift.app/image/coin/qUhEFk1I61atv/trx.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "ltc", network: "ltc", fullname: "Litecoin", image: "https://static.flashift.app/image/coin/D7B1x_ks7WhV5/ltc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "doge", network: "doge", fullname: "Dogecoin", image: "https://static.flashift.app/image/coin/a91GCGd_u96cF/doge.png", memo: false, explorer: "https://explorer.dogechain.dog/tx/" },
  { symbol: "xmr", network: "xmr", fullname: "Monero", image: "https://static.flashift.app/image/coin/3mVx2FX_iJFp5/xmr.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "ada", network: "ada", fullname: "Cardano", image: "https://static.flashift.app/image/coin/qzawljRxB5bYu/ada.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "dot", network: "dot", fullname: "Polkadot", image: "https://static.flashift.app/image/coin/25W7FG7om/dot.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "avax", network: "avaxc", fullname: "Avalanche", image: "https://static.flashift.app/image/coin/dvUj0CzDZ/avax.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "link", network: "eth", fullname: "Chainlink", image: "https://static.flashift.app/image/coin/VLqpJwogdhHNb/link.png", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "dai", network: "eth", fullname: "Dai", image: "https://static.flashift.app/image/coin/MoTuySvg7/dai.png", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "shib", network: "eth", fullname: "Shiba Inu", image: "https://static.flashift.app/image/coin/xz24e0BjL/shib.png", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "pepe", network: "eth", fullname: "Pepe", image: "https://static.flashift.app/image/coin/03WI8NQPF/pepe.png", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "bch", network: "bch", fullname: "Bitcoin Cash", image: "https://static.flashift.app/image/coin/ZlZpzOJo43mIo/bch.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "etc", network: "etc", fullname: "Ethereum Classic", image: "https://static.flashift.app/image/coin/hnfQfsYfeIGUQ/etc.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "near", network: "near", fullname: "NEAR Protocol", image: "https://static.flashift.app/image/coin/DCrsaMv68/near.png", memo: false, explorer: "https://nearblocks.io/txns/" },
  { symbol: "pol", network: "pol", fullname: "Polygon", image: "https://static.flashift.app/image/coin/iDZ0tG-wI/pol.png", memo: false, explorer: "https://polygonscan.com/tx/" },
  { symbol: "uni", network: "eth", fullname: "Uniswap", image: "https://static.flashift.app/image/coin/_H5FVG9iW/uni.png", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "arb", network: "arb", fullname: "Arbitrum", image: "https://static.flashift.app/image/coin/1Uo6s62Oc/arb.png", memo: false, explorer: "https://arbiscan.io/tx/" },
  { symbol: "op", network: "op", fullname: "Optimism", image: "https://static.flashift.app/image/coin/n1p-s_gm1/op.png", memo: false, explorer: "https://optimistic.etherscan.io/tx/" },
  { symbol: "sui", network: "sui", fullname: "Sui", image: "https://static.flashift.app/image/coin/3xJluUMvp/sui.png", memo: false, explorer: "https://suiscan.xyz/mainnet/tx/" },
  { symbol: "apt", network: "apt", fullname: "Aptos", image: "https://static.flashift.app/image/coin/HGYj5JCv5/apt.png", memo: false, explorer: "https://explorer.aptoslabs.com/txn/" },
  { symbol: "hbar", network: "hbar", fullname: "Hedera Hashgraph", image: "https://static.flashift.app/image/coin/jad286TjB/hbar.svg", memo: true, explorer: "https://hashscan.io/mainnet/transaction/" },
  { symbol: "kas", network: "kas", fullname: "Kaspa", image: "https://static.flashift.app/image/coin/V8GxkwWow/kas.png", memo: false, explorer: "https://kaspa.observer/tx/" },
  { symbol: "dash", network: "dash", fullname: "Dash", image: "https://static.flashift.app/image/coin/C9DwH-T7MEGmo/dash.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "zec", network: "zec", fullname: "Zcash", image: "https://static.flashift.app/image/coin/aRGRWLf2RYNq4/zec.png", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "xtz", network: "xtz", fullname: "Tezos", image: "https://static.flashift.app/image/coin/fsIbGOEJWbzxG/xtz.png", memo: false, explorer: "https://tzkt.io/" },
  { symbol: "eos", network: "eos", fullname: "EOS", image: "https://static.flashift.app/image/coin/iAzbfXiBBKkR6/eos.png", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "not", network: "ton", fullname: "Notcoin", image: "https://static.flashift.app/image/coin/2L2Y4ghjj/not.png", memo: true, explorer: "https://blockchair.com/search?q=" },
  { symbol: "wbtc", network: "eth", fullname: "Wrapped Bitcoin", image: "https://static.flashift.app/image/coin/x4WXHge-vvFY/wbtc.svg", memo: false, explorer: "https://etherscan.io/tx/" },
  { symbol: "usdc", network: "algo", fullname: "USD Coin", image: "https://static.flashift.app/image/coin/aKzUVe4Hh_CON/usdc.svg", memo: false, explorer: "https://blockchair.com/search?q=" },
  { symbol: "hive", network: "hive", fullname: "Hive", image: "https://static.flashift.app/image/coin/k_zJYvV5P/hive.svg", memo: true, explorer: "https://hiveblocks.com/tx/" },
];

/** Reference USD price per symbol (decimal strings; quotes are computed with decimal.js). */
export const USD_PRICES: Readonly<Record<string, string>> = {
  btc: "97250.40",
  wbtc: "97180.15",
  eth: "3412.87",
  usdt: "1.0002",
  usdc: "0.9999",
  dai: "1.0001",
  xrp: "2.3145",
  xlm: "0.4237",
  ton: "5.412",
  atom: "6.834",
  bnb: "689.52",
  sol: "189.74",
  trx: "0.2413",
  ltc: "104.86",
  doge: "0.32174",
  xmr: "211.45",
  ada: "0.9521",
  dot: "6.912",
  avax: "36.27",
  link: "21.43",
  shib: "0.00002153",
  pepe: "0.00001187",
  bch: "421.9",
  etc: "26.14",
  near: "5.206",
  pol: "0.4518",
  uni: "13.27",
  arb: "0.7534",
  op: "1.912",
  sui: "4.108",
  apt: "9.021",
  hbar: "0.2817",
  kas: "0.1193",
  dash: "38.4",
  zec: "55.62",
  xtz: "1.204",
  eos: "0.8035",
  not: "0.00712",
  hive: "0.2391",
};

/** Pairs the sandbox declares unsupported in both directions ("symbol/network"). */
export const UNSUPPORTED_PAIRS: readonly (readonly [string, string])[] = [
  ["xmr/xmr", "btc/ln"],
  ["xmr/xmr", "usdt/ton"],
];

export type RateType = "floating" | "fixed";
export type Tag = "Best Rate" | "Recommended" | "AI Best Rate" | "Best In KYC";

export interface ProviderSpec {
  name: string;
  /** Initial availability; exactly one provider starts disabled. */
  enable: boolean;
  rateType: RateType;
  /** Fraction kept by the provider, e.g. "0.004" = 0.4 %. */
  spread: string;
  minUsd: string;
  /** null: the provider gives no maximum. */
  maxUsd: string | null;
  /** Lower is less KYC; the lowest level among the offers gets "Best In KYC". */
  kycLevel: number;
  /** Tags that do not depend on the amounts ("Best Rate" and "Best In KYC" are computed). */
  fixedTags: readonly Tag[];
}

export const PROVIDERS: readonly ProviderSpec[] = [
  { name: "changenow", enable: true, rateType: "floating", spread: "0.0045", minUsd: "10", maxUsd: null, kycLevel: 2, fixedTags: ["Recommended"] },
  { name: "exolix", enable: true, rateType: "floating", spread: "0.0040", minUsd: "15", maxUsd: "50000", kycLevel: 0, fixedTags: [] },
  // The disabled one: it still answers estimates, so clients must filter on getProviders.
  { name: "stealthex", enable: false, rateType: "floating", spread: "0.0090", minUsd: "20", maxUsd: null, kycLevel: 1, fixedTags: [] },
  { name: "simpleswap", enable: true, rateType: "fixed", spread: "0.0110", minUsd: "25", maxUsd: "20000", kycLevel: 2, fixedTags: [] },
  { name: "fixedfloat", enable: true, rateType: "fixed", spread: "0.0095", minUsd: "30", maxUsd: "100000", kycLevel: 3, fixedTags: [] },
  { name: "letsexchange", enable: true, rateType: "floating", spread: "0.0050", minUsd: "12", maxUsd: null, kycLevel: 1, fixedTags: ["AI Best Rate"] },
];
