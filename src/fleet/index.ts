/**
 * The fleet: how this process runs among the others on its database (src/fleet/fleet.ts), with
 * the duties only the leader runs as parts with their own start and stop (src/fleet/duties.ts).
 */
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Repositories, SqliteStore } from "../db/index.js";
import type { PostgresStore } from "../db/postgres/index.js";
import type { Fleet } from "./fleet.js";
import { SharedFleet } from "./shared.js";
import { SingleProcessFleet } from "./single.js";

export { type Duty, DutyRoster, settlesBy } from "./duties.js";
export type { Fleet, Role, Signal } from "./fleet.js";

export interface FleetDeps {
  store: SqliteStore | PostgresStore;
  repos: Pick<Repositories, "inbox" | "instances" | "leases">;
  /** Where the data is: the SQLite file, or PostgreSQL's URL. */
  database: { path: string; url?: string };
  owner: string;
  clock: Clock;
  logger: Logger;
  graceMs: number;
  leaderRetryMs?: number;
}

/** The fleet the store allows: one process on SQLite, several on PostgreSQL. */
export function openFleet(deps: FleetDeps): Fleet {
  const { store, repos, owner, clock, logger } = deps;
  if (store.dialect === "sqlite") return new SingleProcessFleet({ store, repos, databasePath: deps.database.path, owner, clock, logger });
  return new SharedFleet({
    store,
    repos,
    databaseUrl: deps.database.url!,
    owner,
    logger,
    clock,
    graceMs: deps.graceMs,
    ...(deps.leaderRetryMs === undefined ? {} : { leaderRetryMs: deps.leaderRetryMs }),
  });
}
