import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Bot } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { sql } from "kysely";
import type { Logger } from "pino";
import { type BotContext, botVoice, createBot } from "./bot/index.js";
import { fenceCalls } from "./chat/index.js";
import { type Clock, systemClock } from "./clock.js";
import { type Config, DATABASE_NOTE, databaseNote } from "./config.js";
import { createRepositories, openSqliteStore, type Repositories, type SqliteStore } from "./db/index.js";
import { openPostgres, type PostgresStore } from "./db/postgres/index.js";
import { followerDuties, leaderDuties } from "./duties/index.js";
import {
  type CatalogueOptions,
  CatalogueService,
  EstimateService,
  ExchangeAvailability,
  ExchangeClient,
  RateBudget,
  type SandboxExchange,
  startSandbox,
} from "./exchange/index.js";
import { openFleet, type Role, settlesBy } from "./fleet/index.js";
import { acceptInto, HandledChats, InboxWorker } from "./inbox/index.js";
import { databaseReadiness, type HealthCheck, Metrics, type OpsServer, startOpsServer } from "./ops/index.js";
import { Parts } from "./parts.js";
import { connectToTelegram, type RetryTiming, startWebhook, type UpdateFeed } from "./telegram/index.js";
import { type FloodLimits, Outbox, TELEGRAM_FLOOD_LIMITS, UNPACED } from "./telegram/outbox.js";
import { StatusNotifier, Tracker } from "./tracker/index.js";

export interface App {
  bot: Bot<BotContext>;
  /** The database the repositories work on (tests and the bench look under them). */
  store: SqliteStore | PostgresStore;
  repos: Repositories;
  budget: RateBudget;
  client: ExchangeClient;
  catalogue: CatalogueService;
  tracker: Tracker;
  metrics: Metrics;
  /** Ports actually listened on (the configured ones, or those taken for port 0). */
  ports(): { webhook?: number; health?: number };
  /** Present when the bot runs on the embedded sandbox. */
  sandbox: SandboxExchange | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when no update is waiting in the inbox for this process or being handled. */
  idle(): Promise<void>;
  /** leader (runs the background duties), follower (PostgreSQL: another instance leads) or standby (SQLite: another process runs). */
  role(): Role;
  /** While stopping: the updates still being handled, and what the stop waits for now (said if the stop is cut short). */
  held(): { updates: number; waitingFor: string };
}

/**
 * What a stop may take past its grace (saying this process is gone, closing the database) before
 * the process exits all the same (src/main.ts).
 */
export const STOP_CLOSING_MS = 1_000;

export interface AppOverrides {
  clock?: Clock;
  botInfo?: UserFromGetMe;
  /** A sandbox that outlives this process (tests restart the bot, not the exchange). */
  sandbox?: { exchange: SandboxExchange; apiKey: string };
  /** Waits between attempts to reach Telegram (tests shorten them); default 1 s doubling to a minute. */
  telegramRetry?: RetryTiming;
  /** Timeouts for the exchange client (tests shorten them). */
  exchangeTimeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  /** Telegram's flood limits as paced on our side; default TELEGRAM_FLOOD_LIMITS. */
  floodLimits?: FloodLimits;
  /** PostgreSQL: how long a follower waits between two tries at leading (real time); default 1 s. */
  leaderRetryMs?: number;
  /** PostgreSQL: how often a follower reads the catalogue the leader stores (on the app's clock); default a minute. */
  catalogueFollowMs?: number;
  /** How often the catalogue is refreshed (tests that let days pass need not refresh the providers every 5 minutes). */
  catalogueRefresh?: Pick<CatalogueOptions, "currenciesEveryMs" | "providersEveryMs">;
  /** How long start() waits for a currency catalogue before it says ready (real time); default 15 s, 0 not at all. */
  catalogueWaitMs?: number;
}

/** How long start-up waits for the currency catalogue (the service may be down: then ready all the same). */
const CATALOGUE_WAIT_MS = 15_000;

