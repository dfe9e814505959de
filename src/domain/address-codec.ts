import { sha256 } from "@noble/hashes/sha2.js";
import { type BytesCoder, base58, bech32, bech32m } from "@scure/base";

/** Small byte and encoding helpers shared by the address checks (./address.ts, ./address-chains.ts). */
export function decodeOrUndefined(coder: BytesCoder, text: string): Uint8Array | undefined {
  try {
    const bytes = coder.decode(text);
    // Only the canonical spelling of the bytes is accepted (no alternative encodings of the same value).
    return coder.encode(bytes) === text ? bytes : undefined;
  } catch {
    return undefined;
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

export function startsWithBytes(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

export function isAllZero(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const utf8 = new TextEncoder();

/** CRC-16/XMODEM (poly 0x1021, init 0), used by Stellar strkeys and TON user-friendly addresses. */
export function crc16Xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

const doubleSha256 = (bytes: Uint8Array): Uint8Array => sha256(sha256(bytes));

/**
 * Base58Check: payload followed by the first 4 bytes of a double hash of it (sha256 twice unless
 * the network says otherwise). Returns the payload.
 */
export function decodeBase58Check(
  text: string,
  coder: BytesCoder = base58,
  doubleHash: (bytes: Uint8Array) => Uint8Array = doubleSha256,
): Uint8Array | undefined {
  const raw = decodeOrUndefined(coder, text);
  if (!raw || raw.length < 5) return undefined;
  const payload = raw.subarray(0, raw.length - 4);
  const checksum = doubleHash(payload).subarray(0, 4);
  return bytesEqual(raw.subarray(raw.length - 4), checksum) ? payload : undefined;
}

/** Base58Check with one of the given version prefixes and a 20-byte hash after it. */
export function base58Versioned(...versions: (readonly number[])[]): (address: string) => boolean {
  return (address) => {
    const payload = decodeBase58Check(address);
    if (!payload) return false;
    return versions.some((version) => payload.length === version.length + 20 && startsWithBytes(payload, version));
  };
}

/** Decodes bech32 or bech32m; undefined when the checksum, charset or case is wrong. */
export function decodeBech32(
  coder: typeof bech32,
  address: string,
  limit: number | false = 90,
): { prefix: string; words: number[] } | undefined {
  try {
    return coder.decode(address, limit);
  } catch {
    return undefined;
  }
}

export function wordsToBytes(coder: typeof bech32, words: number[]): Uint8Array | undefined {
  try {
    return coder.fromWords(words);
  } catch {
    return undefined;
  }
}

/** Bytes of a bech32 string with exactly the given human-readable part. */
export function bech32Bytes(address: string, hrp: string, limit: number | false = 90): Uint8Array | undefined {
  const decoded = decodeBech32(bech32, address, limit);
  if (!decoded || decoded.prefix !== hrp) return undefined;
  return wordsToBytes(bech32, decoded.words);
}

/**
 * Native segwit (BIP-173/350) with the given human-readable part: v0 (P2WPKH 20 bytes, P2WSH
 * 32 bytes, bech32) and, where the chain has activated it, v1 taproot (32 bytes, bech32m).
 * Later versions are refused: outputs to them are anyone-can-spend today.
 */
export function isSegwit(address: string, hrp: string, { taproot }: { taproot: boolean }): boolean {
  const v0 = decodeBech32(bech32, address);
  if (v0) {
    if (v0.prefix !== hrp || v0.words[0] !== 0) return false;
    const program = wordsToBytes(bech32, v0.words.slice(1));
    return program !== undefined && (program.length === 20 || program.length === 32);
  }
  if (!taproot) return false;
  const v1 = decodeBech32(bech32m, address);
  if (!v1 || v1.prefix !== hrp || v1.words[0] !== 1) return false;
  const program = wordsToBytes(bech32m, v1.words.slice(1));
  return program !== undefined && program.length === 32;
}
