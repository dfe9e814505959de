/**
 * The bot: the conversations and what people see, built by createBot (below, on one screen: its
 * API's chain, its middleware in order, its features, its duties). What else it offers the rooms
 * above it: the cards and words the tracker speaks in, and how the alert checker tells an owner.
 */

import { createConversation } from "@grammyjs/conversations";
import type { I18n } from "@grammyjs/i18n";
import { Api, Bot, type MiddlewareFn, type Transformer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import type { ChatPacing } from "../chat/index.js";
import type { Clock } from "../clock.js";
import type { Repositories, TransactionRecord } from "../db/index.js";
import type { CatalogueService, EstimateService, ExchangeAvailability, ExchangeClient, RateBudget } from "../exchange/index.js";
import type { Metrics } from "../ops/metrics.js";
import type { Outbox } from "../telegram/outbox.js";
import { arrivals } from "./arrival.js";
import { BackgroundTasks } from "./background.js";
import type { BaseContext, BotContext } from "./context.js";
import { createExchangeFlow } from "./conversations/exchange.js";
import type { OfferSourceDeps } from "./conversations/offer-source.js";
import { OffersDelivery } from "./conversations/offers-delivery.js";
import { currencyIndexOf } from "./currency-index.js";
import { type BotDuties, botDuties } from "./duties.js";
import { addressesFeature } from "./features/addresses.js";
import { alertsFeature } from "./features/alerts.js";
import { exchangesFeature } from "./features/exchanges.js";
import { exportFeature } from "./features/export.js";
import { EXCHANGE_FLOW, enterRequestedFlow, menuFeature } from "./features/menu.js";
import { groupSettings, quotesFeature } from "./features/quotes.js";
import { supportFeature } from "./features/support.js";
import { trustFeature } from "./features/trust.js";
import { storedFlows } from "./flows.js";
import { handlingCount } from "./handling.js";
import { createI18n, languageOfUpdate } from "./i18n.js";
import { handlerErrors, leftoversFeature } from "./leftovers.js";
import { outgoingCalls } from "./outgoing.js";
import { sandboxNotice } from "./sandbox-notice.js";
import { ignoreNotModified } from "./telegram-errors.js";
import { TypingIndicator } from "./waiting.js";

export { addressButton } from "./callback-data.js";
export {
  cardKeyboard,
  depositKeyboard,
  type Explorers,
  explorersOf,
  renderCard,
  renderCreationCard,
  renderDepositReady,
  renderSlow,
  renderStatusChange,
  renderTrackingStopped,
  type Translate,
} from "./cards.js";
export type { BaseContext, BotContext } from "./context.js";
export type { BotDuties, BotDuty } from "./duties.js";
export type { AlertMessenger, Delivery } from "./features/alerts.js";
export { translatorOf } from "./i18n.js";
export { isNotModified, type SendFailure, sendFailure } from "./telegram-errors.js";

export interface BotOptions {
  token: string;
  apiRoot: string;
  /** Known bot info skips getMe at start-up (tests). */
  botInfo?: UserFromGetMe;
}

export interface VoiceDeps {
  repos: Repositories;
  metrics: Metrics;
  /** Paces every call into a chat under Telegram's flood limits; one per process. */
  outbox: Outbox;
  /** The fleet's turns in each chat, for messages from outside its update (src/chat/turns.ts); none: the outbox alone. */
  turns?: ChatPacing;
  /** True when the bot runs on the embedded sandbox exchange: no real funds. */
  sandbox: boolean;
  /**
   * Refuses a call made under a lease this process lost (src/chat/fence.ts), at the wire: on
   * every API, the conversations' own too, which bot.api's transformers do not reach.
   */
  fence?: Transformer;
}

/**
 * How the bot speaks: the Bot and its API's chain (src/bot/outgoing.ts), the status messages'
 * API, its words in each person's language, and who the people are. Built before what speaks in
 * it: the tracker's status messages, then the bot's middleware and features (createBot).
 */
export interface BotVoice {
  bot: Bot<BotContext>;
  /** The tracker's status messages go through it: paced but not retried (src/bot/outgoing.ts). */
  statusApi: Api;
  i18n: I18n<BaseContext>;
  /** Who writes, and the language each chat is spoken to in (src/bot/arrival.ts). */
  people: ReturnType<typeof arrivals>;
  /** The chain of every API, for those the conversations make of their own. */
  outgoing: ReturnType<typeof outgoingCalls>;
}

/** Builds the bot's voice: the Bot, the chain of its APIs, its words. */
export function botVoice(options: BotOptions, deps: VoiceDeps): BotVoice {
  const { repos } = deps;
  // A call with no answer in a minute has failed (the default waits 500 s); long polls take 30 s.
  const client = { apiRoot: options.apiRoot, timeoutSeconds: 60 };
  const bot = new Bot<BotContext>(options.token, { client, ...(options.botInfo ? { botInfo: options.botInfo } : {}) });
  const people = arrivals({ repos, outbox: deps.outbox });
  const i18n = createI18n(
    async (userId) => (await people.userOf(userId))?.language,
    async (chatId) => (await groupSettings(repos, chatId)).language,
  );
  // What goes out: one chain for every API (src/bot/outgoing.ts).
  const notice = deps.sandbox ? sandboxNotice(async (chatId) => i18n.t(await people.localeOf(chatId), "sandbox-notice")) : undefined;
  const outgoing = outgoingCalls({ metrics: deps.metrics, outbox: deps.outbox, notice, turns: deps.turns, fence: deps.fence });
  outgoing(bot.api, { retry: true, turns: "other" });
  const statusApi = outgoing(new Api(options.token, client), { retry: false, turns: "status" });
  return { bot, statusApi, i18n, people, outgoing };
}

export interface BotDeps {
  clock: Clock;
  logger: Logger;
  repos: Repositories;
  exchange: {
    client: ExchangeClient;
    budget: RateBudget;
    catalogue: CatalogueService;
    estimates: EstimateService;
    availability: ExchangeAvailability;
  };
  metrics: Metrics;
  supportUserIds: readonly number[];
  trackerIntervalSeconds: number;
  /** How often rate alerts are checked (said when one is set). */
  alertCheckMinutes: number;
  /** This process among the bot's on the database (src/cluster/): who fetches what in the background. */
  process: { owner: string; isRunning(owner: string): Promise<boolean> };
  /** The tracker (built on the bot's voice, before the bot), and the leader's, wherever it runs. */
  tracking: {
    refresh(exchangeId: string, requester?: string): Promise<TransactionRecord | undefined>;
    /** New work for the leader's tracker, wherever it runs. */
    wake(): void;
    fundsSent(exchangeId: string): Promise<void>;
    /** A flow the leader's sweep closed held its card unshown: this process's tracker (the leader's) shows it. */
    cardHandedOver(): void;
  };
}

export interface CreatedBot {
  /**
   * Handles an update taken from the inbox (src/inbox/), under its chat's lease: `attempts` above
   * 1, a process took it up before and stopped; `signal` aborts when another process took the chat.
   */
  handle(update: Update, attempts: number, signal: AbortSignal): Promise<void>;
  /** Resolves once no update is being handled and no background task runs. */
  idle: () => Promise<void>;
  handling: () => number;
  /** What only the leader runs: its duties start them (src/duties/). */
  duties: BotDuties;
}

/** Builds the bot on its voice: every piece of middleware is wired here, in order. */
export function createBot(voice: BotVoice, deps: BotDeps): CreatedBot {
  const { repos, logger, metrics, clock } = deps;
  const { catalogue, estimates, availability, budget } = deps.exchange;
  const { bot, i18n, people, outgoing } = voice;

  // Middleware, in order: the count of updates being handled first, then who writes, their language, their flow.
  const handling = handlingCount({ logger, metrics });
  bot.use(handling.middleware);
  bot.use(people.middleware);
  bot.use(i18n);
  const language = languageOfUpdate(i18n);
  bot.use(language.record);
  // Inside a conversation, ctx.api is a fresh Api: plugins are installed again there, the chain too.
  const inConversation: MiddlewareFn<BaseContext> = (ctx, next) => {
    const recorder = ctx.api.config.installedTransformers();
    (ctx as { api: Api }).api = outgoing(new Api(ctx.api.token, ctx.api.options), { retry: true, recorder });
    return next();
  };
  const flows = storedFlows({ repos, logger, plugins: [language.reuse, inConversation] });
  bot.use(...flows.middleware);

  // Work handlers start without waiting for it (quotes that wait for the budget), so no chat is held.
  const background = new BackgroundTasks(logger);
  const offers = new OffersDelivery({
    kv: repos.kv,
    background,
    logger,
    clock,
    owner: deps.process.owner,
    isRunning: deps.process.isRunning,
  });
  const currencyIndex = currencyIndexOf(catalogue);
  // One "typing…" per chat, however many waits there share it.
  const typing = new TypingIndicator({ clock, logger, send: (chatId) => bot.api.sendChatAction(chatId, "typing") });
  // Where the offers step's quotes come from, in the flow and in the leader's recovery pass.
  const offerSource = {
    clock,
    logger,
    catalogue,
    estimates,
    offers,
    typing,
    editMessage: async (chatId, messageId, screen) => {
      await bot.api
        .editMessageText(chatId, messageId, screen.text, {
          parse_mode: "HTML",
          reply_markup: screen.keyboard,
          link_preview_options: { is_disabled: true },
        })
        .catch(ignoreNotModified);
    },
  } satisfies OfferSourceDeps;
  const { supportUserIds, tracking } = deps;
  const refresh = (id: string, requester?: string) => tracking.refresh(id, requester);
  const trackerIntervalMs = deps.trackerIntervalSeconds * 1000;
  const alertCheckIntervalMs = deps.alertCheckMinutes * 60_000;

  // The features. First: while it waits for a label, any command sets that aside before another feature answers.
  bot.use(addressesFeature({ repos, clock }));
  bot.use(quotesFeature({ repos, availability, catalogue, currencyIndex, estimates, background, typing, clock, logger }));
  bot.use(menuFeature({ repos, offers, flows: metrics, clock, wakeTracker: () => tracking.wake(), setLanguage: people.setLanguage }));
  bot.use(
    supportFeature({
      supportUserIds,
      repos,
      catalogue,
      budget,
      availability,
      clock,
      refresh,
      readLive: (id, requester) => deps.exchange.client.getTransaction(id, { lane: "user", requester }),
    }),
  );
  bot.use(exportFeature({ repos, clock, memoOf: (symbol, network) => catalogue.find(symbol, network)?.memo }));
  bot.use(alertsFeature({ repos, currencyIndex, clock, checkIntervalMs: alertCheckIntervalMs }));
  bot.use(trustFeature({ repos, supportUserIds, clock, logger, onBotInfo: (me) => void (bot.botInfo = me) }));
  const fundsSent = (id: string) => tracking.fundsSent(id);
  bot.use(exchangesFeature({ repos, catalogue, clock, refresh, fundsSent, trackerIntervalMs, background }));
  bot.use(
    createConversation(
      createExchangeFlow({
        ...offerSource,
        repos,
        currencyIndex,
        client: deps.exchange.client,
        notifyQueued: async (chatId, text) => (await bot.api.sendMessage(chatId, text, { parse_mode: "HTML" })).message_id,
        trackerIntervalMs,
        onCreated: () => tracking.wake(),
        flows: metrics,
        process: deps.process,
        availability,
        alertCheckIntervalMs,
      }),
      { id: EXCHANGE_FLOW },
    ),
  );
  bot.use(enterRequestedFlow(availability));
  bot.use(leftoversFeature(logger));
  bot.catch(handlerErrors(logger, metrics));

  // What only the leader runs.
  const duties = botDuties({
    api: bot.api,
    i18n,
    repos,
    clock,
    logger,
    metrics,
    supportUserIds,
    offerSource,
    isRunning: deps.process.isRunning,
    cardHandedOver: () => tracking.cardHandedOver(),
  });
  const idle = async () => {
    await handling.idle();
    await background.idle();
  };
  const handle = async (update: Update, attempts: number, signal: AbortSignal) => {
    // Taken up again after a process died: not twice into a flow that had taken it.
    if (attempts > 1 && (await flows.alreadyApplied(update))) {
      logger.warn({ updateId: update.update_id }, "an update taken up again was applied to its flow already, so it is not handled twice");
      return;
    }
    try {
      await bot.handleUpdate(update);
    } catch (error) {
      // The chat's lease was lost (another process handles the update): nothing to answer here.
      if (signal.aborted) return;
      await bot.errorHandler(error as Parameters<typeof bot.errorHandler>[0]);
    }
  };
  return { handle, idle, handling: handling.handling, duties };
}
