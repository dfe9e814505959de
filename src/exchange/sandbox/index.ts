export type { ProviderSpec, RateType, SandboxCurrency, Tag } from "./catalogue.js";
export { CURRENCIES, PROVIDERS, USD_PRICES } from "./catalogue.js";
export type {
  Offer,
  ProviderState,
  Scenario,
  SteerEvent,
  Timeline,
  TransactionInfo,
  TransactionRecord,
  TransactionStatus,
} from "./engine.js";
export { DEFAULT_TIMELINE } from "./engine.js";
export type { Endpoint, Fault, HeldAnswer, RecordedRequest, SandboxExchange, SandboxOptions } from "./server.js";
export { BASE_PATH, startSandbox } from "./server.js";
