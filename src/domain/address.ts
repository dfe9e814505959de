import { crc32 } from "node:zlib";
import { blake2b } from "@noble/hashes/blake2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base32nopad, base58, base58xmr, base58xrp, base64, base64url, bech32 } from "@scure/base";
import * as chains from "./address-chains.js";
import {
  base58Versioned,
  bech32Bytes,
  bytesEqual,
  concatBytes,
  crc16Xmodem,
  decodeBase58Check,
  decodeBech32,
  decodeOrUndefined,
  isAllZero,
  isSegwit,
  startsWithBytes,
  utf8,
  wordsToBytes,
} from "./address-codec.js";
import { deniedAddress } from "./address-denylist.js";

/**
 * Checks receiving addresses and memos before they reach the exchange.
 *
 * Every check is anchored: the whole trimmed input must be exactly one address, never a text
 * that merely contains one. Where a network's format carries a checksum it is verified, and
 * mainnet is required (testnet addresses are refused). Where no format is known, only sane
 * limits apply. Refusing a valid but unusual address costs the person a retry; accepting a
 * wrong one can cost them their funds, so unusual forms are refused on purpose.
 */

/** "unprintable" covers anything outside printable ASCII: controls, zero-width and bidi marks, and any non-ASCII letter. */
export type AddressProblem =
  | "empty"
  | "too-long"
  | "whitespace"
  | "unprintable"
  | "invalid-format"
  /** A sink nobody can spend from (zero addresses, published burn addresses). */
  | "burn-address"
  /** One of the largest token contracts, pasted where a wallet belongs. */
  | "token-contract";
export type AddressCheck =
  | { ok: true; address: string /* trimmed, in the form the network's wallets take */ }
  | { ok: false; problem: AddressProblem; token?: string };

/** "encrypted": a memo the sending wallet would encrypt (Steem/Hive "#..."), unreadable for the receiver. */
export type MemoProblem = "too-long" | "unprintable" | "invalid-format" | "encrypted";
export type MemoCheck = { ok: true; memo: string /* trimmed; "" means no memo */ } | { ok: false; problem: MemoProblem };

/** Longest address accepted where nothing more specific is known. */
const DEFAULT_MAX_LENGTH = 128;
/** BOLT11 invoices with route hints run to several hundred characters. */
const LIGHTNING_MAX_LENGTH = 2048;
const MEMO_MAX_CHARACTERS = 100;

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

type AddressFormat = {
  check: (address: string) => boolean;
  maxLength?: number;
  /** The spelling passed on, where the network has more than one (NEM's dashes, Ronin's prefix). */
  normalize?: (address: string) => string;
};

// ---------------------------------------------------------------------------------------------
// Bitcoin family

const isBitcoinLegacy = base58Versioned([0x00], [0x05]);

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const CASHADDR_GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

/** The CashAddr checksum polymod: 0 for a valid address. */
function cashAddrPolymod(values: number[]): bigint {
  let c = 1n;
  for (const value of values) {
    const top = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(value);
    CASHADDR_GENERATORS.forEach((generator, bit) => {
      if ((top >> BigInt(bit)) & 1n) c ^= generator;
    });
  }
  return c ^ 1n;
}

/**
 * Bitcoin Cash CashAddr, with or without the "bitcoincash:" prefix. Accepts P2PKH (20 bytes)
 * and P2SH (20 or 32 bytes); token-aware and other types are refused.
 */
function isCashAddr(address: string): boolean {
  const prefix = "bitcoincash";
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  const payload = lower.startsWith(`${prefix}:`) ? lower.slice(prefix.length + 1) : lower;
  if (!/^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{42}$|^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{61}$/.test(payload)) return false;

  const values = [...payload].map((char) => BECH32_CHARSET.indexOf(char));
  const prefixValues = [...prefix].map((char) => char.charCodeAt(0) & 0x1f);
  if (cashAddrPolymod([...prefixValues, 0, ...values]) !== 0n) return false;

  const bytes = wordsToBytes(bech32, values.slice(0, -8));
  if (!bytes) return false;
  const version = bytes[0] ?? 0xff;
  const hashLength = bytes.length - 1;
  if (version === 0x00) return hashLength === 20; // P2PKH
  if (version === 0x08) return hashLength === 20; // P2SH
  if (version === 0x0b) return hashLength === 32; // P2SH32
  return false;
}

