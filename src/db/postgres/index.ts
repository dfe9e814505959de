export { openPostgres, postgresTarget, connectionConfig, type PostgresOptions, type PostgresStore, type PostgresTarget } from "./connect.js";
export { migratePostgres, PG_MIGRATIONS } from "./migrations.js";
export { PgBudgetJournal } from "./budget-journal.js";
export { PgLeaderLock, type PgLeaderLockOptions } from "./leader-lock.js";
export { LOCK_KEYS } from "./locks.js";
export { maskPassword, postgresUrlProblem, urlPassword, urlSecrets } from "./url.js";
export { PgSignals, SIGNALS, type PgSignalsOptions, type Signal } from "./signal.js";
