import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { CurrencyIndex, editDistance, type SearchResult, type SymbolGroup } from "../../../src/domain/currency-search.js";
import { mainNetwork, networkName, paymentUri } from "../../../src/domain/networks.js";
import { CURRENCIES } from "../../../src/exchange/sandbox/index.js";
import type { Currency } from "../../../src/service/schemas.js";

function c(symbol: string, network: string, fullname: string, memo = false): Currency {
  return { symbol, network, fullname, image: `https://example.test/${symbol}.svg`, memo, explorer: "https://example.test/tx/" };
}

/**
 * Modelled on the real catalogue: popular coins first, tokens on many networks (not always with
 * the main network first), a meme token whose symbol is "bitcoin", near-miss names.
 */
const FIXTURE: Currency[] = [
  c("btc", "btc", "Bitcoin"),
  c("btc", "ln", "Bitcoin"),
  c("btc", "bsc", "Bitcoin"),
  c("eth", "eth", "Ethereum"),
  c("eth", "arb", "Ethereum"),
  c("eth", "bsc", "Ethereum"),
  c("eth", "op", "Ethereum"),
  c("eth", "base", "Ethereum"),
  c("usdt", "eth", "Tether"),
  c("usdt", "bsc", "Tether"),
  c("usdt", "sol", "Tether"),
  c("usdt", "trx", "Tether"),
  c("usdt", "ton", "Tether", true),
  c("usdt", "pol", "Tether"),
  c("usdt", "arb", "Tether"),
  c("usdt", "avaxc", "Tether"),
  c("bnb", "eth", "BNB"),
  c("bnb", "bsc", "BNB"),
  c("xrp", "xrp", "Ripple", true),
  c("sol", "sol", "Solana"),
  c("usdc", "eth", "USD Coin"),
  c("usdc", "bsc", "USD Coin"),
  c("usdc", "sol", "USD Coin"),
  c("usdc", "trx", "USD Coin"),
  c("usdc", "base", "USD Coin"),
  c("usdc", "arb", "USD Coin"),
  c("doge", "doge", "Dogecoin"),
  c("ton", "ton", "Toncoin", true),
  c("trx", "trx", "Tron"),
  c("ltc", "ltc", "Litecoin"),
  c("ada", "ada", "Cardano"),
  c("xmr", "xmr", "Monero"),
  c("bch", "bch", "Bitcoin Cash"),
  c("bsv", "bsv", "Bitcoin SV"),
  c("dot", "dot", "Polkadot"),
  c("avax", "avaxc", "Avalanche"),
  c("etc", "etc", "Ethereum Classic"),
  c("wbtc", "eth", "Wrapped Bitcoin"),
  c("wbtc", "arb", "Wrapped Bitcoin"),
  c("kas", "kas", "Kaspa"),
  c("dgb", "dgb", "DigiByte"),
  c("xaut", "eth", "Tether Gold"),
  c("eurt", "eth", "Tether EURt"),
  c("not", "ton", "Notcoin", true),
  c("cbbtc", "base", "Coinbase Wrapped BTC"),
  c("usdce", "arb", "USD Coin Bridged"),
  c("bitcoin", "eth", "HarryPotterObamaSonic10Inu"),
  c("bitci", "bsc", "Bicicoin"),
  c("btc.b", "avaxc", "Bitcoin Avalanche Bridged"),
];

const index = new CurrencyIndex(FIXTURE);

const pairOf = (currency: Currency | undefined) => (currency === undefined ? undefined : `${currency.symbol}/${currency.network}`);
const symbolsOf = (groups: SymbolGroup[]) => groups.map((group) => group.symbol);

function exact(result: SearchResult): string | undefined {
  return result.kind === "exact" ? pairOf(result.currency) : `(${result.kind})`;
}
function networksOf(result: SearchResult): string[] {
  return result.kind === "networks" ? result.group.currencies.map((currency) => currency.network) : [`(${result.kind})`];
}
function matchesOf(result: SearchResult): string[] {
  return result.kind === "matches" ? symbolsOf(result.groups) : [`(${result.kind})`];
}
function suggestionsOf(result: SearchResult): string[] {
  return result.kind === "none" ? symbolsOf(result.suggestions) : [`(${result.kind})`];
}