/**
 * The one place that builds the process and the one place that takes it down again. Its parts
 * are built in the order they depend on each other, each reading only those above it: the
 * database, the fleet, the metrics, the exchange service, Telegram's outbox, the bot's voice, the
 * tracker, the bot, the inbox, the duties. An event a part tells the parts above it (the count of
 * processes, the fleet's signals) is listened to once those are built. The process is then the
 * list of those parts with a start or a stop (`parts`, at the end): start() brings them up in
 * order, the feed of updates last; stop() takes them down last first, within one grace.
 */
export async function createApp(config: Config & { botToken: string }, logger: Logger, overrides: AppOverrides = {}): Promise<App> {
  const clock = overrides.clock ?? systemClock;
  const warn = warnOn(logger);
  const note = databaseNote(config);
  if (note !== undefined) logger.info(note, DATABASE_NOTE);
  const store = await openStore(config, logger);
  // This process, as its leases, its claims (the card, a status message it sends), its background
  // fetches and the list of running processes name it.
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const repos = createRepositories(store, clock, owner);

  // How this process runs beside the others on the database (src/fleet/): who leads, who runs,
  // the chats' leases, the signals between them.
  const fleet = openFleet({
    store,
    repos,
    database: { path: config.databasePath, ...(config.databaseUrl === undefined ? {} : { url: config.databaseUrl }) },
    owner,
    clock,
    logger,
    graceMs: config.shutdownGraceMs,
    ...(overrides.leaderRetryMs === undefined ? {} : { leaderRetryMs: overrides.leaderRetryMs }),
  });
  const role = (): Role => fleet.role();
  // What every part below reports to; /metrics reads its registry.
  const metrics = new Metrics();

  // The exchange service: the embedded sandbox when no key is given.
  let sandbox: SandboxExchange | undefined = overrides.sandbox?.exchange;
  let exchangeUrl = sandbox?.url ?? config.exchange.apiUrl;
  let apiKey = overrides.sandbox?.apiKey ?? config.exchange.apiKey;
  const ownSandbox = apiKey === undefined;
  if (apiKey === undefined) {
    apiKey = randomBytes(16).toString("hex");
    sandbox = await startSandbox({ apiKey, clock, rateLimitPerMinute: config.exchange.rateLimitPerMinute });
    exchangeUrl = sandbox.url;
    logger.warn({ url: sandbox.url }, "EXCHANGE_API_KEY is not set, so the embedded SANDBOX exchange runs and no real funds move");
  }
  // Whether people can be served at all, told by every call to the service and by the catalogue;
  // read by the bot, /stats and /healthz.
  const availability = new ExchangeAvailability({ clock, logger });
  const budget = new RateBudget({
    limitPerMinute: config.exchange.rateLimitPerMinute,
    backgroundShare: config.exchange.backgroundShare,
    clock,
    onGranted: (lane, waitedMs) => metrics.budgetWaited(lane, waitedMs),
    onListenerError: (error) => logger.error({ err: error }, "a rate budget listener failed (the request still went)"),
    // In the database: a restart, or another process on it, continues the same window.
    journal: fleet.budgetJournal(overrides.clock),
  });
  const client = new ExchangeClient({
    baseUrl: exchangeUrl,
    apiKey,
    authScheme: config.exchange.authScheme,
    budget,
    clock,
    logger,
    ...(overrides.exchangeTimeouts ? { timeouts: overrides.exchangeTimeouts } : {}),
    onCall: (endpoint, outcome, attempt) => {
      metrics.upstreamCall(endpoint, outcome);
      availability.observe(endpoint, outcome, attempt);
      if (outcome === "rate-limited") metrics.rateLimitedBy("exchange");
    },
  });
  const catalogue = new CatalogueService(
    {
      client,
      repo: repos.catalogue,
      kv: repos.kv,
      clock,
      logger,
      onRefreshAttempt: (part) => part === "currencies" && availability.catalogueTried(),
      onCurrencies: (count) => availability.catalogueHolds(count),
      // The followers read it again at once.
      onRefreshed: () => fleet.send("catalogue"),
    },
    overrides.catalogueRefresh,
  );
  await catalogue.load();
  // A follower reads the catalogue the leader just stored.
  fleet.on("catalogue", () => {
    if (role() !== "leader") catalogue.load().catch(warn("could not read the catalogue again, so the last one read is served"));
  });
  const estimates = new EstimateService({ client, clock });
  metrics.readFrom({
    queuedByLane: () => budget.queuedByLane(),
    trackedByStatus: () => repos.schedule.trackedByStatus(),
    leading: () => role() === "leader",
    inboxWaiting: () => repos.inbox.waiting(),
    processes: () => fleet.running(),
  });

  // Telegram: every call into a chat is paced by the outbox, under Telegram's flood limits.
  if (!config.telegramPacing && !overrides.floodLimits)
    logger.warn(
      { meantFor: "load tests against an emulator" },
      "TELEGRAM_PACING=off, so nothing keeps the bot inside Telegram's flood limits",
    );
  const floodLimits = overrides.floodLimits ?? (config.telegramPacing ? TELEGRAM_FLOOD_LIMITS : UNPACED);
  const outbox = new Outbox({ clock, logger, limits: floodLimits, onWait: (ms) => metrics.outboxWaited(ms) });
  // Telegram's limits are shared among the processes that send: with webhooks, every one of them;
  // in polling mode, the leader stores and takes up nearly every update itself, so it keeps them whole.
  fleet.onCount((count) => outbox.shareWith(config.webhook ? count : 1));
  // The chats whose update this process handles now: the inbox's worker keeps them (below).
  const handled = new HandledChats();
  // A message into a private chat from outside its updates keeps Telegram's second across the
  // processes that send into it (with one process, the outbox alone keeps it).
  const turns = fleet.paceChats({ outbox, handlesChat: (chatKey) => handled.has(chatKey) });
  const voice = botVoice(
    { token: config.botToken, apiRoot: config.telegramApiRoot, ...(overrides.botInfo ? { botInfo: overrides.botInfo } : {}) },
    {
      repos,
      metrics,
      outbox,
      turns,
      sandbox: sandbox !== undefined,
      // Nothing goes into a chat whose lease this process lost while handling its update (src/chat/fence.ts),
      // nor from the leader's duties once another leads: checked as each call leaves.
      fence: fenceCalls(),
    },
  );
  const { bot } = voice;

  // The tracker: it polls the exchanges open (the leader's runs; a person's look runs here,
  // wherever the leader is) and tells their owners in the bot's words.
  const notifier = new StatusNotifier({
    api: voice.statusApi,
    repos,
    i18n: voice.i18n,
    catalogue,
    clock,
    logger,
    onStatusMessage: (outcome) => metrics.statusMessage(outcome),
    wakeLeader: () => fleet.send("trackerWake"),
  });
  const tracker = new Tracker({
    repos,
    client,
    budget,
    notifier,
    clock,
    logger,
    intervalMs: config.trackerIntervalSeconds * 1000,
    slowness: config.slowness,
  });

  // The bot: its middleware and features, and the duties of its own that only the leader runs.
  const { handle, idle, handling, duties } = createBot(voice, {
    clock,
    logger,
    repos,
    metrics,
    exchange: { client, budget, catalogue, estimates, availability },
    supportUserIds: config.supportUserIds,
    process: { owner, isRunning: (other) => fleet.isRunning(other) },
    trackerIntervalSeconds: config.trackerIntervalSeconds,
    alertCheckMinutes: config.alertCheckMinutes,
    tracking: {
      refresh: (exchangeId, requester) => tracker.refresh(exchangeId, requester),
      // New work for the leader (the tracker's, an owed creation outcome's): heard below.
      wake: () => fleet.tellLeader("trackerWake"),
      fundsSent: async (exchangeId) => {
        // Recorded in the database (the local tracker is woken too, and ignores it when not running).
        await tracker.fundsSent(exchangeId);
        if (role() !== "leader") fleet.send("trackerWake");
      },
      // The sweep runs on the leader: its own tracker shows the card.
      cardHandedOver: () => tracker.wake(),
    },
  });

  // Every update is stored before Telegram is told it arrived, then handled from the inbox
  // (src/inbox/), one chat at a time across every process on the database, under the fleet's leases.
  const inbox = new InboxWorker({ leases: fleet.leases, logger, handle, handled, chatSends: outbox.chatSends });
  const accept = acceptInto(repos.inbox, inbox);
  const appIdle = async () => {
    await inbox.idle();
    await idle();
  };

  // The duties (src/duties/): the leader's, started in their order whenever this process leads
  // (SQLite's one process: at once) and stopped in the reverse order; a follower's meanwhile.
  const retry = overrides.telegramRetry ? { retry: overrides.telegramRetry } : {};
  const leader = leaderDuties({
    logger,
    clock,
    repos,
    bot,
    botDuties: duties,
    catalogue,
    client,
    tracker,
    polling: !config.webhook,
    alertCheckMs: config.alertCheckMinutes * 60_000,
    accept,
    ...retry,
  });
  const followerDuty = followerDuties({ catalogue, logger, followMs: overrides.catalogueFollowMs ?? 60_000 });
  // New work for the leader: the tracker's, and an owed creation outcome's. The duties' wakes run
  // their work in their own term's context, under the leader's fence, whoever wakes them.
  fleet.on("trackerWake", () => {
    tracker.wake();
    leader.wakeOwedOutcomes();
  });
  fleet.onCount((count, was) => {
    // A process counted gone may have left an offers list unanswered: the leader looks now.
    // (One gone as another came keeps the count: its lists wait for the next look, within a minute.)
    if (count < was) leader.wakeOffersRecovery();
    // …or a creation card or a status message it was sending: the leader's tracker takes them over now.
    if (count < was && leader.tracking()) tracker.processGone();
  });

  /** The webhook's feed: every instance takes webhooks (polling, a leader's duty, is `pollingFeed`). */
  let webhookFeed: (UpdateFeed & { close(): Promise<void> }) | undefined;
  let webhookPort: number | undefined;
  let ops: OpsServer | undefined;
  /** What the process is doing before it may take traffic (or once stopping): /readyz says it. */
  let phase = "starting";
  let ready = false;

  const databaseAnswers = databaseReadiness(() => sql`SELECT 1`.execute(store.db));
  const checks: Record<string, HealthCheck> = {
    // The feed this process runs, if any: a follower in polling mode or a standby polls nothing.
    telegram: () => (webhookFeed ?? leader.pollingFeed())?.health() ?? { ok: true },
    // A database that stopped answering fails the check rather than hanging it.
    database: async () => {
      const answered = await within(sql`SELECT 1`.execute(store.db), DATABASE_CHECK_MS);
      return answered ? { ok: true } : { ok: false, reason: `no answer from the database within ${DATABASE_CHECK_MS / 1000} s` };
    },
    // Only the leader runs it.
    tracker: () => (leader.tracking() ? tracker.health() : { ok: true }),
    // Shown, not failed: restarting the bot would not bring the service back.
    exchange: () => {
      const down = availability.current();
      return down ? { ok: true, degraded: `${down.reason}: ${down.detail}` } : { ok: true };
    },
  };

  // What a part's stop begins as it stops taking work, and waits for later.
  let budgetClosed: Promise<void> = Promise.resolve();
  let inboxStopped: Promise<{ unfinished: number }> = Promise.resolve({ unfinished: 0 });
  let dutiesStopped: Promise<string[]> = Promise.resolve([]);
  // The process as its parts, in the order start() brings them up; stop() takes them down last first
  // (src/parts.ts): all stop taking work, their work under way is waited for, then each lets go of what it holds.
  const parts = new Parts([
    {
      // First up, so that /healthz and /readyz say what the process waits for (a standby, say); last down.
      name: "the ops server",
      async start() {
        if (!config.health) return;
        // A busy port costs the operator their metrics, not their users the bot.
        ops = await startOpsServer({
          ...config.health,
          checks,
          role,
          // Running, and its database answers: a replica whose database hangs leaves the rotation.
          ready: () => (ready ? databaseAnswers() : { ready: false, reason: phase }),
          metrics,
          logger,
        }).catch((error: unknown) => {
          logger.error({ err: error, port: config.health?.port }, "could not serve /healthz and /metrics");
          return undefined;
        });
      },
      close: () => ops?.close(),
    },
    {
      // SQLite: one process per file, another waits (standby) until this one stops; PostgreSQL: hears the others.
      name: "the database",
      start: (signal) => fleet.enter(signal, (waiting) => (phase = waiting)),
      async close() {
        await store.close();
        // SQLite: the file's lock goes last, for a standby to take over a closed database.
        await fleet.close();
      },
    },
    // The exchange service, built above.
    { name: "the sandbox", close: () => (ownSandbox ? sandbox?.close() : undefined) },
    {
      name: "the rate budget",
      // Calls still waiting for the budget give up at once, so handlers and polls can finish.
      // (Every grant is already in the journal: it is written before its call goes out.)
      pause: () => {
        budgetClosed = budget.close();
      },
      close: () => budgetClosed,
    },
    // Out of time: calls to the exchange still under way are cut off rather than awaited.
    { name: "the exchange client", close: ({ cutShort }) => client.close({ force: cutShort }) },
    { name: "the catalogue", close: () => catalogue.stop() },
    {
      name: "Telegram",
      start(signal) {
        phase = "connecting to Telegram";
        return connectToTelegram(bot, { apiRoot: config.telegramApiRoot, logger, signal, ...retry });
      },
    },
    {
      // The running processes: this one among them from now on, and gone from them at once as it
      // stops (a database that does not answer: it is forgotten within seconds).
      name: "the fleet",
      start() {
        phase = "starting";
        return fleet.register();
      },
      close: ({ deadline }) => fleet.leave(Math.max(deadline, Date.now() + STOP_CLOSING_MS / 2)),
    },
    {
      // Updates left waiting by the last stop (or another process) are handled from now on. Once
      // stopping, none is taken up; those being handled get until the deadline, then this process's
      // chats are let go for another process (or the next start) to go on with.
      name: "the updates being handled",
      start: () => inbox.start(),
      pause: ({ deadline }) => {
        inboxStopped = inbox.stop(deadline);
      },
      async finish({ deadline }) {
        const done = (await settlesBy(idle(), deadline)) && (await inboxStopped).unfinished === 0;
        if (!done) {
          logger.warn(
            { handlers: handling(), graceSeconds: config.shutdownGraceMs / 1000 },
            "stopping without the updates still being handled after the grace period",
          );
        }
        return done;
      },
    },
    {
      // Run here while this process leads (SQLite's one process: at once; after the first try, this one may lead).
      name: "the background duties",
      start: () => fleet.run({ leader: leader.duties, follower: followerDuty }),
      // The leader's duties stop, polling first; the leader's lease goes as soon as they have, for another instance to lead at once.
      pause: ({ deadline }) => {
        dutiesStopped = fleet.stopDuties(deadline);
      },
      async finish({ deadline }) {
        // The fleet waits for each duty until the deadline itself; past it, something else hangs (letting the lease go).
        const unfinished = (await settlesBy(dutiesStopped, deadline + STOP_CLOSING_MS / 2))
          ? await dutiesStopped
          : ["letting the leader's lease go"];
        if (unfinished.length > 0)
          logger.warn({ duties: unfinished }, "stopping without the background duties still running after the grace period");
        return unfinished.length === 0;
      },
    },
    {
      // Whoever writes as soon as this process says it is ready gets offers, not "the exchange
      // service is unavailable": on a first start the leader fetches the catalogue and a follower
      // reads it once stored (every 2 s while it has none). Bounded: the service may be down.
      name: "the currency catalogue",
      async start(signal) {
        const waitMs = overrides.catalogueWaitMs ?? CATALOGUE_WAIT_MS;
        if (waitMs === 0 || catalogue.currencies().length > 0) return;
        phase = "waiting for the currency catalogue";
        if (!(await catalogue.held(waitMs, signal)) && !signal.aborted) {
          logger.warn({ waitedSeconds: waitMs / 1000 }, "ready without a currency catalogue, so people hear the exchange is unavailable");
        }
      },
    },
    {
      // Every instance takes webhooks (setWebhook with the same address is the same webhook).
      name: "the webhook",
      async start(signal) {
        if (!config.webhook) return;
        phase = "setting the webhook";
        const pushed = await startWebhook(bot, { ...config.webhook, logger, signal, accept, ...retry });
        if (!pushed) return false;
        webhookPort = pushed.port;
        webhookFeed = pushed;
      },
      // No new webhook from here on: each is answered 503 until the port closes, once every part
      // has finished; what Telegram was told arrived is in the inbox by then.
      async pause({ deadline }) {
        await settlesBy(webhookFeed?.stop() ?? Promise.resolve(), deadline);
      },
      close: () => webhookFeed?.close(),
    },
  ]);
  let stopped: Promise<void> | undefined;
  return {
    bot,
    store,
    repos,
    budget,
    client,
    catalogue,
    tracker,
    metrics,
    sandbox,
    idle: appIdle,
    role,
    held: () => ({ updates: handling(), waitingFor: parts.waitingFor() }),
    ports() {
      return { ...(webhookPort === undefined ? {} : { webhook: webhookPort }), ...(ops ? { health: ops.port } : {}) };
    },
    async start() {
      // False: a stop came first (a standby stopped while waiting, say).
      if (!(await parts.start())) return;
      phase = "running";
      ready = true;
      logger.info(
        { username: bot.botInfo.username, sandbox: sandbox !== undefined, updates: config.webhook ? "webhook" : "polling", role: role() },
        "bot started",
      );
    },
    stop() {
      stopped ??= (async () => {
        ready = false;
        phase = "stopping";
        // The grace counts from the signal: every wait ends by then.
        await parts.stop(Date.now() + config.shutdownGraceMs);
        logger.info("bot stopped");
      })();
      return stopped;
    },
  };
}

/** A catch that logs `what` as a warning (the work goes on without it). */
function warnOn(logger: Logger): (what: string) => (error: unknown) => void {
  return (what) => (error) => logger.warn({ err: error }, what);
}

/** How long /healthz waits for the database's answer (Docker's HEALTHCHECK gives the whole check 5 s). */
const DATABASE_CHECK_MS = 3_000;

/**
 * The database DATABASE_URL names (PostgreSQL), else the SQLite file at DATABASE_PATH, its
 * schema brought up to date either way. A PostgreSQL that cannot be used throws a
 * DatabaseConfigError: one sentence saying what to fix.
 */
async function openStore(config: Config, logger: Logger): Promise<SqliteStore | PostgresStore> {
  if (config.databaseUrl === undefined) return openSqliteStore(config.databasePath);
  return openPostgres(config.databaseUrl, {
    onIdleError: (error) =>
      logger.error({ err: error, next: "the next query opens a new one" }, "a connection to PostgreSQL broke while idle"),
  });
}

/** Whether `work` resolves within `ms` (real time); its rejection is passed on. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
