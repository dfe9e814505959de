import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore, type Store } from "../../src/db/index.js";
import { openPostgres } from "../../src/db/postgres/index.js";
import { worldDatabase } from "./postgres.js";

/**
 * The database of a running (or stopped) world, opened apart from the bot, as another process or
 * an operator would, on the back end the bot uses; close it when done. A test that must set rows
 * the bot offers no way to change goes through it with Kysely, so it does not care which database it is.
 */
export async function openTestStore(world: { databasePath: string; databaseUrl: string | undefined }): Promise<Store> {
  return world.databaseUrl === undefined ? openSqliteStore(world.databasePath) : openPostgres(world.databaseUrl, { max: 2 });
}

/**
 * A new, empty database on the suite's back end (TEST_DATABASE; its schema up to date); `close`
 * also removes it.
 */
export async function openFreshStore(): Promise<{ store: Store; close(): Promise<void> }> {
  const database = await worldDatabase();
  const url = database.env.DATABASE_URL;
  if (url !== undefined) {
    const store = await openPostgres(url, { max: 4 });
    return {
      store,
      async close() {
        await store.close();
        await database.drop();
      },
    };
  }
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