describe("CurrencyIndex: exact symbols", () => {
  it("offers every network of a symbol listed on several, main network first, then catalogue order", () => {
    expect(networksOf(index.search("usdt"))).toEqual(["trx", "eth", "bsc", "sol", "ton", "pol", "arb", "avaxc"]);
    expect(networksOf(index.search("btc"))).toEqual(["btc", "ln", "bsc"]);
    expect(networksOf(index.search("usdc"))).toEqual(["eth", "bsc", "sol", "trx", "base", "arb"]);
    // BNB is listed on eth first, but a bare "bnb" means BNB Smart Chain.
    expect(networksOf(index.search("bnb"))).toEqual(["bsc", "eth"]);
  });

  it("gives the currency itself when the symbol lives on one network", () => {
    expect(exact(index.search("xmr"))).toBe("xmr/xmr");
    expect(exact(index.search("not"))).toBe("not/ton");
    expect(exact(index.search("btc.b"))).toBe("btc.b/avaxc");
  });

  it("ignores case, surrounding whitespace and a leading $", () => {
    expect(networksOf(index.search("  USDT ")).at(0)).toBe("trx");
    expect(networksOf(index.search("$usdt")).at(0)).toBe("trx");
    expect(networksOf(index.search("$ Btc")).at(0)).toBe("btc");
    expect(exact(index.search("$XMR"))).toBe("xmr/xmr");
  });

  it("exposes groups and pairs directly", () => {
    expect(
      index
        .group("USDT")
        ?.currencies.map((currency) => currency.network)
        .slice(0, 2),
    ).toEqual(["trx", "eth"]);
    expect(index.group("usdt")?.fullname).toBe("Tether");
    expect(index.group("nope")).toBeUndefined();
    expect(pairOf(index.find("USDT", "TRX"))).toBe("usdt/trx");
    expect(index.find("usdt", "xrp")).toBeUndefined();
  });

  it("keeps the first of duplicate listings", () => {
    const first = c("btc", "btc", "Bitcoin");
    const duplicated = new CurrencyIndex([first, c("btc", "btc", "Bitcoin again"), c("btc", "ln", "Bitcoin")]);
    expect(duplicated.find("btc", "btc")).toBe(first);
    expect(networksOf(duplicated.search("btc"))).toEqual(["btc", "ln"]);
  });
});

describe("CurrencyIndex: symbol and network", () => {
  it.each([
    "usdt trx",
    "usdt-trx",
    "usdt/trx",
    "usdt_trx",
    "usdt:trx",
    "USDT (TRX)",
    "usdt(trx)",
    "  Usdt   TRX ",
    "$usdt trx",
    "usdt - trx",
  ])("%j is USDT on Tron", (query) => {
    expect(exact(index.search(query))).toBe("usdt/trx");
  });

  it("accepts the network by the start of its readable name, a token standard or an alias", () => {
    expect(exact(index.search("usdt tron"))).toBe("usdt/trx");
    expect(exact(index.search("usdt trc20"))).toBe("usdt/trx");
    expect(exact(index.search("USDT (TRC-20)"))).toBe("usdt/trx");
    expect(exact(index.search("usdt erc20"))).toBe("usdt/eth");
    expect(exact(index.search("usdt ethereum"))).toBe("usdt/eth");
    expect(exact(index.search("usdt bep-20"))).toBe("usdt/bsc");
    expect(exact(index.search("usdt bnb smart"))).toBe("usdt/bsc");
    expect(exact(index.search("usdt polygon"))).toBe("usdt/pol");
    expect(exact(index.search("usdt matic"))).toBe("usdt/pol");
    expect(exact(index.search("usdt avalanche"))).toBe("usdt/avaxc");
    expect(exact(index.search("usdt avax"))).toBe("usdt/avaxc");
    expect(exact(index.search("eth arbitrum"))).toBe("eth/arb");
    expect(exact(index.search("btc lightning"))).toBe("btc/ln");
    expect(exact(index.search("btc ln"))).toBe("btc/ln");
  });

  it("accepts the coin by its one-word name", () => {
    expect(exact(index.search("tether tron"))).toBe("usdt/trx");
    expect(exact(index.search("Bitcoin Lightning"))).toBe("btc/ln");
  });

  it("narrows the networks when the network part fits several", () => {
    // "b…" is both BNB Smart Chain and Base for USDC.
    expect(networksOf(index.search("usdc b"))).toEqual(["bsc", "base"]);
  });

  it("offers all networks when the network part fits none", () => {
    expect(networksOf(index.search("usdt foo"))).toEqual(networksOf(index.search("usdt")));
  });

  it("still reads multi-word names whose first word is a symbol", () => {
    expect(matchesOf(index.search("bitcoin cash")).at(0)).toBe("bch");
  });
});

