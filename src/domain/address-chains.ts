import { blake256 } from "@noble/hashes/blake1.js";
import { blake2b } from "@noble/hashes/blake2.js";
import { sha512_256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base32nopad, base58 } from "@scure/base";
import {
  base58Versioned,
  bech32Bytes,
  bytesEqual,
  decodeBase58Check,
  decodeOrUndefined,
  isAllZero,
  isSegwit,
  startsWithBytes,
} from "./address-codec.js";

/**
 * Address checks for the catalogue's less common networks, each from the network's own
 * specification or reference implementation (named beside each rule). Same stance as
 * ./address.ts: the whole input is one address, checksums are verified, testnet forms refused.
 */

// ---------------------------------------------------------------------------------------------
// Bitcoin-derived base58check networks (version bytes from each project's chainparams.cpp)

/**
 * DigiByte: P2PKH 30 ("D"), P2SH 63 ("S"), bech32 "dgb". The old P2SH version 5 is Bitcoin's
 * "3..." and is refused, as for Litecoin: a Bitcoin address pasted by mistake would pass.
 */
export const isDigiByte = (a: string): boolean => base58Versioned([30], [63])(a) || isSegwit(a, "dgb", { taproot: false });
/** Ravencoin: P2PKH 60 ("R"), P2SH 122 ("r"). */
export const isRavencoin = base58Versioned([60], [122]);
/** Syscoin UTXO chain: P2PKH 63 ("S"), bech32 "sys"; P2SH shares Bitcoin's version 5 and is refused. */
export const isSyscoin = (a: string): boolean => base58Versioned([63])(a) || isSegwit(a, "sys", { taproot: false });
/** Bitcoin SV: P2PKH only (version 0); P2SH outputs are no longer standard since the Genesis upgrade. */
export const isBitcoinSv = base58Versioned([0x00]);
/**
 * Qtum: P2PKH 58 ("Q"), P2SH 50 ("M"), bech32 "qc" (Qtum Core hands these out since its segwit
 * upgrade), taproot "qc1p…" included (Qtum's own key_io_valid.json lists them as mainnet).
 */
export const isQtum = (a: string): boolean => base58Versioned([58], [50])(a) || isSegwit(a, "qc", { taproot: true });
/** Horizen: two-byte versions "zn" (0x2089, P2PKH) and "zs" (0x2096, P2SH); "zt"/"zr" are testnet. */
export const isHorizen = base58Versioned([0x20, 0x89], [0x20, 0x96]);
/** Komodo: P2PKH 60 ("R"), P2SH 85 ("b"). */
export const isKomodo = base58Versioned([60], [85]);

const blake256Twice = (bytes: Uint8Array): Uint8Array => blake256(blake256(bytes));

/**
 * Decred (dcrd chaincfg/mainnetparams.go): base58 with a two-byte network id and a checksum of
 * blake256 twice. "Ds" (0x073f, secp256k1 pubkey hash) and "Dc" (0x071a, script hash) are what
 * wallets hand out; testnet "Ts"/"Tc" and the rarely used Edwards/Schnorr forms are refused.
 */
export function isDecred(address: string): boolean {
  const payload = decodeBase58Check(address, base58, blake256Twice);
  return payload?.length === 22 && (startsWithBytes(payload, [0x07, 0x3f]) || startsWithBytes(payload, [0x07, 0x1a]));
}

// ---------------------------------------------------------------------------------------------
// Account-key networks

/**
 * Algorand (developer docs, "Keys and addresses"): base32 without padding of the 32-byte public key
 * followed by the last 4 bytes of sha512/256(public key), 58 upper-case characters.
 */
export function isAlgorand(address: string): boolean {
  if (!/^[A-Z2-7]{58}$/.test(address)) return false;
  const bytes = decodeOrUndefined(base32nopad, address);
  if (!bytes || bytes.length !== 36) return false;
  const key = bytes.subarray(0, 32);
  return bytesEqual(bytes.subarray(32), sha512_256(key).subarray(28));
}

const NANO_ALPHABET = "13456789abcdefghijkmnopqrstuwxyz";

/** Reads base32 symbols of the given alphabet into bits, most significant first. */
function symbolsToBits(text: string, alphabet: string): number[] | undefined {
  const bits: number[] = [];
  for (const char of text) {
    const value = alphabet.indexOf(char);
    if (value < 0) return undefined;
    for (let bit = 4; bit >= 0; bit--) bits.push((value >> bit) & 1);
  }
  return bits;
}

function bitsToBytes(bits: number[]): Uint8Array {
  const bytes = new Uint8Array(bits.length / 8);
  bits.forEach((bit, index) => {
    bytes[index >> 3]! |= bit << (7 - (index % 8));
  });
  return bytes;
}

/**
 * Nano (docs.nano.org, "Account public address"): "nano_" (or the older "xrb_") then 52 characters
 * for the 256-bit key (4 zero bits in front) and 8 for the checksum, the 5-byte blake2b of the key
 * in reverse byte order, all in Nano's base32 alphabet.
 */