// ---------------------------------------------------------------------------------------------
// Lightning

/** Mainnet BOLT11: "lnbc" plus an optional amount; "lntb", "lnbcrt" and friends are refused. */
const BOLT11_PREFIX = /^lnbc(?:[1-9]\d*[munp]?)?$/;
/** Timestamp (7 words) and signature (104 words) are always present. */
const BOLT11_MIN_WORDS = 7 + 104;
/** LUD-16 Lightning address: lower-case user part, then a domain name. */
const LIGHTNING_ADDRESS = /^[a-z0-9._+-]{1,64}@(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function isBolt11(address: string): boolean {
  const decoded = decodeBech32(bech32, address, LIGHTNING_MAX_LENGTH);
  if (!decoded || !BOLT11_PREFIX.test(decoded.prefix)) return false;
  // A pico-bitcoin amount must be a whole number of millisatoshi (BOLT11).
  if (decoded.prefix.endsWith("p") && !decoded.prefix.endsWith("0p")) return false;
  return decoded.words.length >= BOLT11_MIN_WORDS;
}

function isLightning(address: string): boolean {
  return LIGHTNING_ADDRESS.test(address) || isBolt11(address);
}

// ---------------------------------------------------------------------------------------------
// Ethereum and EVM networks

const EVM_ADDRESS = /^0x([0-9a-fA-F]{40})$/;

/** 0x + 40 hex. Mixed case must match the EIP-55 checksum; the zero address (a burn sink) is refused. */
function isEvm(address: string): boolean {
  const hex = EVM_ADDRESS.exec(address)?.[1];
  if (hex === undefined || /^0+$/.test(hex)) return false;
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(utf8.encode(hex.toLowerCase()));
  for (let i = 0; i < hex.length; i++) {
    const char = hex[i] ?? "";
    if (!/[a-fA-F]/.test(char)) continue;
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const shouldBeUpper = nibble >= 8;
    if ((char === char.toUpperCase()) !== shouldBeUpper) return false;
  }
  return true;
}

/** Ronin (docs.roninchain.com): wallets show "ronin:" + 40 hex, the chain itself takes the 0x form. */
function isRonin(address: string): boolean {
  return isEvm(address.startsWith("ronin:") ? `0x${address.slice("ronin:".length)}` : address);
}

const normalizeRonin = (address: string): string => (address.startsWith("ronin:") ? `0x${address.slice("ronin:".length)}` : address);

/** 0x + 64 hex (Sui, Aptos long form); the all-zero address is refused. */
function isHex32(address: string): boolean {
  const hex = /^0x([0-9a-fA-F]{64})$/.exec(address)?.[1];
  return hex !== undefined && !/^0+$/.test(hex);
}

// ---------------------------------------------------------------------------------------------
// Other chains

/** Tron: base58check, 0x41 + 20 bytes ("T..."). */
function isTron(address: string): boolean {
  const payload = decodeBase58Check(address);
  return payload !== undefined && payload.length === 21 && payload[0] === 0x41;
}

/** XRP classic address: base58check in the XRP alphabet, 0x00 + 20-byte account id. */
function isXrp(address: string): boolean {
  const payload = decodeBase58Check(address, base58xrp);
  if (!payload || payload.length !== 21 || payload[0] !== 0x00) return false;
  const accountId = payload.subarray(1);
  // ACCOUNT_ZERO and ACCOUNT_ONE are well-known black holes.
  const isBlackHole = isAllZero(accountId.subarray(0, 19)) && (accountId[19] ?? 0) <= 1;
  return !isBlackHole;
}

/** Solana: base58 of exactly 32 bytes. No checksum exists; the all-zero system program is refused. */
function isSolana(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  const bytes = decodeOrUndefined(base58, address);
  return bytes !== undefined && bytes.length === 32 && !isAllZero(bytes);
}

/**
 * TON: raw "0:<64 hex>" or the 48-character user-friendly form (base64url or base64):
 * flags, workchain, 32-byte hash and CRC16. Only basechain (0) and non-testnet flags are accepted.
 */
function isTon(address: string): boolean {
  if (/^0:[0-9a-fA-F]{64}$/.test(address)) return true;
  let bytes: Uint8Array | undefined;
  if (/^[A-Za-z0-9_-]{48}$/.test(address)) bytes = decodeOrUndefined(base64url, address);
  else if (/^[A-Za-z0-9+/]{48}$/.test(address)) bytes = decodeOrUndefined(base64, address);
  if (!bytes || bytes.length !== 36) return false;
  const flags = bytes[0];
  if (flags !== 0x11 && flags !== 0x51) return false; // bounceable / non-bounceable; 0x80 would be testnet-only
  if (bytes[1] !== 0x00) return false;
  const checksum = ((bytes[34] ?? 0) << 8) | (bytes[35] ?? 0);
  return crc16Xmodem(bytes.subarray(0, 34)) === checksum;
}

/** Stellar account strkey "G...": base32 of version 6<<3, 32-byte key, CRC16 little-endian. Muxed "M..." is refused. */
function isStellar(address: string): boolean {
  if (!/^G[A-Z2-7]{55}$/.test(address)) return false;
  const bytes = decodeOrUndefined(base32nopad, address);
  if (!bytes || bytes.length !== 35 || bytes[0] !== 6 << 3) return false;
  const checksum = (bytes[33] ?? 0) | ((bytes[34] ?? 0) << 8);
  return crc16Xmodem(bytes.subarray(0, 33)) === checksum;
}

/** Cosmos Hub: bech32 "cosmos1...", 20-byte account or 32-byte module/interchain account. */
function isCosmos(address: string): boolean {
  const bytes = bech32Bytes(address, "cosmos");
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32);
}

