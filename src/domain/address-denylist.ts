import { base64, base64url } from "@scure/base";
import { decodeOrUndefined } from "./address-codec.js";

/**
 * Addresses that are well-formed yet must never receive coins: burn sinks nobody can spend from,
 * and the largest stablecoin contracts, which people paste as "the USDT address" (coins sent to a
 * token contract are lost). Kept short on purpose; each entry says where it comes from.
 */

export type Denied = { kind: "burn-address" } | { kind: "token-contract"; token: string };

/** EVM addresses compare case-insensitively, TON by workchain and account hash (any spelling). */
function key(address: string): string {
  const ronin = /^ronin:([0-9a-fA-F]{40})$/.exec(address)?.[1];
  if (ronin !== undefined) return `0x${ronin.toLowerCase()}`;
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  const raw = /^0:([0-9a-fA-F]{64})$/.exec(address)?.[1];
  if (raw !== undefined) return `ton:${raw.toLowerCase()}`;
  if (/^[A-Za-z0-9_+/-]{48}$/.test(address)) {
    const bytes = decodeOrUndefined(base64url, address) ?? decodeOrUndefined(base64, address);
    if (bytes?.length === 36 && bytes[1] === 0) return `ton:${Buffer.from(bytes.subarray(2, 34)).toString("hex")}`;
  }
  return address;
}

const BURN_ADDRESSES = [
  "0x0000000000000000000000000000000000000000", // EVM zero address
  "0x000000000000000000000000000000000000dEaD", // the conventional EVM burn address
  "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", // Tron's zero address (0x41 + 20 zero bytes)
  "11111111111111111111111111111111", // Solana's all-zero key (the system program)
  "1nc1nerator11111111111111111111111111111111", // Solana's incinerator (solana_program::incinerator)
  "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ", // Algorand's zero address (developer docs)
  "nano_1111111111111111111111111111111111111111111111111111hifc8npp", // Nano's burn address (docs.nano.org)
  "xrb_1111111111111111111111111111111111111111111111111111hifc8npp",
  "RXBurnXXXXXXXXXXXXXXXXXXXXXXWUo9FV", // Ravencoin's global burn address (chainparams.cpp)
  // Ravencoin's asset burn addresses (chainparams.cpp): asset fees are paid into them
  "RXissueAssetXXXXXXXXXXXXXXXXXhhZGt",
  "RXReissueAssetXXXXXXXXXXXXXXVEFAWu",
  "RXissueSubAssetXXXXXXXXXXXXXWcwhwL",
  "RXissueUniqueAssetXXXXXXXXXXWEAe58",
  "RXissueMsgChanneLAssetXXXXXXSjHvAY",
  "RXissueQuaLifierXXXXXXXXXXXXUgEDbC",
  "RXissueSubQuaLifierXXXXXXXXXVTzvv5",
  "RXissueRestrictedXXXXXXXXXXXXzJZ1q",
  "RXaddTagBurnXXXXXXXXXXXXXXXXZQm5ya",
  // Bitcoin's best-known sinks (also valid, and as unspendable, on Bitcoin SV)
  "1111111111111111111114oLvT2", // P2PKH of the all-zero hash
  "1BitcoinEaterAddressDontSendf59kuE",
  "1CounterpartyXXXXXXXXXXXXXXXUWLpVr", // Counterparty's proof-of-burn address
  "0:0000000000000000000000000000000000000000000000000000000000000000", // TON's zero account (every spelling, see key)
  "ARDOR-2222-2222-2222-22222", // Ardor account 0
  "000000000000000000000000000000000000000000000000000000000000000089eb0d6a8a69", // Sia's void address (Sia docs)
];

/** USDT and USDC contracts (token mints on Solana, jetton masters on TON), from the issuers' own pages. */
const TOKEN_CONTRACTS: readonly [string, string][] = [
  ["0xdAC17F958D2ee523a2206206994597C13D831ec7", "USDT"], // Ethereum (tether.to)
  ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "USDC"], // Ethereum (circle.com)
  ["0x55d398326f99059fF775485246999027B3197955", "USDT"], // BNB Smart Chain
  ["0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", "USDC"], // BNB Smart Chain
  ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "USDT"], // Tron (tether.to)
  ["TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", "USDC"], // Tron (circle.com)
  ["Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", "USDT"], // Solana mint (tether.to)
  ["EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USDC"], // Solana mint (circle.com)
  ["EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs", "USDT"], // TON jetton master (tether.to); Circle issues no USDC on TON
];

const DENIED = new Map<string, Denied>([
  ...BURN_ADDRESSES.map((address): [string, Denied] => [key(address), { kind: "burn-address" }]),
  ...TOKEN_CONTRACTS.map(([address, token]): [string, Denied] => [key(address), { kind: "token-contract", token }]),
]);

/** Whether an address (already trimmed, printable) is a burn address or a token contract. */
export function deniedAddress(address: string): Denied | undefined {
  return DENIED.get(key(address));
}
