import { randomInt } from "node:crypto";

/** A small seedable generator: ids, addresses and hashes are reproducible when a seed is given. */
export interface Random {
  /** Uniform integer in [0, 2^32). */
  uint32(): number;
}

/** mulberry32: tiny, fast and good enough for fixture data (not for secrets). */
export function createRandom(seed: number = randomInt(2 ** 31)): Random {
  let state = seed >>> 0;
  return {
    uint32() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    },
  };
}

export function randomString(random: Random, alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet.charAt(random.uint32() % alphabet.length);
  return out;
}

/** FNV-1a, for deterministic per-key variation (price drift) without any state. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
