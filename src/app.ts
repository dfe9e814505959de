import { randomBytes } from "node:crypto";
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import { systemClock, type Clock } from "./clock.js";
import type { Config } from "./config.js";
import { createRepositories, openDatabase, SqliteBudgetJournal, waitForInstanceLock, type InstanceLock, type Repositories } from "./db/index.js";
import { createBot } from "./bot/index.js";
import { startFlowSweeper } from "./bot/flow-sweeper.js";
import { registerCommands } from "./bot/features/menu.js";
import { localeOfUser } from "./bot/i18n.js";
import type { BotContext } from "./bot/context.js";
import { RateBudget } from "./exchange/budget.js";
import { CatalogueService } from "./exchange/catalogue.js";
import { ExchangeClient } from "./exchange/client.js";
import { EstimateService } from "./exchange/estimates.js";
import { startSandbox, type SandboxExchange } from "./exchange/sandbox/index.js";
import { StatusNotifier } from "./tracker/notifier.js";
import { Tracker } from "./tracker/tracker.js";

export interface App {
  bot: Bot<BotContext>;
  repos: Repositories;
  budget: RateBudget;
  client: ExchangeClient;
  catalogue: CatalogueService;
  tracker: Tracker;
  /** Present when the bot runs on the embedded sandbox. */
  sandbox: SandboxExchange | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when no update is being handled. */
  idle(): Promise<void>;
}

export interface AppOverrides {
  clock?: Clock;
  botInfo?: UserFromGetMe;
  /** A sandbox that outlives this process (tests restart the bot, not the exchange). */
  sandbox?: { exchange: SandboxExchange; apiKey: string };
  /** Timeouts for the exchange client (tests shorten them). */
  exchangeTimeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
}

/**
 * config → database → exchange → bot: the one place that builds the process, and the
 * one place that takes it down again in the reverse order.
 */
export async function createApp(config: Config & { botToken: string }, logger: Logger, overrides: AppOverrides = {}): Promise<App> {
  const clock = overrides.clock ?? systemClock;
  const db = openDatabase(config.databasePath);
  const repos = createRepositories(db, clock);

  let sandbox: SandboxExchange | undefined = overrides.sandbox?.exchange;
  let exchangeUrl = sandbox?.url ?? config.exchange.apiUrl;
  let apiKey = overrides.sandbox?.apiKey ?? config.exchange.apiKey;
  const ownSandbox = apiKey === undefined;
  if (apiKey === undefined) {
    apiKey = randomBytes(16).toString("hex");
    sandbox = await startSandbox({ apiKey, clock, rateLimitPerMinute: config.exchange.rateLimitPerMinute });
    exchangeUrl = sandbox.url;
    logger.warn({ url: sandbox.url }, "EXCHANGE_API_KEY is not set: using the embedded SANDBOX exchange. No real funds move.");
  }

  const budget = new RateBudget({
    limitPerMinute: config.exchange.rateLimitPerMinute,
    backgroundShare: config.exchange.backgroundShare,
    clock,
    // In SQLite, so that a restart (or a second process on this file) continues the same window.
    journal: new SqliteBudgetJournal(db),
  });
  const client = new ExchangeClient({
    baseUrl: exchangeUrl,
    apiKey,
    authScheme: config.exchange.authScheme,
    budget,
    clock,
    logger,
    ...(overrides.exchangeTimeouts ? { timeouts: overrides.exchangeTimeouts } : {}),
  });
  const catalogue = new CatalogueService({ client, repo: repos.catalogue, kv: repos.kv, clock, logger });
  const estimates = new EstimateService({ client, clock });

  const { bot, i18n, idle } = createBot(
    { token: config.botToken, apiRoot: config.telegramApiRoot, ...(overrides.botInfo ? { botInfo: overrides.botInfo } : {}) },
    {
      clock,
      logger,
      repos,
      exchange: { client, budget, catalogue, estimates },
      sandbox: sandbox !== undefined,
      supportUserIds: config.supportUserIds,
      trackerIntervalSeconds: config.trackerIntervalSeconds,
      tracking: {
        refresh: (exchangeId) => tracker.refresh(exchangeId),
        wake: () => tracker.wake(),
        fundsSent: (exchangeId) => tracker.fundsSent(exchangeId),
      },
    },
  );
  const notifier = new StatusNotifier({ api: bot.api, repos, i18n, catalogue, clock, logger });
  const tracker = new Tracker({ repos, client, notifier, clock, logger, intervalMs: config.trackerIntervalSeconds * 1000 });

  let runner: RunnerHandle | undefined;
  let sweeper: ReturnType<typeof startFlowSweeper> | undefined;
  let instanceLock: InstanceLock | undefined;
  let starting: Promise<void> | undefined;
  const stopping = new AbortController();
  return {
    bot,
    repos,
    budget,
    client,
    catalogue,
    tracker,
    sandbox,
    idle,
    start() {
      starting = (async () => {
        // Only one process polls Telegram and runs the tracker for a database; another waits.
        instanceLock = await waitForInstanceLock(config.databasePath, { clock, logger, signal: stopping.signal });
        if (!instanceLock) return; // stopped while waiting
        // (grammY types its signal after the abort-controller package; it is the same object.)
        await bot.init(stopping.signal as Parameters<typeof bot.init>[0]);
        if (stopping.signal.aborted) return;
        catalogue.start();
        await registerCommands(bot.api, i18n, config.supportUserIds).catch((error: unknown) => logger.warn({ err: error }, "could not register the command menu"));
        if (stopping.signal.aborted) return;
        sweeper = startFlowSweeper({
          kv: repos.kv,
          clock,
          api: bot.api,
          logger,
          note: (chatId) => {
            return i18n.t(localeOfUser(repos.users.find(chatId)), "flow-timeout");
          },
        });
        await tracker.start();
        if (stopping.signal.aborted) return;
        runner = run(bot, { runner: { fetch: { allowed_updates: ["message", "callback_query", "inline_query", "my_chat_member"] }, silent: true } });
        logger.info({ username: bot.botInfo.username, sandbox: sandbox !== undefined }, "bot started");
      })();
      return starting;
    },
    async stop() {
      stopping.abort();
      // A start still under way notices the abort at its next step; tear down after it.
      await starting?.catch(() => {});
      if (runner?.isRunning()) await runner.stop();
      // The tracker starts no new poll from here on (stop() says so before it awaits).
      const trackerStopped = tracker.stop();
      // Calls still waiting for the budget give up at once, so handlers and polls can finish.
      budget.close();
      await idle();
      await trackerStopped;
      sweeper?.stop();
      catalogue.stop();
      await client.close();
      if (ownSandbox) await sandbox?.close();
      db.close();
      instanceLock?.release();
      logger.info("bot stopped");
    },
  };
}
