import type { Currency } from "../service/schemas.js";
import { mainNetwork, NETWORK_ALIASES, networkName } from "./networks.js";

/** One symbol with all its networks: main network first, then catalogue order. */
export interface SymbolGroup {
  symbol: string;
  fullname: string;
  currencies: Currency[];
}

export type SearchResult =
  /** A symbol with its network ("usdt trx", "USDT (TRX)"), or a symbol on exactly one network. */
  | { kind: "exact"; currency: Currency }
  /** An exact symbol on several networks ("usdt"); the user picks one. */
  | { kind: "networks"; group: SymbolGroup }
  /** Partial matches on symbol or name ("tether", "bitc"), best first. */
  | { kind: "matches"; groups: SymbolGroup[] }
  /** Nothing matched; close matches by edit distance, maybe none. */
  | { kind: "none"; suggestions: SymbolGroup[] };

/** Longer queries are not currency names; refusing them early bounds the work per message. */
export const MAX_QUERY_LENGTH = 64;
export const MAX_MATCHES = 12;
export const MAX_SUGGESTIONS = 6;
/** Typo suggestions are computed on 32-bit masks; no coin name worth suggesting is longer. */
const MAX_TYPO_QUERY_LENGTH = 32;

/** What may sit between a symbol and its network: "usdt trx", "usdt-trx", "usdt/trx", "usdt_trx", "usdt:trx", "USDT (TRX)". */
const PAIR_SEPARATORS = /[\s\-/_:()]+/;
const WHITESPACE = /\s+/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Match tiers, best first. */
const Tier = {
  /** The symbol or the whole name equals the query. */
  exact: 0,
  /** The symbol or the name starts with the query. */
  prefix: 1,
  /** A later word of the name starts with the query ("coin" in "USD Coin"). */
  wordPrefix: 2,
  /** The query occurs anywhere else in the symbol or name. */
  substring: 3,
} as const;
type Tier = (typeof Tier)[keyof typeof Tier];

interface Entry {
  group: SymbolGroup;
  /** Position among the symbols in catalogue order: the tie-breaker, since the service lists popular coins first. */
  order: number;
  /** Lower-cased name with whitespace collapsed, compared with the normalized query. */
  name: string;
}

/** Search keys of one network: its code and aliases, and each tail of its readable name squashed ("trontrc20", "trc20"). */
interface NetworkKeys {
  exact: string[];
  prefixes: string[];
}

/** What `searchPair` makes of a query: a result, a known coin whose network it could not place, or not a pair. */
type PairOutcome = { result: SearchResult } | { unplaced: SymbolGroup } | undefined;

/** What a bare symbol most likely means on the first screen, in order; those absent are skipped. */
const POPULAR: readonly (readonly [string, string])[] = [
  ["btc", "btc"],
  ["eth", "eth"],
  ["usdt", "trx"],
  ["usdt", "eth"],
  ["usdc", "eth"],
  ["sol", "sol"],
  ["ton", "ton"],
  ["xrp", "xrp"],
  ["ltc", "ltc"],
  ["doge", "doge"],
  ["trx", "trx"],
  ["bnb", "bsc"],
  ["usdt", "bsc"],
  ["usdt", "sol"],
  ["usdt", "ton"],
  ["xmr", "xmr"],
  ["ada", "ada"],
  ["xlm", "xlm"],
  ["bch", "bch"],
  ["dot", "dot"],
  ["avax", "avaxc"],
  ["usdc", "sol"],
  ["usdc", "bsc"],
  ["pol", "pol"],
];

/** Lower case, single spaces, no leading "$"; undefined for what cannot name a currency. */
function normalizeQuery(query: string): string | undefined {
  let text = query.trim();
  if (text.startsWith("$")) text = text.slice(1).trimStart();
  // Checked before any further work, so a 10 kB message costs one trim.
  if (text.length === 0 || text.length > MAX_QUERY_LENGTH) return undefined;
  if (!LETTER_OR_DIGIT.test(text)) return undefined;
  return text.toLowerCase().replace(WHITESPACE, " ");
}

/** "Tron (TRC-20)" → ["tron", "trc20"]. */
function squashedWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s()]+/)
    .map((word) => word.replace(NOT_LETTER_OR_DIGIT, ""))
    .filter((word) => word !== "");
}