const SS58_PREFIX = utf8.encode("SS58PRE");

/** Substrate SS58 with a one-byte network prefix, 32-byte account id and a 2-byte blake2b checksum. */
function ss58(networkPrefix: number): (address: string) => boolean {
  return (address) => {
    if (!/^[1-9A-HJ-NP-Za-km-z]{40,50}$/.test(address)) return false;
    const bytes = decodeOrUndefined(base58, address);
    if (!bytes || bytes.length !== 35 || bytes[0] !== networkPrefix) return false;
    const checksum = blake2b(concatBytes(SS58_PREFIX, bytes.subarray(0, 33)), { dkLen: 64 }).subarray(0, 2);
    return bytesEqual(bytes.subarray(33), checksum);
  };
}

/**
 * Monero mainnet: standard (netbyte 18) and subaddress (42), 95 chars; integrated (19), 106 chars.
 * Monero's block base58 with a 4-byte keccak-256 checksum.
 */
function isMonero(address: string): boolean {
  if (!/^[48][1-9A-HJ-NP-Za-km-z]{94}$|^4[1-9A-HJ-NP-Za-km-z]{105}$/.test(address)) return false;
  const bytes = decodeOrUndefined(base58xmr, address);
  if (!bytes) return false;
  const netbyte = bytes[0];
  const lengthFits = bytes.length === 69 ? netbyte === 18 || netbyte === 42 : bytes.length === 77 && netbyte === 19;
  if (!lengthFits) return false;
  const body = bytes.subarray(0, bytes.length - 4);
  return bytesEqual(bytes.subarray(bytes.length - 4), keccak_256(body).subarray(0, 4));
}

