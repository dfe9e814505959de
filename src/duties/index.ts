/**
 * The background duties, in one list: what only the leader runs (SQLite: the one process), and
 * what a follower does meanwhile (PostgreSQL). Each is a part with its own start and stop; the
 * fleet starts them in this order whenever this process leads, and stops them in the reverse
 * order (src/fleet/duties.ts). app.ts builds their parts and hands them over.
 */
import type { Bot } from "grammy";
import type { Logger } from "pino";
import { AlertChecker } from "../alerts/index.js";
import type { BotContext, BotDuties } from "../bot/index.js";
import type { Clock } from "../clock.js";
import type { Repositories } from "../db/index.js";
import type { CatalogueService, ExchangeClient } from "../exchange/index.js";
import type { Duty } from "../fleet/index.js";
import type { AcceptUpdates } from "../telegram/feed.js";
import { type RetryTiming, startPolling, type UpdateFeed } from "../telegram/index.js";
import type { Tracker } from "../tracker/index.js";

/** What the leader's duties are made of (the bot gives its own). */
export interface LeaderParts {
  logger: Logger;
  clock: Clock;
  repos: Repositories;
  bot: Bot<BotContext>;
  botDuties: BotDuties;
  catalogue: CatalogueService;
  client: ExchangeClient;
  tracker: Tracker;
  /** Whether updates come by long polling (no webhook): polling Telegram is then the leader's. */
  polling: boolean;
  /** How often rate alerts are checked. */
  alertCheckMs: number;
  /** Where the polled updates go: stored into the inbox (src/inbox/). */
  accept: AcceptUpdates;
  /** Waits between attempts to reach Telegram (tests shorten them). */
  retry?: RetryTiming;
}

/** The leader's duties, and what the rest of the process reads of them. */
export interface LeaderDuties {
  /** In the order they start (each term builds its parts anew). */
  duties: Duty[];
  /** The feed of updates this process polls, while it leads in polling mode. */
  pollingFeed(): UpdateFeed | undefined;
  /** Whether this process's tracker runs (checked by /healthz from then on, not while its start still reads the database). */
  tracking(): boolean;
  /** A process was counted gone: the offers lists it left are looked at now. */
  wakeOffersRecovery(): void;
  /** New work: a creation outcome may be owed. */
  wakeOwedOutcomes(): void;
}

/** The duties only the leader runs, in the order they start. */
export function leaderDuties(parts: LeaderParts): LeaderDuties {
  const { logger, clock, repos, bot, botDuties, catalogue, client, tracker, accept } = parts;
  const warn = warnOn(logger);
  let alerts: AlertChecker | undefined;
  let pollingFeed: UpdateFeed | undefined;
  let tracking = false;
  const duties: Duty[] = [
    {
      name: "catalogue",
      // Read what the last leader stored (a follower reads it only now and then), then keep it fresh.
      start: async () => {
        await catalogue.load().catch(warn("could not read the catalogue again, so the last one read is served"));
        await catalogue.start();
      },
      stop: () => catalogue.stop(),
    },
    // The bot's: the command menu, the flow sweeper, the offers' recovery, the creation outcomes owed (src/bot/duties.ts).
    botDuties.commandMenu,
    botDuties.sweeper,
    botDuties.offersRecovery,
    botDuties.owedOutcomes,
    {
      name: "tracker",
      start: async () => {
        await tracker.start();
        tracking = true;
      },
      // It starts no new poll from here on (stop() says so before it awaits).
      stop: () => {
        tracking = false;
        return tracker.stop();
      },
    },
    {
      name: "rate alerts",
      // Checked in the background on the budget's lowest lane (src/alerts/).
      start: () => {
        alerts = new AlertChecker({
          alerts: repos.alerts,
          kv: repos.kv,
          client,
          isProviderEnabled: (name) => catalogue.isProviderEnabled(name),
          messenger: botDuties.alertMessenger,
          clock,
          logger,
          intervalMs: parts.alertCheckMs,
        });
        alerts.start();
      },
      stop: () => alerts?.stop(),
    },
    {
      name: "polling Telegram",
      // Long polling: one poller per bot token (two fight for updates, Telegram answering 409);
      // with webhooks, every process takes them instead (app.ts's start()).
      start: async (signal) => {
        if (!parts.polling) return;
        // A webhook left by an earlier deployment would refuse every getUpdates.
        await bot.api.deleteWebhook().catch(warn("could not remove a webhook, so polling may be refused"));
        if (signal.aborted) return;
        pollingFeed = startPolling(bot, { logger, accept, now: () => clock.now(), ...(parts.retry ? { retry: parts.retry } : {}) });
      },
      stop: async () => {
        const feed = pollingFeed;
        pollingFeed = undefined;
        await feed?.stop();
      },
    },
  ];
  return {
    duties,
    pollingFeed: () => pollingFeed,
    tracking: () => tracking,
    wakeOffersRecovery: () => botDuties.offersRecovery.wake(),
    wakeOwedOutcomes: () => botDuties.owedOutcomes.wake(),
  };
}

/**
 * While another process leads (PostgreSQL), this one reads the catalogue it stores, every
 * `followMs` (on the catalogue's clock). It hears the leader's signals from before (the fleet's
 * enter): a catalogue stored meanwhile is read now or heard of.
 */
export function followerDuties(parts: { catalogue: CatalogueService; logger: Logger; followMs: number }): Duty[] {
  const { catalogue } = parts;
  const warn = warnOn(parts.logger);
  return [
    {
      name: "following the catalogue",
      start: async () => {
        await catalogue.load().catch(warn("could not read the catalogue again, so the last one read is served"));
        catalogue.follow(parts.followMs);
      },
      stop: () => catalogue.stop(),
    },
  ];
}

/** A catch that logs `what` as a warning (the work goes on without it). */
function warnOn(logger: Logger): (what: string) => (error: unknown) => void {
  return (what) => (error) => logger.warn({ err: error }, what);
}