/** Positions after the first where a word starts in an already lower-cased name. */
function wordStartsOf(name: string): number[] {
  const starts: number[] = [];
  for (let i = 1; i < name.length; i++) {
    if (LETTER_OR_DIGIT.test(name.charAt(i)) && !LETTER_OR_DIGIT.test(name.charAt(i - 1))) starts.push(i);
  }
  return starts;
}

/** Keys and the entries each belongs to, collected before sorting. */
class KeyCollector {
  readonly owners = new Map<string, number[]>();

  add(key: string, owner: number): void {
    const list = this.owners.get(key);
    if (list === undefined) this.owners.set(key, [owner]);
    else if (list[list.length - 1] !== owner) list.push(owner);
  }
}

/**
 * Strings sorted once, each with the entries it came from, so all keys starting with a query are
 * one binary search plus a walk over the hits: the cost of a search follows the number of
 * matches, not the size of the catalogue.
 */
class SortedKeys {
  private readonly keys: string[];
  private readonly owners: number[][];

  constructor({ owners }: KeyCollector) {
    // The default sort orders by UTF-16 code units, as `<` does in the lookup, and is native-fast.
    this.keys = [...owners.keys()].sort();
    this.owners = this.keys.map((key) => owners.get(key) ?? []);
  }

  /** Calls `visit` for every owner of every key starting with `prefix`. */
  withPrefix(prefix: string, visit: (owner: number, key: string) => void): void {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.keys[middle] ?? "") < prefix) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.keys.length; i++) {
      const key = this.keys[i] ?? "";
      if (!key.startsWith(prefix)) return;
      for (const owner of this.owners[i] ?? []) visit(owner, key);
    }
  }
}

/**
 * Optimal string alignment distance (Levenshtein plus swaps of adjacent characters) between a
 * pattern of at most 32 characters, given as its per-character bit masks, and a text: Hyyrö's
 * bit-parallel algorithm, one step of a few integer operations per character of the text.
 */
function patternDistance(pattern: PatternMasks, text: string): number {
  const last = 1 << (pattern.length - 1);
  let vp = -1;
  let vn = 0;
  let d0 = 0;
  let previousMatch = 0;
  let distance = pattern.length;
  for (let i = 0; i < text.length; i++) {
    const match = pattern.maskOf(text.charCodeAt(i));
    const swap = ((~d0 & match) << 1) & previousMatch;
    d0 = ((((match & vp) + vp) | 0) ^ vp) | match | vn | swap;
    let hp = vn | ~(d0 | vp);
    let hn = d0 & vp;
    if ((hp & last) !== 0) distance++;
    if ((hn & last) !== 0) distance--;
    hp = (hp << 1) | 1;
    hn = hn << 1;
    vp = hn | ~(d0 | hp);
    vn = hp & d0;
    previousMatch = match;
  }
  return distance;
}

/** For each character, the positions where the pattern has it, as bits. */
class PatternMasks {
  readonly length: number;
  private readonly ascii = new Int32Array(128);
  private readonly other = new Map<number, number>();

  constructor(pattern: string) {
    this.length = pattern.length;
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i);
      if (code < 128) this.ascii[code] = (this.ascii[code] ?? 0) | (1 << i);
      else this.other.set(code, (this.other.get(code) ?? 0) | (1 << i));
    }
  }

  maskOf(code: number): number {
    return code < 128 ? (this.ascii[code] ?? 0) : (this.other.get(code) ?? 0);
  }
}

/** Optimal string alignment distance from `pattern` (at most 32 characters) to `text`; exported for tests. */
export function editDistance(pattern: string, text: string): number {
  if (pattern.length > MAX_TYPO_QUERY_LENGTH) throw new RangeError(`pattern longer than ${MAX_TYPO_QUERY_LENGTH} characters`);
  return pattern.length === 0 ? text.length : patternDistance(new PatternMasks(pattern), text);
}

/**
 * The set of characters in a string as 32 bits (letters exact, the rest folded together).
 * A character one string has and the other lacks costs at least one edit, so differing bits
 * bound the distance from below and rule out most names before any distance is computed.
 */
function characterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) mask |= 1 << (code - 97);
    else if (code >= 48 && code <= 57) mask |= 1 << (26 + (code % 5));
    else mask |= 1 << 31;
  }
  return mask;
}

function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many typos a query of this length may carry and still get suggestions. */
function typoLimit(length: number): number {
  if (length <= 2) return 0;
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}

/**
 * Strings a typo may be aimed at: each symbol, each name, and each name word of 3+ characters
 * (so "bitcon" also finds "Wrapped Bitcoin", after whole names). Sorted by length, so a query
 * only visits the lengths within its typo limit.
 */
class TypoTargets {
  private readonly texts: string[];
  private readonly masks: Int32Array;
  private readonly owners: Int32Array;
  /** 0 for a whole symbol or name, 1 for a single word of a name. */
  private readonly penalties: Uint8Array;
  /** Index of the first target of each length; `byLength[n + 1]` ends them. */
  private readonly byLength: Int32Array;

  constructor(entries: readonly Entry[]) {
    const targets: { text: string; owner: number; penalty: number }[] = [];
    for (const [owner, { group, name }] of entries.entries()) {
      targets.push({ text: group.symbol, owner, penalty: 0 });
      if (name !== "" && name !== group.symbol) targets.push({ text: name, owner, penalty: 0 });
      const words = new Set(name.split(NOT_LETTER_OR_DIGIT).filter((word) => word.length >= 3 && word !== name));
      for (const word of words) targets.push({ text: word, owner, penalty: 1 });
    }
    targets.sort((a, b) => a.text.length - b.text.length); // stable: owners stay in catalogue order
    this.texts = targets.map((target) => target.text);
    this.masks = Int32Array.from(targets, (target) => characterMask(target.text));
    this.owners = Int32Array.from(targets, (target) => target.owner);
    this.penalties = Uint8Array.from(targets, (target) => target.penalty);
    const longest = this.texts[this.texts.length - 1]?.length ?? 0;
    this.byLength = new Int32Array(longest + 2);
    let next = 0;
    for (let length = 0; length <= longest + 1; length++) {
      while (next < this.texts.length && (this.texts[next]?.length ?? 0) < length) next++;
      this.byLength[length] = next;
    }
  }

  /** Best score per owner within `limit` edits: twice the distance, plus one for a single word. */
  scores(query: string, limit: number): Map<number, number> {
    const best = new Map<number, number>();
    const pattern = new PatternMasks(query);
    const mask = characterMask(query);
    const from = this.byLength[Math.max(0, query.length - limit)] ?? this.texts.length;
    const to = this.byLength[Math.min(this.byLength.length - 1, query.length + limit + 1)] ?? this.texts.length;
    for (let i = from; i < to; i++) {
      const targetMask = this.masks[i] ?? 0;
      if (bitCount(mask & ~targetMask) > limit || bitCount(targetMask & ~mask) > limit) continue;
      const distance = patternDistance(pattern, this.texts[i] ?? "");
      if (distance > limit) continue;
      // Doubled so that a word match never beats a whole match one edit closer.
      const score = distance * 2 + (this.penalties[i] ?? 0);
      const owner = this.owners[i] ?? 0;
      const known = best.get(owner);
      if (known === undefined || score < known) best.set(owner, score);
    }
    return best;
  }
}

/**
 * Searches the currency catalogue the way users type in chat. Everything query-independent is
 * built once here: maps for exact symbols, names and pairs, sorted keys for prefix, word and
 * substring matches, and length-sorted targets for typo suggestions.
 */
export class CurrencyIndex {
  private readonly catalogue: readonly Currency[];
  /** One per symbol, in catalogue order (an entry's index is its `order`). */
  private readonly entries: Entry[] = [];
  private readonly bySymbol = new Map<string, Entry>();
  /** Lower-cased exact names, so "bitcoin" finds Bitcoin even if some token uses "bitcoin" as its symbol. */
  private readonly byName = new Map<string, Entry[]>();
  private readonly byPair = new Map<string, Currency>();
  private readonly networkKeys = new Map<string, NetworkKeys>();
  /** Symbols and names (exact and prefix tiers). */
  private readonly starts: SortedKeys;
  /** Name tails from each later word ("coin" from "usd coin"). */
  private readonly wordTails: SortedKeys;
  /** Every other tail of symbols and names, for substrings. */
  private readonly innerTails: SortedKeys;
  private readonly typos: TypoTargets;