/** Cardano: Shelley "addr1..." (mainnet payment addresses) or a mainnet Byron base58 address. */
function isCardano(address: string): boolean {
  if (address.toLowerCase().startsWith("addr1")) {
    const bytes = bech32Bytes(address, "addr", false);
    if (!bytes) return false;
    const header = bytes[0] ?? 0xff;
    const type = header >> 4;
    if ((header & 0x0f) !== 1) return false; // network tag 1 = mainnet
    if (type <= 3) return bytes.length === 57; // base addresses: payment + stake credential
    if (type === 6 || type === 7) return bytes.length === 29; // enterprise: payment credential only
    return false; // pointer addresses (4, 5) are deprecated; stake addresses are not payment targets
  }
  return isByron(address);
}

/** Minimal CBOR reader for the few shapes a Byron address uses. */
class CborReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset === this.bytes.length;
  }

  /** Reads a head byte of the given major type; returns its argument (length or value). */
  head(majorType: number): number | undefined {
    const initial = this.bytes[this.offset];
    if (initial === undefined || initial >> 5 !== majorType) return undefined;
    this.offset += 1;
    const info = initial & 0x1f;
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : 0;
    if (size === 0 || this.offset + size > this.bytes.length) return undefined;
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + (this.bytes[this.offset + i] ?? 0);
    this.offset += size;
    return value;
  }

  byteString(): Uint8Array | undefined {
    const length = this.head(2);
    if (length === undefined || this.offset + length > this.bytes.length) return undefined;
    const value = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
}

/**
 * Byron: base58 of CBOR [tag 24 (bytes payload), crc32(payload)], the payload being
 * [root (28 bytes), attributes, type 0]. An attribute 2 (protocol magic) marks a testnet address.
 */
function isByron(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(address)) return false;
  const bytes = decodeOrUndefined(base58, address);
  if (!bytes) return false;
  const outer = new CborReader(bytes);
  if (outer.head(4) !== 2 || outer.head(6) !== 24) return false;
  const payload = outer.byteString();
  const checksum = outer.head(0);
  if (!payload || checksum === undefined || !outer.done || crc32(payload) !== checksum) return false;

  const inner = new CborReader(payload);
  if (inner.head(4) !== 3 || inner.byteString()?.length !== 28) return false;
  const attributeCount = inner.head(5);
  if (attributeCount === undefined) return false;
  for (let i = 0; i < attributeCount; i++) {
    const key = inner.head(0);
    if (key !== 1 || inner.byteString() === undefined) return false; // only the derivation path; 2 = testnet magic
  }
  return inner.head(0) === 0 && inner.done;
}

/** NEAR account id: implicit (64 hex) or named ("alice.near", "app.tg"), 2..64 characters. */
function isNear(address: string): boolean {
  return address.length >= 2 && address.length <= 64 && /^(?:(?:[a-z\d]+[-_])*[a-z\d]+\.)*(?:[a-z\d]+[-_])*[a-z\d]+$/.test(address);
}

/** Tezos: base58check with a 3-byte prefix (tz1, tz2, tz3, tz4, KT1) and a 20-byte hash. */
const TEZOS_PREFIXES = [
  [6, 161, 159],
  [6, 161, 161],
  [6, 161, 164],
  [6, 161, 166],
  [2, 90, 121],
];

function isTezos(address: string): boolean {
  const payload = decodeBase58Check(address);
  return payload?.length === 23 && TEZOS_PREFIXES.some((prefix) => startsWithBytes(payload, prefix));
}

/** EOS account name: up to 12 of a-z, 1-5 and dots, not ending with a dot. */
function isEos(address: string): boolean {
  return /^[a-z1-5.]{1,12}$/.test(address) && !address.endsWith(".") && !address.startsWith(".");
}

/** Hedera account id "0.0.N" (without the optional HIP-15 checksum suffix, which is not verified here). */
function isHedera(address: string): boolean {
  return /^0\.0\.[1-9]\d{0,18}$/.test(address);
}

// ---------------------------------------------------------------------------------------------
// The table

