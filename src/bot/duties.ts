import type { I18n } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import { boundHere } from "../db/fence.js";
import type { Repositories } from "../db/index.js";
import type { Metrics } from "../ops/metrics.js";
import type { BaseContext } from "./context.js";
import type { OfferSourceDeps } from "./conversations/offer-source.js";
import { recoverOffers, startOffersRecovery } from "./conversations/offers-recovery.js";
import { startOwedOutcomes } from "./create-outcomes.js";
import { type AlertMessenger, alertMessenger } from "./features/alerts.js";
import { registerCommands } from "./features/menu.js";
import { createdByFlow, handOverCreated } from "./flow-created.js";
import { startFlowSweeper } from "./flow-sweeper.js";
import { escapeHtml } from "./format.js";
import { translatorFor } from "./i18n.js";

/**
 * A part of the bot's own that only the leader runs (app.ts lists it among the leader's duties,
 * src/fleet/duties.ts): started anew at each term, stopped at its end.
 */
export interface BotDuty {
  /** What the logs call it. */
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** What the bot gives the leader to run, in the order it starts them. */
export interface BotDuties {
  /** Telegram keeps one command menu per bot: set by the leader, in this version's words. */
  commandMenu: BotDuty;
  /** Closes flows left alone, or grown too large, with a note. */
  sweeper: BotDuty;
  /** Offers lists a killed process was fetching: fetched again here, with nobody writing. Woken when a process was counted gone. */
  offersRecovery: BotDuty & { wake(): void };
  /**
   * A Confirm taken over told its person the exchange may be being created: its refusal, or that
   * nobody will learn more, is told them from here. Woken by new work.
   */
  owedOutcomes: BotDuty & { wake(): void };
  /** How the leader's alert checker (src/alerts/) tells an alert's owner. */
  alertMessenger: AlertMessenger;
}

export function botDuties(deps: {
  /** The bot's API (its replies' chain: src/bot/outgoing.ts). */
  api: Api;
  i18n: I18n<BaseContext>;
  repos: Repositories;
  clock: Clock;
  logger: Logger;
  metrics: Pick<Metrics, "flowAbandoned">;
  supportUserIds: readonly number[];
  /** Whether a process of the bot still runs (src/cluster/). */
  isRunning: (owner: string) => Promise<boolean>;
  /** Where the offers step's quotes come from: the recovery of offers lists whose process stopped fetches them there too. */
  offerSource: OfferSourceDeps;
  /** A flow the sweep closed held its exchange's card unshown: it is the tracker's now (the leader's own). */
  cardHandedOver: () => void;
}): BotDuties {
  const { api, i18n, repos, clock, logger } = deps;
  /** What a person whose flow the sweep closed is told: `key`, or `key`-created when the flow had created an exchange. */
  const sweepNote = async (chatId: number, key: "flow-timeout" | "flow-too-large"): Promise<string> => {
    const t = await translatorFor(i18n, repos.users, chatId);
    const created = await createdByFlow(repos.kv, chatId);
    return created === undefined ? t(key) : t(`${key}-created`, { id: escapeHtml(created) });
  };
  const recovery = { ...deps.offerSource, translatorFor: (userId: number) => translatorFor(i18n, repos.users, userId) };
  let sweeper: ReturnType<typeof startFlowSweeper> | undefined;
  let offersRecovery: Pick<ReturnType<typeof startOffersRecovery>, "stop" | "wake"> | undefined;
  let owedOutcomes: ReturnType<typeof startOwedOutcomes> | undefined;
  return {
    commandMenu: {
      name: "command menu",
      start: () =>
        registerCommands(api, i18n, deps.supportUserIds).catch((error: unknown) =>
          logger.warn({ err: error }, "could not register the command menu"),
        ),
      stop: () => {},
    },
    sweeper: {
      name: "flow sweeper",
      start: () => {
        sweeper = startFlowSweeper({
          kv: repos.kv,
          clock,
          api,
          logger,
          users: repos.users,
          note: (chatId) => sweepNote(chatId, "flow-timeout"),
          tooLargeNote: (chatId) => sweepNote(chatId, "flow-too-large"),
          // Idle or too large: a card the closed flow held unshown is the tracker's now.
          onTimedOut: async (chatId) => {
            deps.metrics.flowAbandoned(chatId);
            if (await handOverCreated(repos.kv, repos.cards, chatId)) deps.cardHandedOver();
          },
        });
      },
      stop: () => sweeper?.stop(),
    },
    offersRecovery: {
      name: "offers recovery",
      start: () => {
        const started = startOffersRecovery({ clock, logger, pass: (signal) => recoverOffers(recovery, signal) });
        // Woken from other work (a process counted gone): the pass runs in the term's context, under its fence.
        offersRecovery = { stop: started.stop, wake: boundHere(started.wake) };
      },
      stop: async () => {
        const recovery = offersRecovery;
        offersRecovery = undefined;
        await recovery?.stop();
      },
      wake: () => offersRecovery?.wake(),
    },
    owedOutcomes: {
      name: "creation outcomes",
      start: () => {
        const started = startOwedOutcomes({
          createRequests: repos.createRequests,
          users: repos.users,
          api,
          translate: async (userId, key, variables) => (await translatorFor(i18n, repos.users, userId))(key, variables),
          isRunning: deps.isRunning,
          clock,
          logger,
        });
        // Woken from an update's handling: the pass runs in the term's context, under its fence.
        owedOutcomes = { ...started, wake: boundHere(started.wake) };
      },
      stop: () => owedOutcomes?.stop(),
      wake: () => owedOutcomes?.wake(),
    },
    alertMessenger: alertMessenger({ api, i18n, repos }),
  };
}
