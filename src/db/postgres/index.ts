export { openPostgres, postgresTarget, connectionConfig, type PostgresOptions, type PostgresStore, type PostgresTarget } from "./connect.js";
export { migratePostgres, PG_MIGRATIONS } from "./migrations.js";
export { PgBudgetJournal } from "./budget-journal.js";
export { PgInstanceLock, type PgInstanceLockOptions } from "./instance-lock.js";
export { LOCK_KEYS } from "./locks.js";
export { maskPassword, postgresUrlProblem, urlPassword } from "./url.js";