/**
 * Network codes whose addresses are plain Ethereum addresses (codes as in the service's catalogue,
 * see ./networks.ts). A code is listed only where the catalogue means the EVM chain (its explorer
 * is an EVM explorer): "cro" is Cronos EVM (cronoscan), "vet" is VeChainThor, whose addresses and
 * checksum are Ethereum's. Chains with their own prefix or checksum rules (Harmony "one1",
 * XDC "xdc", Wanchain's inverted checksum, IoTeX "io1") are left out, as are codes the catalogue
 * names ambiguously (it calls "sonic" and "noble" Algorand, "ela" and "xai" Ethereum).
 */
const EVM_NETWORKS = [
  "eth",
  "etc",
  "bsc",
  "opbnb",
  "pol",
  "matic",
  "arb",
  "arbnova",
  "op",
  "base",
  "avaxc",
  "ftm",
  "linea",
  "zksync",
  "scroll",
  "mnt",
  "blast",
  "celo",
  "gnosis",
  "xdai",
  "kavaevm",
  "klay",
  "bera",
  "hypeevm",
  "seievm",
  "metis",
  "zora",
  "taiko",
  "moonbeam",
  // added from the catalogue: EVM chains and EVM sides of dual chains
  "chz",
  "flr",
  "flare",
  "sgb",
  "story",
  "cro",
  "vet",
  "glmr",
  "movr",
  "theta",
  "wemix",
  "cfxevm",
  "zeta",
  "vic",
  "tomo",
  "bb",
  "merl",
  "plume",
  "somnia",
  "gravity",
  "corn",
  "mode",
  "pulse",
  "ethw",
  "canto",
  "tlosevm",
  "sysevm",
  "rollux",
  "peaqevm",
  "lukso",
  "lyx",
  "oas",
  "oasys",
  "filevm",
  "mapo",
  "ewt",
  "tt",
  "rei",
  "shardeum",
  "amb",
  "brise",
  "u2u",
  "vana",
  "gunz",
  "zrc",
  "mat",
  "cyber",
  "root",
  "bitci",
  "fitfi",
  "etn",
  "tenet",
  "meter",
  "bfc",
];

/** Cosmos SDK chains in the catalogue and their bech32 account prefixes (each chain's own docs). */
const COSMOS_PREFIXES: Readonly<Record<string, string>> = {
  luna: "terra",
  lunc: "terra",
  kava: "kava",
  osmo: "osmo",
  akt: "akash",
  axl: "axelar",
  tia: "celestia",
  inj: "inj",
  dydx: "dydx",
  sei: "sei",
  scrt: "secret",
  band: "band",
  xprt: "persistence",
  ntrn: "neutron",
  dym: "dym",
  saga: "saga",
  bld: "agoric",
  nibi: "nibi",
  rune: "thor",
  arch: "archway",
  core: "core",
  orai: "orai",
  cheq: "cheqd",
};

