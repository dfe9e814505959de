import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { CurrencyIndex } from "../src/domain/currency-search.js";
import type { Currency } from "../src/service/schemas.js";

/** What users type, by kind: symbols, names and prefixes, typos, symbol + network in every spelling, junk. */
const QUERIES: Readonly<Record<string, readonly string[]>> = {
  symbol: [
    "btc",
    "eth",
    "usdt",
    "usdc",
    "sol",
    "ton",
    "xrp",
    "ltc",
    "doge",
    "trx",
    "bnb",
    "xmr",
    "BTC",
    "$eth",
    " Usdt ",
    "pepe",
    "shib",
    "not",
    "kas",
    "wbtc",
    "sui",
    "apt",
  ],
  name: [
    "bitcoin",
    "ethereum",
    "tether",
    "usd coin",
    "solana",
    "toncoin",
    "ripple",
    "litecoin",
    "monero",
    "cardano",
    "bitcoin cash",
    "ethereum classic",
  ],
  prefix: ["bitc", "eth", "us", "te", "sh", "do", "a", "coin", "cash", "wrapped", "inu", "dog"],
  typo: [
    "bitcon",
    "etherium",
    "usdtt",
    "solanna",
    "tehter",
    "litecion",
    "dogecoyn",
    "cardan",
    "polkadto",
    "moneroo",
    "qwertyuiop",
    "zzzzzz",
  ],
  pair: [
    "usdt trx",
    "usdt-trx",
    "usdt/eth",
    "USDT (TRX)",
    "usdt_bsc",
    "usdc:sol",
    "usdt tron",
    "usdt trc20",
    "usdc base",
    "eth arb",
    "btc ln",
    "btc lightning",
    "usdt bnb",
    "usdt polygon",
    "usdt avalanche",
    "usdc arbitrum",
    "tether tron",
  ],
  junk: ["", "???", "x".repeat(80), "bitcoin".repeat(1500)],
};
const SEARCHES = 10_000;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/**
 * Search at real catalogue scale, from the shared snapshot when it is present
 * (it never ships with the project, so its absence is not an error).
 */
export async function searchAtScale(): Promise<Record<string, string | number>> {
  const file = resolve(process.cwd(), "../shared/data/currencies.json");
  if (!existsSync(file)) return { skipped: "shared/data not found" };
  const currencies = JSON.parse(readFileSync(file, "utf8")) as Currency[];

  const buildStart = performance.now();
  const index = new CurrencyIndex(currencies);
  const buildMs = performance.now() - buildStart;
  // A catalogue refresh rebuilds in a warm process.
  const rebuildStart = performance.now();
  new CurrencyIndex(currencies);
  const rebuildMs = performance.now() - rebuildStart;

  const queries = Object.entries(QUERIES).flatMap(([kind, list]) => list.map((query) => ({ kind, query })));
  // Warm up so the figures describe steady state, not the JIT.
  for (const { query } of queries) index.search(query);

  const times: number[] = [];
  const byKind = new Map<string, { total: number; count: number }>();
  const resultKinds = new Map<string, number>();
  for (let i = 0; i < SEARCHES; i++) {
    const { kind, query } = queries[i % queries.length] ?? { kind: "junk", query: "" };
    const start = performance.now();
    const result = index.search(query);
    const micros = (performance.now() - start) * 1000;
    times.push(micros);
    const sums = byKind.get(kind) ?? { total: 0, count: 0 };
    byKind.set(kind, { total: sums.total + micros, count: sums.count + 1 });
    resultKinds.set(result.kind, (resultKinds.get(result.kind) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const meanByKind = Object.fromEntries(
    [...byKind].map(([kind, { total, count }]) => [`mean for ${kind} queries (µs)`, round(total / count, 1)]),
  );

  const networksShown = (symbol: string): number => {
    const result = index.search(symbol);
    return result.kind === "networks" ? result.group.currencies.length : result.kind === "exact" ? 1 : 0;
  };

  return {
    entries: currencies.length,
    symbols: new Set(currencies.map((currency) => currency.symbol)).size,
    "build time, cold (ms)": round(buildMs, 1),
    "rebuild time, warm (ms)": round(rebuildMs, 1),
    searches: SEARCHES,
    "mean per search (µs)": round(mean, 1),
    "p99 per search (µs)": round(percentile(times, 0.99), 1),
    "max per search (µs)": round(times[times.length - 1] ?? Number.NaN, 1),
    ...meanByKind,
    'networks shown for "usdt"': networksShown("usdt"),
    'networks shown for "usdc"': networksShown("usdc"),
    "heap used (MB)": round(process.memoryUsage().heapUsed / 2 ** 20, 1),
    "results by kind": [...resultKinds].map(([kind, count]) => `${kind} ${count}`).join(", "),
  };
}