  constructor(currencies: readonly Currency[]) {
    this.catalogue = currencies;
    const networksBySymbol = new Map<string, Currency[]>();
    for (const currency of currencies) {
      const key = pairKey(currency.symbol, currency.network);
      if (this.byPair.has(key)) continue; // the first listing wins
      this.byPair.set(key, currency);
      const list = networksBySymbol.get(currency.symbol);
      if (list === undefined) networksBySymbol.set(currency.symbol, [currency]);
      else list.push(currency);
      if (!this.networkKeys.has(currency.network)) this.networkKeys.set(currency.network, this.keysOf(currency.network));
    }

    for (const [symbol, listed] of networksBySymbol) {
      const main = mainNetwork(
        symbol,
        listed.map((currency) => currency.network),
      );
      const ordered = [...listed.filter((c) => c.network === main), ...listed.filter((c) => c.network !== main)];
      const fullname = ordered.find((currency) => currency.fullname !== "")?.fullname ?? "";
      const entry: Entry = {
        group: { symbol, fullname, currencies: ordered },
        order: this.entries.length,
        name: fullname.toLowerCase().replace(WHITESPACE, " ").trim(),
      };
      this.entries.push(entry);
      this.bySymbol.set(symbol, entry);
      if (entry.name !== "") {
        const named = this.byName.get(entry.name);
        if (named === undefined) this.byName.set(entry.name, [entry]);
        else named.push(entry);
      }
    }

    const starts = new KeyCollector();
    const wordTails = new KeyCollector();
    const innerTails = new KeyCollector();
    for (const [index, { group, name }] of this.entries.entries()) {
      starts.add(group.symbol, index);
      for (let i = 1; i < group.symbol.length; i++) innerTails.add(group.symbol.slice(i), index);
      if (name === "") continue;
      starts.add(name, index);
      const wordStarts = new Set(wordStartsOf(name));
      for (let i = 1; i < name.length; i++) {
        if (wordStarts.has(i)) wordTails.add(name.slice(i), index);
        else if (name[i] !== " ") innerTails.add(name.slice(i), index);
      }
    }
    this.starts = new SortedKeys(starts);
    this.wordTails = new SortedKeys(wordTails);
    this.innerTails = new SortedKeys(innerTails);
    this.typos = new TypoTargets(this.entries);
  }

  find(symbol: string, network: string): Currency | undefined {
    return this.byPair.get(pairKey(symbol.trim().toLowerCase(), network.trim().toLowerCase()));
  }

  /** The symbol's networks, main first. The group is shared: do not mutate it. */
  group(symbol: string): SymbolGroup | undefined {
    return this.bySymbol.get(symbol.trim().toLowerCase())?.group;
  }

  /** Popular currencies for the first screen, then each symbol's main network in catalogue order. */
  popular(count: number): Currency[] {
    const picked = new Set<Currency>();
    const take = (currency: Currency | undefined): boolean => {
      if (currency !== undefined) picked.add(currency);
      return picked.size >= count;
    };
    if (count <= 0) return [];
    for (const [symbol, network] of POPULAR) if (take(this.find(symbol, network))) return [...picked];
    for (const entry of this.entries) if (take(entry.group.currencies[0])) return [...picked];
    for (const currency of this.byPair.values()) if (take(currency)) return [...picked];
    return [...picked];
  }

  search(query: string): SearchResult {
    const text = normalizeQuery(query);
    if (text === undefined) return { kind: "none", suggestions: [] };

    const symbolEntry = this.bySymbol.get(text);
    // An exact symbol wins outright unless another coin is called exactly that ("bitcoin" is also a token's symbol).
    if (symbolEntry !== undefined && (this.byName.get(text) ?? []).every((entry) => entry === symbolEntry)) {
      return groupResult(symbolEntry.group);
    }

    const pair = this.searchPair(text);
    if (pair !== undefined && "result" in pair) return pair.result;

    const matches = this.rank(text);
    if (matches.length > 0) return { kind: "matches", groups: matches };

    // A known coin with a network we could not place ("usdt foo"): offer all its networks.
    if (pair !== undefined) return groupResult(pair.unplaced);
    return { kind: "none", suggestions: this.suggest(text) };
  }

