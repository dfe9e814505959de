import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import type { Clock } from "../../src/clock.js";
import { createRepositories, type NewTransaction, openSqliteStore, POLL_RANK, type Repositories, type Store } from "../../src/db/index.js";
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

/**
 * A new, empty database and the repositories on it, for each test of the file or of the describe
 * this is called in (openFreshStore: closed and removed after the test). Its fields are the current
 * test's: read them inside the tests and hooks. `as(owner)` gives another process's repositories
 * on the same database.
 */
export function freshRepositoriesEachTest(clock: Clock): {
  readonly store: Store;
  readonly repos: Repositories;
  as(owner: string): Repositories;
} {
  let fresh: Awaited<ReturnType<typeof openFreshStore>> | undefined;
  let repos: Repositories | undefined;
  beforeEach(async () => {
    fresh = await openFreshStore();
    repos = createRepositories(fresh.store, clock);
  });
  afterEach(async () => {
    await fresh?.close();
    fresh = repos = undefined;
  });
  const current = () => {
    if (!fresh || !repos) throw new Error("the fresh database is there only while a test runs");
    return { store: fresh.store, repos };
  };
  return {
    get store() {
      return current().store;
    },
    get repos() {
      return current().repos;
    },
    as: (owner) => createRepositories(current().store, clock, owner),
  };
}

/** An exchange as the flow records it once the service created it (0.05 BTC to USDT on Tron, waiting); `overrides` change any field. */
export function newTransaction(overrides: Partial<NewTransaction> = {}): NewTransaction {
  return {
    exchangeId: "exolix-floating-abc",
    userId: 7,
    chatId: 7,
    symbolFrom: "btc",
    networkFrom: "btc",
    symbolTo: "usdt",
    networkTo: "trx",
    amountFrom: "0.05",
    amountTo: "3012.5",
    addressTo: "TXYZ",
    extraTo: null,
    addressFrom: "bc1qdeposit",
    extraFrom: null,
    provider: "exolix",
    rateType: "floating",
    status: "waiting",
    createdAt: 0,
    nextPollAt: 1_000,
    pollRank: POLL_RANK.waiting,
    cardMessageId: null,
    ...overrides,
  };
}
