export { PgBudgetJournal } from "./budget-journal.js";
export {
  connectionConfig,
  openPostgres,
  type PostgresOptions,
  type PostgresStore,
  type PostgresTarget,
  postgresTarget,
} from "./connect.js";
export { LOCK_KEYS } from "./locks.js";
export { migratePostgres, PG_MIGRATIONS } from "./migrations.js";
export { PgSignals, type PgSignalsOptions, SIGNALS, type Signal } from "./signal.js";
export { maskPassword, postgresUrlProblem, urlPassword, urlSecrets } from "./url.js";
