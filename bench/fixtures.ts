import type { CreateTransactionRequest } from "../src/exchange/client.js";

/** The exchange the benches create upstream: 0.05 BTC into USDT on Tron, a floating rate. */
export const SAMPLE_CREATE: CreateTransactionRequest = {
  providerName: "changenow",
  symbolFrom: "btc",
  networkFrom: "btc",
  symbolTo: "usdt",
  networkTo: "trx",
  toAddress: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj",
  amount: "0.05",
  fixed: false,
};