export function isNano(address: string): boolean {
  const match = /^(?:nano|xrb)_([13][13456789abcdefghijkmnopqrstuwxyz]{51})([13456789abcdefghijkmnopqrstuwxyz]{8})$/.exec(address);
  if (!match) return false;
  const keyBits = symbolsToBits(match[1]!, NANO_ALPHABET);
  const checksumBits = symbolsToBits(match[2]!, NANO_ALPHABET);
  if (!keyBits || !checksumBits || keyBits.slice(0, 4).some((bit) => bit !== 0)) return false;
  const key = bitsToBytes(keyBits.slice(4));
  const checksum = blake2b(key, { dkLen: 5 }).reverse();
  return bytesEqual(bitsToBytes(checksumBits), checksum);
}

/**
 * Waves (docs.waves.tech, "Address binary format"): base58 of 26 bytes: version 1, chain id,
 * 20-byte public key hash, and the first 4 bytes of keccak256(blake2b256(the first 22 bytes)).
 * Mainnet's chain id is "W"; "T" (testnet) and "S" (stagenet) are refused.
 */
export function isWaves(address: string): boolean {
  if (!/^3P[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = decodeOrUndefined(base58, address);
  if (!bytes || bytes.length !== 26 || bytes[0] !== 1 || bytes[1] !== 0x57) return false;
  const checksum = keccak_256(blake2b(bytes.subarray(0, 22), { dkLen: 32 })).subarray(0, 4);
  return bytesEqual(bytes.subarray(22), checksum);
}

/**
 * Neo N3 (docs.neo.org, "Wallets": address version 0x35, "N..."): base58check of the version and a
 * 20-byte script hash. Legacy Neo 2 addresses ("A...", version 0x17) belong to a chain that was
 * migrated away from, and are refused.
 */
export function isNeo(address: string): boolean {
  const payload = decodeBase58Check(address);
  return payload?.length === 21 && payload[0] === 0x35;
}

/** Ontology (docs.ont.io, "Account and address"): base58check of version 0x17 ("A...") and a 20-byte hash. */
export function isOntology(address: string): boolean {
  const payload = decodeBase58Check(address);
  return payload?.length === 21 && payload[0] === 0x17;
}

/**
 * NEM NIS1 (NEM technical reference, "Accounts and addresses"): base32 of 25 bytes: network byte
 * 0x68 ("N", mainnet; 0x98 "T" is testnet), 20-byte hash, and the first 4 bytes of keccak256 of
 * the first 21. Wallets also show it in groups of six with dashes; both spellings are accepted.
 */
export function isNem(address: string): boolean {
  const plain = address.replaceAll("-", "");
  const grouped = /^[A-Z2-7]{6}(?:-[A-Z2-7]{6}){5}-[A-Z2-7]{4}$/.test(address);
  if (plain !== address && !grouped) return false;
  if (!/^N[A-Z2-7]{39}$/.test(plain)) return false;
  const bytes = decodeOrUndefined(base32nopad, plain);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x68) return false;
  return bytesEqual(bytes.subarray(21), keccak_256(bytes.subarray(0, 21)).subarray(0, 4));
}

export const normalizeNem = (address: string): string => address.replaceAll("-", "");

const LISK32_ALPHABET = "zxvcpmbn3465o978uyrtkqew2adsjhfg";
const LISK32_GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/**
 * Lisk (LIP 0018, "Use base32 encoding of long hash of public key plus checksum for address"):
 * "lsk" then 38 characters of Lisk's base32 alphabet: the 20-byte address and a 30-bit BCH
 * checksum (the bech32 polymod, with no human-readable part); valid when the polymod is 1.
 * Old "123…L" addresses cannot receive since Lisk 3.0 and are refused.
 */
export function isLisk(address: string): boolean {
  const match = /^lsk([zxvcpmbn3465o978uyrtkqew2adsjhfg]{38})$/.exec(address);
  if (!match) return false;
  let checksum = 1;
  for (const char of match[1]!) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ LISK32_ALPHABET.indexOf(char);
    LISK32_GENERATORS.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum === 1;
}

/**
 * ICON (ICON docs, "Address"): "hx" + 40 lower-case hex for accounts. "cx" addresses are
 * score (contract) addresses, not wallets, and are refused.
 */
export function isIcon(address: string): boolean {
  const hex = /^hx([0-9a-f]{40})$/.exec(address)?.[1];
  return hex !== undefined && !/^0+$/.test(hex);
}

/**
 * Siacoin (Sia docs, "Addresses"): 76 lower-case hex: the 32-byte unlock hash and the first
 * 6 bytes of its blake2b-256 as a checksum.
 */
export function isSia(address: string): boolean {
  if (!/^[0-9a-f]{76}$/.test(address)) return false;
  const bytes = Uint8Array.from(address.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const hash = bytes.subarray(0, 32);
  return bytesEqual(bytes.subarray(32), blake2b(hash, { dkLen: 32 }).subarray(0, 6));
}

/** MultiversX (docs.multiversx.com, "Addresses"): bech32 "erd1..." of a 32-byte public key. */
export function isMultiversX(address: string): boolean {
  const bytes = bech32Bytes(address, "erd");
  return bytes?.length === 32 && !isAllZero(bytes);
}

/**
 * Zilliqa (dev.zilliqa.com, "Addresses"): bech32 "zil1..." of the 20-byte address. The 0x form
 * carries Zilliqa's own checksum rules and is easy to confuse with an Ethereum address, so
 * only the bech32 form that wallets show is accepted.
 */
export function isZilliqa(address: string): boolean {
  const bytes = bech32Bytes(address, "zil");
  return bytes?.length === 20 && !isAllZero(bytes);
}

/** A Cosmos SDK chain: bech32 with the chain's account prefix, 20-byte account or 32-byte module account. */
export function cosmosAccount(hrp: string): (address: string) => boolean {
  return (address) => {
    const bytes = bech32Bytes(address, hrp);
    return bytes !== undefined && (bytes.length === 20 || bytes.length === 32) && !isAllZero(bytes);
  };
}

// ---------------------------------------------------------------------------------------------
// Ardor: NXT-style Reed-Solomon account ids (Jelurida's ReedSolomon.java)

const RS_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const RS_CODEWORD_MAP = [3, 2, 1, 0, 7, 6, 5, 4, 13, 14, 15, 16, 12, 8, 9, 10, 11];
const GF32_EXP = [1, 2, 4, 8, 16, 5, 10, 20, 13, 26, 17, 7, 14, 28, 29, 31, 27, 19, 3, 6, 12, 24, 21, 15, 30, 25, 23, 11, 22, 9, 18, 1];
const GF32_LOG = [0, 0, 1, 18, 2, 5, 19, 11, 3, 29, 6, 27, 20, 8, 12, 23, 4, 10, 30, 17, 7, 22, 28, 26, 21, 25, 9, 16, 13, 14, 24, 15];
const UINT64_LIMIT = 1n << 64n;

function gf32Multiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : GF32_EXP[(GF32_LOG[a]! + GF32_LOG[b]!) % 31]!;
}

/** The 17 symbols (13 data, little-endian base 32, and 4 parity) of a 64-bit account id. */
function reedSolomonCodeword(id: bigint): number[] {
  const codeword: number[] = [];
  for (let i = 0; i < 13; i++) codeword.push(Number((id >> BigInt(5 * i)) & 31n));
  const parity = [0, 0, 0, 0];
  for (let i = 12; i >= 0; i--) {
    const feedback = codeword[i]! ^ parity[3]!;
    parity[3] = parity[2]! ^ gf32Multiply(30, feedback);
    parity[2] = parity[1]! ^ gf32Multiply(6, feedback);
    parity[1] = parity[0]! ^ gf32Multiply(9, feedback);
    parity[0] = gf32Multiply(17, feedback);
  }
  return [...codeword, ...parity];
}

/**
 * Ardor "ARDOR-XXXX-XXXX-XXXX-XXXXX": the account id read back from the data symbols must fit
 * 64 bits and encode to exactly the same 17 symbols (which checks the 4 parity symbols).
 */
export function isArdor(address: string): boolean {
  const match = /^ARDOR-([2-9A-HJ-NP-Z]{4})-([2-9A-HJ-NP-Z]{4})-([2-9A-HJ-NP-Z]{4})-([2-9A-HJ-NP-Z]{5})$/.exec(address);
  if (!match) return false;
  const symbols = [...match.slice(1).join("")].map((char) => RS_ALPHABET.indexOf(char));
  const codeword = new Array<number>(17).fill(0);
  symbols.forEach((symbol, position) => {
    codeword[RS_CODEWORD_MAP[position]!] = symbol;
  });
  let id = 0n;
  for (let i = 12; i >= 0; i--) id = id * 32n + BigInt(codeword[i]!);
  if (id >= UINT64_LIMIT) return false;
  const expected = reedSolomonCodeword(id);
  return expected.every((symbol, index) => symbol === codeword[index]);
}

// ---------------------------------------------------------------------------------------------
// Account names

/**
 * Steem and Hive (is_valid_account_name in steem/hive protocol/config.hpp and types.cpp): 3 to 16
 * characters; dot-separated parts of at least 3, each starting with a letter, ending with a
 * letter or digit, with lower-case letters, digits and dashes between.
 */
export function isGrapheneAccountName(address: string): boolean {
  if (address.length < 3 || address.length > 16) return false;
  return address.split(".").every((part) => /^[a-z][a-z0-9-]*[a-z0-9]$/.test(part) && part.length >= 3);
}

/** IOST (IOST docs, "Account"): 5 to 11 characters of lower-case letters, digits and underscores. */
export function isIostAccount(address: string): boolean {
  return /^[a-z0-9_]{5,11}$/.test(address);
}