describe("CurrencyIndex: partial matches", () => {
  it("finds a coin by name, best first", () => {
    expect(matchesOf(index.search("tether"))).toEqual(["usdt", "xaut", "eurt"]);
    expect(matchesOf(index.search("Tether"))).toEqual(["usdt", "xaut", "eurt"]);
  });

  it("lists Bitcoin before the other Bitcoin-named coins for 'bitc'", () => {
    const found = matchesOf(index.search("bitc"));
    expect(found.slice(0, 3)).toEqual(["btc", "bch", "bsv"]);
    expect(found).toEqual(expect.arrayContaining(["wbtc", "bitcoin", "bitci", "btc.b"]));
  });

  it("ranks exact over prefixes over later words over substrings, whatever the catalogue order", () => {
    // Listed worst first, so only the ranking can put them in order.
    const ranked = new CurrencyIndex([
      c("sub", "eth", "Bitcoinx"),
      c("wrd", "eth", "Some Coin"),
      c("pre", "eth", "Coin Prefix"),
      c("coinx", "eth", "Something"),
      c("cn", "eth", "Coin"),
    ]);
    // Symbol and name prefixes share a tier, in catalogue order (see the 'bitc' case).
    expect(matchesOf(ranked.search("coin"))).toEqual(["cn", "pre", "coinx", "wrd", "sub"]);
    expect(matchesOf(index.search("coin")).slice(0, 3)).toEqual(["cbbtc", "usdc", "usdce"]);
    // Symbol substrings count too.
    expect(matchesOf(index.search("sdt"))).toEqual(["usdt"]);
  });

  it("breaks ties by catalogue order", () => {
    expect(matchesOf(index.search("us"))).toEqual(["usdt", "usdc", "usdce"]);
    expect(matchesOf(index.search("ethereum"))).toEqual(["eth", "etc"]);
  });

  it("does not let a token named after a coin's name hide the coin", () => {
    // "bitcoin" is also the symbol of a meme token listed much later.
    expect(matchesOf(index.search("bitcoin")).slice(0, 2)).toEqual(["btc", "bitcoin"]);
  });

  it("caps the list", () => {
    const many = new CurrencyIndex(Array.from({ length: 40 }, (_, i) => c(`tok${i}`, "eth", `Token ${i}`)));
    const result = many.search("tok");
    expect(result.kind).toBe("matches");
    expect(matchesOf(result)).toHaveLength(12);
    expect(matchesOf(result).slice(0, 3)).toEqual(["tok0", "tok1", "tok2"]);
  });
});