const FORMATS = new Map<string, AddressFormat>([
  ["btc", { check: (a) => isBitcoinLegacy(a) || isSegwit(a, "bc", { taproot: true }) }],
  ["ln", { check: isLightning, maxLength: LIGHTNING_MAX_LENGTH }],
  // Legacy "1..."/"3..." forms are refused for BCH, and the old "3..." P2SH version for LTC: they
  // are byte-for-byte Bitcoin addresses, so a Bitcoin address pasted by mistake would pass.
  ["bch", { check: isCashAddr }],
  ["ltc", { check: (a) => base58Versioned([0x30], [0x32])(a) || isSegwit(a, "ltc", { taproot: true }) }],
  ["doge", { check: base58Versioned([0x1e], [0x16]) }],
  ["dash", { check: base58Versioned([0x4c], [0x10]) }],
  ["zec", { check: base58Versioned([0x1c, 0xb8], [0x1c, 0xbd]) }], // transparent t1/t3 only
  ["dgb", { check: chains.isDigiByte }],
  ["rvn", { check: chains.isRavencoin }],
  ["sys", { check: chains.isSyscoin }],
  ["bsv", { check: chains.isBitcoinSv }],
  ["dcr", { check: chains.isDecred }],
  ["qtum", { check: chains.isQtum }],
  ["zen", { check: chains.isHorizen }],
  ["kmd", { check: chains.isKomodo }],
  ["trx", { check: isTron }],
  ["xrp", { check: isXrp }],
  ["sol", { check: isSolana }],
  ["ton", { check: isTon }],
  ["xlm", { check: isStellar }],
  ["ada", { check: isCardano }],
  ["dot", { check: ss58(0) }],
  ["ksm", { check: ss58(2) }],
  ["atom", { check: isCosmos }],
  ["xmr", { check: isMonero }],
  ["near", { check: isNear }],
  ["xtz", { check: isTezos }],
  ["eos", { check: isEos }],
  ["waxp", { check: isEos }], // WAX and XPR Network are EOSIO chains: the same account names
  ["xpr", { check: isEos }],
  ["hbar", { check: isHedera }],
  ["sui", { check: isHex32 }],
  ["apt", { check: isHex32 }],
  ["ron", { check: isRonin, normalize: normalizeRonin }],
  ["algo", { check: chains.isAlgorand }],
  ["nano", { check: chains.isNano }],
  ["waves", { check: chains.isWaves }],
  ["neo", { check: chains.isNeo }],
  ["neo3", { check: chains.isNeo }],
  ["ont", { check: chains.isOntology }],
  ["xem", { check: chains.isNem, normalize: chains.normalizeNem }],
  ["lsk", { check: chains.isLisk }],
  ["icx", { check: chains.isIcon }],
  ["sc", { check: chains.isSia }],
  ["egld", { check: chains.isMultiversX }],
  ["ardr", { check: chains.isArdor }],
  ["zil", { check: chains.isZilliqa }],
  ["iost", { check: chains.isIostAccount }],
  ["steem", { check: chains.isGrapheneAccountName }],
  ["hive", { check: chains.isGrapheneAccountName }],
  ...EVM_NETWORKS.map((network): [string, AddressFormat] => [network, { check: isEvm }]),
  ...Object.entries(COSMOS_PREFIXES).map(([network, hrp]): [string, AddressFormat] => [network, { check: chains.cosmosAccount(hrp) }]),
]);

/** Every network code with a format check (for coverage reports). */
export const CHECKED_NETWORKS: readonly string[] = [...FORMATS.keys()];

function formatFor(network: string): AddressFormat | undefined {
  return FORMATS.get(network.trim().toLowerCase());
}

/** True where checkAddress runs a real format check for the network (not just the sane limits). */
export function knowsAddressFormat(network: string): boolean {
  return formatFor(network) !== undefined;
}

export function checkAddress(network: string, address: string): AddressCheck {
  const text = address.trim();
  if (text === "") return { ok: false, problem: "empty" };
  const format = formatFor(network);
  if (text.length > (format?.maxLength ?? DEFAULT_MAX_LENGTH)) return { ok: false, problem: "too-long" };
  if (/\s/u.test(text)) return { ok: false, problem: "whitespace" };
  // No real address contains anything but printable ASCII; this also stops bidi overrides and zero-width characters.
  if (!PRINTABLE_ASCII.test(text)) return { ok: false, problem: "unprintable" };
  // Before the format: a burn address or a token contract gets its own explanation.
  const denied = deniedAddress(text);
  if (denied?.kind === "token-contract") return { ok: false, problem: "token-contract", token: denied.token };
  if (denied) return { ok: false, problem: "burn-address" };
  if (format && !format.check(text)) return { ok: false, problem: "invalid-format" };
  return { ok: true, address: format?.normalize?.(text) ?? text };
}

// ---------------------------------------------------------------------------------------------
// Memos and destination tags

/**
 * Invisible or layout-changing characters: controls, format characters (zero-width, bidi
 * embeddings/overrides/isolates, BOM), surrogates, private use, unassigned, line and paragraph
 * separators, and any whitespace other than a plain space (a memo with an NBSP would not match).
 */
const UNPRINTABLE_IN_MEMO = /[\p{C}\p{Zl}\p{Zp}]|[^\S ]/u;

