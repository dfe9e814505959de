import { type Random, randomString } from "./random.js";

/** Plausible-looking (not checksummed) addresses, memos and hashes per network. */

const HEX = "0123456789abcdef";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE32_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64_URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ALNUM_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789";

const EVM_NETWORKS = new Set(["eth", "bsc", "opbnb", "arb", "op", "base", "pol", "avaxc", "etc", "linea", "kavaevm"]);

type AddressMaker = (random: Random) => string;

const ADDRESS_MAKERS: Readonly<Record<string, AddressMaker>> = {
  btc: (r) => "bc1q" + randomString(r, BECH32, 38),
  // A Lightning deposit is an invoice rather than an address.
  ln: (r) => "lnbc" + randomString(r, "0123456789", 4) + "u1p" + randomString(r, BECH32, 180),
  ltc: (r) => "ltc1q" + randomString(r, BECH32, 38),
  bch: (r) => "bitcoincash:q" + randomString(r, BECH32, 41),
  doge: (r) => "D" + randomString(r, BASE58, 33),
  dash: (r) => "X" + randomString(r, BASE58, 33),
  zec: (r) => "t1" + randomString(r, BASE58, 33),
  trx: (r) => "T" + randomString(r, BASE58, 33),
  sol: (r) => randomString(r, BASE58, 44),
  ton: (r) => "UQ" + randomString(r, BASE64_URL, 46),
  xrp: (r) => "r" + randomString(r, BASE58, 33),
  xlm: (r) => "G" + randomString(r, BASE32_UPPER, 55),
  atom: (r) => "cosmos1" + randomString(r, BECH32, 38),
  xmr: (r) => "4" + randomString(r, BASE58, 94),
  ada: (r) => "addr1q" + randomString(r, BECH32, 97),
  dot: (r) => "1" + randomString(r, BASE58, 47),
  near: (r) => randomString(r, HEX, 64),
  sui: (r) => "0x" + randomString(r, HEX, 64),
  apt: (r) => "0x" + randomString(r, HEX, 64),
  hbar: (r) => "0.0." + String(100_000 + (r.uint32() % 9_000_000)),
  kas: (r) => "kaspa:q" + randomString(r, BECH32, 60),
  xtz: (r) => "tz1" + randomString(r, BASE58, 33),
  eos: (r) => randomString(r, "abcdefghijklmnopqrstuvwxyz12345", 12),
};

export function depositAddress(network: string, random: Random): string {
  const maker = ADDRESS_MAKERS[network];
  if (maker) return maker(random);
  if (EVM_NETWORKS.has(network)) return "0x" + randomString(random, HEX, 40);
  return randomString(random, BASE58, 40);
}

export function transactionHash(network: string, random: Random): string {
  if (EVM_NETWORKS.has(network)) return "0x" + randomString(random, HEX, 64);
  if (network === "sol") return randomString(random, BASE58, 88);
  return randomString(random, HEX, 64);
}

/** Numeric memo / destination tag, as providers hand out for memo currencies. */
export function numericMemo(random: Random): string {
  return String(100_000_000 + (random.uint32() % 900_000_000));
}

export function opaqueId(random: Random): string {
  return randomString(random, ALNUM_LOWER, 20);
}
