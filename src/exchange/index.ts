/**
 * The exchange service, as the rest of the bot uses it: the client and its rate budget, the
 * catalogue of currencies and providers, the estimates, whether the service can serve at all,
 * the shapes of its data, and the embedded sandbox that stands in for it.
 */

export { type Currency, isFinalStatus, KNOWN_STATUSES, type Offer, type Transaction } from "../service/schemas.js";
export { ExchangeAvailability, type Unavailability } from "./availability.js";
export {
  BudgetCancelledError,
  type BudgetJournal,
  BudgetQueueFullError,
  type Lane,
  type QueuePlace,
  RateBudget,
  requesterOf,
} from "./budget.js";
export { type CatalogueOptions, CatalogueService } from "./catalogue.js";
export { type CreateTransactionRequest, ExchangeClient, type Pair } from "./client.js";
export { type ExchangeError, isExchangeError } from "./errors.js";
export { EstimateService, outsideLimits, type Quote } from "./estimates.js";
export { type SandboxExchange, type SteerEvent, startSandbox } from "./sandbox/index.js";