const UINT32_MAX = 4_294_967_295n;
const UINT64_MAX = 18_446_744_073_709_551_615n;
/** Decimal digits without leading zeros ("0" itself is fine): "007" could be read as 7 or as text. */
const CANONICAL_UNSIGNED = /^(?:0|[1-9]\d*)$/;
const STELLAR_TEXT_MEMO_MAX_BYTES = 28;

/**
 * Text memos by each network's own limit. Where the documentation allows more than the bot's
 * default of 100 characters, the rule says so (never past 256, so every card that repeats the
 * memo stays within one Telegram message).
 */
type TextMemoRule = { maxCharacters: number; maxBytes?: number; encryptedWhenHash?: boolean };
const TEXT_MEMO_RULES: Readonly<Record<string, TextMemoRule>> = {
  // Cosmos SDK x/auth: MaxMemoCharacters, 256 by default and on the Cosmos Hub, compared with Go's
  // len(memo), which counts bytes: 256 Cyrillic letters would be refused by the chain.
  atom: { maxCharacters: 256, maxBytes: 256 },
  // BNB Beacon Chain (BEP2) docs, "Transfer": the memo is at most 128 bytes.
  bnb: { maxCharacters: 128, maxBytes: 128 },
  bep2: { maxCharacters: 128, maxBytes: 128 },
  // NEM NIS1 transfer message: a plain message payload of at most 1024 bytes.
  xem: { maxCharacters: 256, maxBytes: 1024 },
  // Steem and Hive (protocol config: STEEM_MAX_MEMO_SIZE / HIVE_MAX_MEMO_SIZE 2048 bytes); wallets
  // encrypt a memo that starts with "#", which the receiving exchange could not read.
  steem: { maxCharacters: 256, maxBytes: 2048, encryptedWhenHash: true },
  hive: { maxCharacters: 256, maxBytes: 2048, encryptedWhenHash: true },
};

/**
 * Checks a memo / destination tag. An empty memo is fine here (whether one is required is the
 * caller's business). XRP tags are digits up to 2^32-1; Stellar takes a numeric id up to 2^64-1
 * or text up to 28 UTF-8 bytes; ATOM, BNB (BEP2), XEM, STEEM and HIVE follow TEXT_MEMO_RULES;
 * every other network gets printable text up to 100 characters.
 */
export function checkMemo(network: string, memo: string): MemoCheck {
  const text = memo.trim();
  if (text === "") return { ok: true, memo: "" };
  const code = network.trim().toLowerCase();
  const rule = Object.hasOwn(TEXT_MEMO_RULES, code) ? TEXT_MEMO_RULES[code] : undefined;
  if ([...text].length > (rule?.maxCharacters ?? MEMO_MAX_CHARACTERS)) return { ok: false, problem: "too-long" };
  if (UNPRINTABLE_IN_MEMO.test(text)) return { ok: false, problem: "unprintable" };
  if (rule?.maxBytes !== undefined && utf8.encode(text).length > rule.maxBytes) return { ok: false, problem: "too-long" };
  if (rule?.encryptedWhenHash === true && text.startsWith("#")) return { ok: false, problem: "encrypted" };

  switch (code) {
    case "xrp":
      if (!CANONICAL_UNSIGNED.test(text) || text.length > 10 || BigInt(text) > UINT32_MAX) {
        return { ok: false, problem: "invalid-format" };
      }
      break;
    case "xlm":
      if (/^\d+$/.test(text)) {
        // All digits means MEMO_ID: it must be a canonical uint64, never silently sent as text.
        if (!CANONICAL_UNSIGNED.test(text) || text.length > 20 || BigInt(text) > UINT64_MAX) {
          return { ok: false, problem: "invalid-format" };
        }
      } else if (utf8.encode(text).length > STELLAR_TEXT_MEMO_MAX_BYTES) {
        return { ok: false, problem: "too-long" };
      }
      break;
  }
  return { ok: true, memo: text };
}
