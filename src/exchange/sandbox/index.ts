export { startSandbox, BASE_PATH } from "./server.js";
export type { Endpoint, Fault, HeldAnswer, RecordedRequest, SandboxExchange, SandboxOptions } from "./server.js";
export { DEFAULT_TIMELINE } from "./engine.js";
export type { Offer, ProviderState, Scenario, SteerEvent, Timeline, TransactionInfo, TransactionStatus } from "./engine.js";
export { CURRENCIES, PROVIDERS, USD_PRICES } from "./catalogue.js";
export type { ProviderSpec, RateType, SandboxCurrency, Tag } from "./catalogue.js";
