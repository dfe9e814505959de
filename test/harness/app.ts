import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { type App, type AppOverrides, createApp } from "../../src/app.js";
import { ManualClock } from "../../src/clock.js";
import { loadConfig } from "../../src/config.js";
import { type BotApiEmulator, startBotApiEmulator, waitFor } from "../../src/emulator/index.js";
import { startSandbox, type Timeline } from "../../src/exchange/sandbox/index.js";
import { type FloodLimits, UNPACED } from "../../src/telegram/outbox.js";
import { captureLogs, type LogLine } from "./drive.js";
import { type TestBackEnd, worldDatabase } from "./postgres.js";
import { settleOnPool } from "./settle.js";

export interface TestWorld {
  clock: ManualClock;
  tg: BotApiEmulator;
  app: App;
  logs: LogLine[];
  /**
   * Stops the bot and starts a new process on the same database and emulator; `meanwhile`
   * runs while it is down (to leave the database as a crash would).
   */
  restart(meanwhile?: () => void | Promise<void>): Promise<App>;
  /** The SQLite file (unused when the world runs on PostgreSQL). */
  databasePath: string;
  /** Set when the world runs on PostgreSQL: its own database on the run's server. */
  databaseUrl: string | undefined;
  /** DATABASE_PATH or DATABASE_URL: for another process or app on the same database. */
  databaseEnv: Record<string, string>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** The app starts its own sandbox, which does not outlive a restart. */
  embeddedSandbox?: boolean;
  /** How long the shared sandbox keeps each status (the default turns "waiting" overdue after 30 min). */
  timeline?: Partial<Timeline>;
  /** The exchange client's timeouts (real time: the sandbox's delay fault is real time too). */
  exchangeTimeouts?: AppOverrides["exchangeTimeouts"];
  /**
   * Telegram's limits as the bot paces them. Default: none, since the fake clock stands still
   * while a test waits for the bot's answers; flood tests pass TELEGRAM_FLOOD_LIMITS and drive the clock.
   */
  floodLimits?: FloodLimits;
  /** The key the bot sends to the shared sandbox; another than "sandbox-key" is refused (401). */
  exchangeApiKey?: string;
  /** Wait for the catalogue to load before users arrive (default true; a refused key never loads it). */
  waitForCatalogue?: boolean;
  /**
   * The database: the suite's back end by default (TEST_DATABASE=postgres: a new PostgreSQL
   * database of the run's server; otherwise a SQLite file). A test that means something on one
   * back end only names it.
   */
  database?: TestBackEnd;
  /** PostgreSQL: how long the app waits between two tries at leading (real time; default 2 s). */
  leaderRetryMs?: number;
  /** How often the catalogue is refreshed (default: as in production, the providers every 5 minutes). */
  catalogueRefresh?: AppOverrides["catalogueRefresh"];
}

/**
 * The whole bot, as `npm start` builds it, on loopback: the Bot API emulator stands in for
 * Telegram, the embedded sandbox (no EXCHANGE_API_KEY) for the exchange service.
 */
export async function startWorld(env: Record<string, string> = {}, options: WorldOptions = {}): Promise<TestWorld> {
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  // A webhook the bot sets (WEBHOOK_URL, any public address) is delivered to the port it listens on.
  let webhookPort: () => number | undefined = () => undefined;
  const tg = await startBotApiEmulator({
    clock: () => clock.now(),
    webhookTarget: (url) => {
      const { pathname, search } = new URL(url);
      return `http://127.0.0.1:${webhookPort() ?? 9}${pathname}${search}`;
    },
  });
  const dir = mkdtempSync(join(tmpdir(), "swapbot-e2e-"));
  const database = await worldDatabase(options.database);
  const databaseEnv = database.env.DATABASE_URL === undefined ? { DATABASE_PATH: join(dir, "bot.sqlite") } : database.env;
  const config = loadConfig({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    ...databaseEnv,
    EXCHANGE_RATE_LIMIT_PER_MINUTE: "1000",
    ...env,
  });
  const { logger, lines } = process.env.TEST_LOGS ? { logger: pino({ level: "debug" }), lines: [] } : captureLogs();
  // The exchange outlives restarts of the bot, as the real service would.
  const sandbox = await startSandbox({
    apiKey: "sandbox-key",
    clock,
    rateLimitPerMinute: config.exchange.rateLimitPerMinute,
    ...(options.timeline ? { timeline: options.timeline } : {}),
  });
  let stopSettling: (() => void) | undefined;
  const boot = async () => {
    const shared = options.embeddedSandbox ? {} : { sandbox: { exchange: sandbox, apiKey: options.exchangeApiKey ?? "sandbox-key" } };
    const timeouts = options.exchangeTimeouts ? { exchangeTimeouts: options.exchangeTimeouts } : {};
    const leading = options.leaderRetryMs === undefined ? {} : { leaderRetryMs: options.leaderRetryMs };
    const refresh = options.catalogueRefresh ? { catalogueRefresh: options.catalogueRefresh } : {};
    // Real-time retries of Telegram calls, short: a test must not wait a backoff out.
    const telegramRetry = { firstMs: 20, maxMs: 200 };
    const floodLimits = options.floodLimits ?? UNPACED;
    const app = await createApp({ ...config, botToken: tg.token }, logger, {
      clock,
      botInfo: tg.botInfo,
      // The catalogue loads on the fake clock's first tick: waited for below, not by start().
      catalogueWaitMs: 0,
      telegramRetry,
      floodLimits,
      ...shared,
      ...timeouts,
      ...leading,
      ...refresh,
    });
    // On PostgreSQL the fake clock waits for the database's answers between timers.
    stopSettling?.();
    stopSettling = app.store.dialect === "postgres" ? settleOnPool(clock, app.store.pool) : undefined;
    await app.start();
    await clock.advance(0);
    if (options.waitForCatalogue === false) return app;
    // The catalogue loads on the first timer tick; let it come in before users arrive.
    await waitFor(
      async () => {
        await clock.advance(0);
        return app.catalogue.currencies().length > 0 && app.catalogue.providers().length > 0;
      },
      5_000,
      "the catalogue to load",
    );
    return app;
  };
  const world: TestWorld = {
    clock,
    tg,
    app: undefined as unknown as App,
    logs: lines,
    databasePath: config.databasePath,
    databaseUrl: config.databaseUrl,
    databaseEnv,
    async restart(meanwhile) {
      await world.app.stop();
      await meanwhile?.();
      world.app = await boot();
      return world.app;
    },
    async close() {
      await world.app.stop();
      await sandbox.close();
      await tg.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  webhookPort = () => world.app.ports().webhook;
  world.app = await boot();
  return world;
}

export { openTestStore } from "./store.js";