describe("CurrencyIndex: nothing found", () => {
  it("suggests close matches for typos", () => {
    expect(suggestionsOf(index.search("bitcon")).at(0)).toBe("btc");
    expect(suggestionsOf(index.search("etherium")).at(0)).toBe("eth");
    expect(suggestionsOf(index.search("usdtt")).at(0)).toBe("usdt");
    expect(suggestionsOf(index.search("tehter")).at(0)).toBe("usdt"); // a swap of two letters is one typo
    expect(suggestionsOf(index.search("Litecion")).at(0)).toBe("ltc");
    expect(suggestionsOf(index.search("ustd"))).toContain("usdt");
  });

  it("prefers whole names to a single word of a longer name", () => {
    const found = suggestionsOf(index.search("bitcon"));
    expect(found.slice(0, 2)).toEqual(["btc", "bitcoin"]);
    expect(found).toContain("wbtc");
  });

  it("has no suggestions for what resembles nothing", () => {
    expect(index.search("zzzzzz")).toEqual({ kind: "none", suggestions: [] });
    expect(index.search("qwertyuiop")).toEqual({ kind: "none", suggestions: [] });
  });

  it.each(["", "   ", "$", "???", "-/_:", "🙂"])("answers none for %j", (query) => {
    expect(index.search(query)).toEqual({ kind: "none", suggestions: [] });
  });

  it("refuses queries over 64 characters, quickly", () => {
    expect(index.search("bitcoin ".repeat(9))).toEqual({ kind: "none", suggestions: [] });
    const huge = "bitcoin".repeat(1500); // ~10 kB
    const start = performance.now();
    for (let i = 0; i < 100; i++) expect(index.search(huge)).toEqual({ kind: "none", suggestions: [] });
    expect(performance.now() - start).toBeLessThan(100);
  });
});

describe("CurrencyIndex.popular", () => {
  it("starts with the well-known currencies that are present", () => {
    expect(index.popular(8).map(pairOf)).toEqual([
      "btc/btc",
      "eth/eth",
      "usdt/trx",
      "usdt/eth",
      "usdc/eth",
      "sol/sol",
      "ton/ton",
      "xrp/xrp",
    ]);
  });

  it("falls back to each symbol's main network in catalogue order, without repeats", () => {
    const all = index.popular(1000);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(FIXTURE.length);
    const unknown = new CurrencyIndex([c("foo", "eth", "Foo"), c("bar", "bsc", "Bar"), c("bar", "bar", "Bar"), c("baz", "sol", "Baz")]);
    expect(unknown.popular(3).map(pairOf)).toEqual(["foo/eth", "bar/bar", "baz/sol"]);
    expect(unknown.popular(0)).toEqual([]);
  });
});

describe("CurrencyIndex over the sandbox catalogue", () => {
  it("finds every listed currency by symbol and network", () => {
    const sandbox = new CurrencyIndex(CURRENCIES);
    for (const currency of CURRENCIES) {
      expect(exact(sandbox.search(`${currency.symbol} ${currency.network}`))).toBe(pairOf(currency));
      const bare = sandbox.search(currency.symbol);
      const found = bare.kind === "exact" ? [bare.currency] : bare.kind === "networks" ? bare.group.currencies : [];
      expect(found.map(pairOf)).toContain(pairOf(currency));
    }
  });
});