  /**
   * "symbol network" in any of the accepted spellings. The network may be its code, an alias or
   * the start of its readable name.
   */
  private searchPair(text: string): PairOutcome {
    const parts = text.split(PAIR_SEPARATORS).filter((part) => part !== "");
    const [first] = parts;
    if (first === undefined || parts.length < 2) return undefined;
    const networkText = parts.slice(1).join("");

    // The coin may be typed by symbol or by its one-word name ("tether tron").
    const candidates = [this.bySymbol.get(first), ...(this.byName.get(first) ?? [])]
      .filter((entry): entry is Entry => entry !== undefined)
      .sort((a, b) => a.order - b.order);
    for (const entry of candidates) {
      const currencies = this.matchNetworks(entry.group.currencies, networkText);
      const [only] = currencies;
      if (only === undefined) continue;
      if (currencies.length === 1) return { result: { kind: "exact", currency: only } };
      return { result: { kind: "networks", group: { ...entry.group, currencies } } };
    }
    const [known] = candidates;
    return known === undefined ? undefined : { unplaced: known.group };
  }

  /** The currencies whose network the text names: an exact code or alias, else name prefixes (several when ambiguous). */
  private matchNetworks(currencies: readonly Currency[], networkText: string): Currency[] {
    const exact = currencies.filter((currency) => currency.network === networkText);
    if (exact.length > 0) return exact;
    const byAlias = currencies.filter((currency) => this.networkKeys.get(currency.network)?.exact.includes(networkText) === true);
    if (byAlias.length > 0) return byAlias;
    return currencies.filter(
      (currency) => this.networkKeys.get(currency.network)?.prefixes.some((key) => key.startsWith(networkText)) === true,
    );
  }

  private keysOf(network: string): NetworkKeys {
    const words = squashedWords(networkName(network, this.catalogue));
    const aliases = NETWORK_ALIASES[network] ?? [];
    return {
      exact: [network, ...aliases],
      prefixes: [network, ...aliases, ...words.map((_, i) => words.slice(i).join(""))],
    };
  }

  /**
   * Partial matches, best tier first, catalogue order within a tier. Tiers are looked up best
   * first, and the weaker ones only while the list is not yet full.
   */
  private rank(text: string): SymbolGroup[] {
    const count = this.entries.length;
    const seen = new Set<number>();
    // Sort keys: tier first, then catalogue order (keys themselves come in alphabetical order).
    const ranks: number[] = [];
    const add = (index: number, tier: Tier): void => {
      if (seen.has(index)) return;
      seen.add(index);
      ranks.push(tier * count + index);
    };
    this.starts.withPrefix(text, (index, key) => add(index, key === text ? Tier.exact : Tier.prefix));
    if (seen.size < MAX_MATCHES) this.wordTails.withPrefix(text, (index) => add(index, Tier.wordPrefix));
    if (seen.size < MAX_MATCHES) this.innerTails.withPrefix(text, (index) => add(index, Tier.substring));
    // A typed array sorts numerically without a comparator callback, several times faster.
    const best = new Int32Array(ranks).sort().subarray(0, MAX_MATCHES);
    return Array.from(best, (rank) => this.entries[rank % count]?.group).filter((group) => group !== undefined);
  }

  /** Close matches for a typo: fewest edits first, whole symbol or name before a single word, then catalogue order. */
  private suggest(text: string): SymbolGroup[] {
    const limit = typoLimit(text.length);
    if (limit === 0 || text.length > MAX_TYPO_QUERY_LENGTH) return [];
    const count = this.entries.length;
    const ranks = Int32Array.from(this.typos.scores(text, limit), ([index, score]) => score * count + index);
    const best = ranks.sort().subarray(0, MAX_SUGGESTIONS);
    return Array.from(best, (rank) => this.entries[rank % count]?.group).filter((group) => group !== undefined);
  }
}

function pairKey(symbol: string, network: string): string {
  return `${symbol}\n${network}`;
}

function groupResult(group: SymbolGroup): SearchResult {
  const [only] = group.currencies;
  if (only !== undefined && group.currencies.length === 1) return { kind: "exact", currency: only };
  return { kind: "networks", group };
}
