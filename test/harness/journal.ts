import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ManualClock } from "../../src/clock.js";
import { openSqliteStore, SqliteBudgetJournal, type Store } from "../../src/db/index.js";
import { openPostgres, PgBudgetJournal } from "../../src/db/postgres/index.js";
import type { BudgetJournal } from "../../src/exchange/budget.js";
import { worldDatabase } from "./postgres.js";
import { settleOnPool } from "./settle.js";

/** One process's view of a journal's database: the budget's journal on it, on the test's clock. */
export interface JournalProcess {
  journal: BudgetJournal;
  store: Store;
  close(): Promise<void>;
}

/**
 * A new database for the rate budget's journal, on the suite's back end (a SQLite file, or a
 * PostgreSQL database with TEST_DATABASE=postgres): each `open` is one process on it (a
 * restart opens it again, two processes open it twice), its journal on the test's fake clock.
 */
export async function journalDatabase(): Promise<{ open(clock: ManualClock): Promise<JournalProcess>; drop(): Promise<void> }> {
  const database = await worldDatabase();
  const url = database.env.DATABASE_URL;
  if (url !== undefined) {
    return {
      async open(clock) {
        const store = await openPostgres(url, { max: 2 });
        const stopSettling = settleOnPool(clock, store.pool);
        return {
          journal: new PgBudgetJournal(store.pool, { clock }),
          store,
          async close() {
            stopSettling();
            await store.close();
          },
        };
      },
      drop: database.drop,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "swapbot-budget-"));
  const path = join(dir, "bot.sqlite");
  return {
    async open(clock) {
      const store = openSqliteStore(path);
      return { journal: new SqliteBudgetJournal(store, clock), store, close: () => store.close() };
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
