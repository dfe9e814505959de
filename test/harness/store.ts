import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore, type Store } from "../../src/db/index.js";

/**
 * The database of a running (or stopped) world, opened apart from the bot, as another process or
 * an operator would, on the back end the bot uses; close it when done. A test that must set rows
 * the bot offers no way to change goes through it with Kysely, so it does not care which database it is.
 */
export function openTestStore(world: { databasePath: string }): Store {
  return openSqliteStore(world.databasePath);
}

/** A new, empty database on the test back end (its schema up to date); `close` also removes it. */
export function openFreshStore(): { store: Store; close(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-db-"));
  const store = openSqliteStore(join(dir, "nested", "bot.sqlite"));
  return {
    store,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