describe("editDistance", () => {
  /** The textbook table, to check the bit-parallel version against. */
  function reference(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
        d[i]![j] = value;
      }
    }
    return at(a.length, b.length);
  }

  it("agrees with the table on random strings up to 32 characters", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = (max: number) => Array.from({ length: Math.floor(random() * (max + 1)) }, () => "abcé"[Math.floor(random() * 4)]).join("");
    for (let n = 0; n < 1500; n++) {
      const a = word(32);
      const b = word(40);
      expect(editDistance(a, b), `${a} → ${b}`).toBe(reference(a, b));
    }
  });

  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("tehter", "tether")).toBe(1);
    expect(editDistance("bitcon", "bitcoin")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("networkName", () => {
  it("names the common networks", () => {
    expect(networkName("btc")).toBe("Bitcoin");
    expect(networkName("eth")).toBe("Ethereum (ERC-20)");
    expect(networkName("trx")).toBe("Tron (TRC-20)");
    expect(networkName("bsc")).toBe("BNB Smart Chain (BEP-20)");
    expect(networkName("ln")).toBe("Lightning Network");
    expect(networkName("pol")).toBe("Polygon");
    expect(networkName("matic")).toBe("Polygon");
    expect(networkName("avaxc")).toBe("Avalanche C-Chain");
    expect(networkName("XRP")).toBe("XRP Ledger");
  });

  it("falls back to the native coin's name from the catalogue, then to the code", () => {
    expect(networkName("dgb", FIXTURE)).toBe("DigiByte");
    expect(networkName("dgb")).toBe("DGB");
    expect(networkName("zzz", FIXTURE)).toBe("ZZZ");
    // The native listing names the chain even when a bridged one comes first.
    expect(networkName("abc", [c("abc", "eth", "ABC (bridged)"), c("abc", "abc", "Abc Chain")])).toBe("Abc Chain");
  });
});

describe("mainNetwork", () => {
  it("prefers the symbol's own chain", () => {
    expect(mainNetwork("btc", ["eth", "bsc", "btc"])).toBe("btc");
    expect(mainNetwork("eth", ["bsc", "eth"])).toBe("eth");
  });

  it("uses the built-in preference for well-known tokens", () => {
    expect(mainNetwork("usdt", ["eth", "bsc", "trx"])).toBe("trx");
    expect(mainNetwork("usdt", ["bsc", "eth"])).toBe("eth");
    expect(mainNetwork("usdc", ["bsc", "sol", "eth"])).toBe("eth");
    expect(mainNetwork("bnb", ["eth", "bsc"])).toBe("bsc");
    expect(mainNetwork("avax", ["bsc", "avaxc", "avax"])).toBe("avax");
  });

  it("otherwise takes the first listed", () => {
    expect(mainNetwork("usdt", ["bsc", "sol"])).toBe("bsc");
    expect(mainNetwork("pepe", ["bsc", "eth"])).toBe("eth");
    expect(mainNetwork("foo", ["sol", "eth"])).toBe("sol");
    expect(mainNetwork("foo", [])).toBe("");
  });
});

describe("paymentUri", () => {
  it("builds BIP-21 style URIs with the amount when given", () => {
    expect(paymentUri("btc", "btc", "bc1qexample")).toBe("bitcoin:bc1qexample");
    expect(paymentUri("btc", "btc", "bc1qexample", "0.0100")).toBe("bitcoin:bc1qexample?amount=0.01");
    expect(paymentUri("ltc", "ltc", "ltc1qexample", "2")).toBe("litecoin:ltc1qexample?amount=2");
    expect(paymentUri("doge", "doge", "DExample", "150.5")).toBe("dogecoin:DExample?amount=150.5");
  });

  it("does not repeat a scheme the address already carries", () => {
    expect(paymentUri("bch", "bch", "bitcoincash:qpexample", "1")).toBe("bitcoincash:qpexample?amount=1");
    expect(paymentUri("bch", "bch", "qpexample")).toBe("bitcoincash:qpexample");
  });

  it("uses each standard's own amount field", () => {
    expect(paymentUri("eth", "eth", "0xAbC", "1.5")).toBe("ethereum:0xAbC?value=1500000000000000000"); // EIP-681: wei
    expect(paymentUri("xmr", "xmr", "44Example", "0.25")).toBe("monero:44Example?tx_amount=0.25");
  });

  it("has none for tokens, bridged coins, memo networks or chains without a standard", () => {
    expect(paymentUri("usdt", "eth", "0xAbC", "10")).toBeUndefined();
    expect(paymentUri("btc", "bsc", "0xAbC")).toBeUndefined();
    expect(paymentUri("xrp", "xrp", "rExample")).toBeUndefined();
    expect(paymentUri("usdt", "trx", "TExample")).toBeUndefined();
    expect(paymentUri("btc", "btc", "  ")).toBeUndefined();
  });

  it("leaves out amounts that are not positive decimals", () => {
    expect(paymentUri("btc", "btc", "bc1q", "abc")).toBe("bitcoin:bc1q");
    expect(paymentUri("btc", "btc", "bc1q", "0")).toBe("bitcoin:bc1q");
    expect(paymentUri("btc", "btc", "bc1q", "-1")).toBe("bitcoin:bc1q");
  });
});
