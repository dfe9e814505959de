import { type ConversationData, conversations, createConversation, type VersionedState } from "@grammyjs/conversations";
import type { I18n } from "@grammyjs/i18n";
import { Api, Bot, type BotError, GrammyError, HttpError, type MiddlewareFn, type Transformer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Repositories, TransactionRecord, UserRecord } from "../db/index.js";
import { CurrencyIndex } from "../domain/currency-search.js";
import type { CatalogueService, EstimateService, ExchangeAvailability, ExchangeClient, RateBudget } from "../exchange/index.js";
import type { Metrics } from "../ops/metrics.js";
import { chatIdOf } from "../telegram/chat.js";
import type { Outbox } from "../telegram/outbox.js";
import { BackgroundTasks } from "./background.js";
import { flowButton } from "./callback-data.js";
import { DirectComposer } from "./composer.js";
import type { BaseContext, BotContext } from "./context.js";
import { createExchangeFlow } from "./conversations/exchange.js";
import type { OfferSourceDeps } from "./conversations/offer-source.js";
import { OffersDelivery, offersKey } from "./conversations/offers-delivery.js";
import { type BotDuties, botDuties } from "./duties.js";
import { addressesFeature, addressLabelKey } from "./features/addresses.js";
import { alertsFeature } from "./features/alerts.js";
import { exchangesFeature } from "./features/exchanges.js";
import { exportFeature } from "./features/export.js";
import { EXCHANGE_FLOW, enterRequestedFlow, menuFeature } from "./features/menu.js";
import { groupSettings, quotesFeature } from "./features/quotes.js";
import { supportFeature } from "./features/support.js";
import { trustFeature } from "./features/trust.js";
import { flowCreatedKey } from "./flow-created.js";
import { FLOW_PREFIX, FLOW_STATE_MAX_BYTES } from "./flow-sweeper.js";
import { createI18n, DEFAULT_LOCALE, languageOfUpdate, localeOfUser, supportedLocale } from "./i18n.js";
import { type ChatTurns, outgoingCalls } from "./outgoing.js";
import { sandboxNotice } from "./sandbox-notice.js";
import { ignoreNotModified } from "./telegram-errors.js";
import { TypingIndicator } from "./waiting.js";

export type { BotDuties, BotDuty } from "./duties.js";

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
  /** Paces every call into a chat under Telegram's flood limits; one per process. */
  outbox: Outbox;
  /** The fleet's turns in each chat, for messages from outside its update (src/fleet/); none: the outbox alone. */
  turns?: ChatTurns;
  /** True when the bot runs on the embedded sandbox exchange: no real funds. */
  sandbox: boolean;
  supportUserIds: readonly number[];
  trackerIntervalSeconds: number;
  /** How often rate alerts are checked (said when one is set). */
  alertCheckMinutes: number;
  /**
   * Refuses a call into the chat of an update whose lease this process lost (src/inbox/fence.ts):
   * outermost on the bot's API, and inside the conversations' own, which bot.api's transformers do not reach.
   */
  fence?: Transformer;
  /** This process among the bot's on the database (src/cluster/): who fetches what in the background. */
  process: { owner: string; isRunning(owner: string): Promise<boolean> };
  /** The tracker, reached late: it is built after the bot, on the bot's status API. */
  tracking: {
    refresh(exchangeId: string, requester?: string): Promise<TransactionRecord | undefined>;
    /** New work for the leader's tracker, wherever it runs. */
    wake(): void;
    fundsSent(exchangeId: string): Promise<void>;
    /** A flow the leader's sweep closed held its card unshown: this process's tracker (the leader's) shows it. */
    cardHandedOver(): void;
  };
}

export interface BotOptions {
  token: string;
  apiRoot: string;
  /** Known bot info skips getMe at start-up (tests). */
  botInfo?: UserFromGetMe;
}

/** A chat's flow as stored: the conversations plugin's data, and the update that saved it last. */
type StoredFlow = VersionedState<ConversationData> & { applied?: number };

/**
 * Bump when the flow's code changes shape: stored half-finished flows of an older shape are dropped.
 * 2: showCreated records its steps in another order (issue 9); 3: the picker's recent pairs (issue
 * 13); 4: showCreated claims the card first (issue 20); 5: each step records where it began
 * (restarted after too many inputs, issue 20); 6: the "not given yet" prompt after creation is a
 * step of its own; 7: a step restarts quietly from where the person browsed (its restart carries
 * more than a number); 8: a refusal at create time quotes the next best offer (issue 32).
 */
export const FLOW_VERSION = 8;

/** Builds the bot: every piece of middleware is wired here, in order. */
export function createBot(
  options: BotOptions,
  deps: BotDeps,
): {
  bot: Bot<BotContext>;
  statusApi: Api;
  i18n: I18n<BaseContext>;
  idle: () => Promise<void>;
  handling: () => number;
  /** Whether a chat's flow was saved by this update already (one taken up again after its process died). */
  alreadyApplied: (update: Update) => Promise<boolean>;
  /** What only the leader runs: app.ts starts them among its duties. */
  duties: BotDuties;
} {
  // A call with no answer in a minute has failed (the default waits 500 s); long polls take 30 s.
  const client = { apiRoot: options.apiRoot, timeoutSeconds: 60 };
  const bot = new Bot<BotContext>(options.token, { client, ...(options.botInfo ? { botInfo: options.botInfo } : {}) });
  const { repos, logger, metrics } = deps;
  /**
   * The person writing in each private chat whose update is being handled (updates of one chat
   * run one at a time), as stored when their update came in: every language lookup of that update
   * (and there is one per replayed step inside the flow) is answered without asking the database.
   */
  const writers = new Map<number, UserRecord>();
  const userOf = async (userId: number) => writers.get(userId) ?? (await repos.users.find(userId));
  const i18n = createI18n(
    async (userId) => (await userOf(userId))?.language,
    async (chatId) => (await groupSettings(repos, chatId)).language,
  );
  const localeOf = async (chatId: number | string | undefined): Promise<string> => {
    if (typeof chatId !== "number") return DEFAULT_LOCALE;
    // Groups have negative ids and the language their admins chose.
    if (chatId < 0) return supportedLocale((await groupSettings(repos, chatId)).language) ?? DEFAULT_LOCALE;
    return localeOfUser(await userOf(chatId));
  };
  const notice = deps.sandbox ? sandboxNotice(async (chatId) => i18n.t(await localeOf(chatId), "sandbox-notice")) : undefined;
  // What goes out: one chain for every API (src/bot/outgoing.ts).
  const outgoing = outgoingCalls({ metrics, outbox: deps.outbox, notice, turns: deps.turns, fence: deps.fence });
  outgoing(bot.api, { retry: true, turns: "other", fenced: true });
  const statusApi = outgoing(new Api(options.token, client), { retry: false, turns: "status", fenced: false });

  // The runner's stop() may resolve while handlers still run; count them, first thing.
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  bot.use(async (ctx, next) => {
    inFlight++;
    ctx.log = logger.child({ updateId: ctx.update.update_id });
    metrics.update(Object.keys(ctx.update).find((key) => key !== "update_id") ?? "unknown");
    try {
      await next();
    } finally {
      inFlight--;
      if (inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
    }
  });
  const handlersIdle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));
  // Work handlers start without waiting for it (quotes that wait for the budget), so no chat is held.
  const background = new BackgroundTasks(logger);
  const idle = async () => {
    await handlersIdle();
    await background.idle();
  };
  const offers = new OffersDelivery({ kv: repos.kv, background, logger, owner: deps.process.owner, isRunning: deps.process.isRunning });

  // Conversations and their storage are keyed by chat (src/telegram/chat.ts names it). Updates of
  // one chat reach this bot one at a time, in order, from the inbox (src/inbox/), whichever
  // process holds the chat: nothing here orders them again.
  bot.use(async (ctx, next) => {
    const member = ctx.myChatMember;
    if (member && ctx.chat?.type === "private") {
      // Blocking the bot arrives as an update too: it must not count as "wrote again".
      await repos.users.setBlocked(member.from.id, member.new_chat_member.status === "kicked");
      if (member.new_chat_member.status !== "kicked") deps.outbox.wrote(ctx.chat.id);
      return next();
    }
    if (ctx.from && !ctx.from.is_bot && ctx.chat?.type === "private") {
      const chatId = ctx.chat.id;
      deps.outbox.wrote(chatId);
      // The person, and what this update reads of their chat at once (the flow, the questions
      // the bot may have left open), in one round trip: the rest of the update reads them from there.
      const { user, entries } = await repos.users.arrive(
        { id: ctx.from.id, username: ctx.from.username, firstName: ctx.from.first_name, languageCode: ctx.from.language_code },
        [`${FLOW_PREFIX}:${chatId}`, addressLabelKey(ctx.from.id), offersKey(chatId), flowCreatedKey(chatId)],
      );
      writers.set(chatId, user);
      const forget = repos.kv.remember(entries);
      try {
        return await next();
      } finally {
        forget();
        writers.delete(chatId);
      }
    }
    await next();
  });
  bot.use(i18n);
  const language = languageOfUpdate(i18n);
  bot.use(language.record);

  // Inside a conversation, ctx.api is a fresh Api: plugins are installed again there, the chain too.
  const conversationPlugins: MiddlewareFn<BaseContext>[] = [
    language.reuse,
    (ctx, next) => {
      const recorder = ctx.api.config.installedTransformers();
      (ctx as { api: Api }).api = outgoing(new Api(ctx.api.token, ctx.api.options), { retry: true, fenced: true, recorder });
      return next();
    },
  ];
  // Past this (about 1 MB) the flow is not kept (the sweeper closes one at a quarter of it, with a note).
  const flowStorage = repos.kv.adapter<StoredFlow>(FLOW_PREFIX, {
    maxBytes: 4 * FLOW_STATE_MAX_BYTES,
    onTooLarge: (chatId, bytes) => logger.error({ chatId, bytes }, "a flow's stored state is too large to keep: it ends here"),
  });
  /** The update each chat's flow is being handled for: saved with the flow (see `alreadyApplied`). */
  const flowUpdates = new Map<string, number>();
  bot.use(async (ctx, next) => {
    const key = ctx.chatId?.toString();
    if (key === undefined) return next();
    flowUpdates.set(key, ctx.update.update_id);
    try {
      await next();
    } finally {
      flowUpdates.delete(key);
    }
  });
  bot.use(
    conversations<BotContext, BaseContext>({
      storage: {
        type: "key",
        version: FLOW_VERSION,
        prefix: "",
        adapter: {
          ...flowStorage,
          write: (key, value) => flowStorage.write(key, { ...value, applied: flowUpdates.get(key) }),
        },
        getStorageKey: (ctx) => ctx.chatId?.toString(),
      },
      plugins: conversationPlugins,
    }),
  );
  /**
   * Whether the chat's flow was saved by this update already: its process died after that and
   * before the inbox marked it done, and it is taken up again. Applied twice, an amount would be
   * taken by the next step as its answer (a memo, an address): it is not handled again.
   */
  const alreadyApplied = async (update: Update): Promise<boolean> => {
    const chatId = chatIdOf(update);
    if (chatId === undefined) return false;
    const stored = await repos.kv.get<StoredFlow>(`${FLOW_PREFIX}:${chatId}`);
    return typeof stored?.applied === "number" && stored.applied >= update.update_id;
  };

  const index = currencyIndexOf(deps.exchange.catalogue);
  // First: while it waits for a label, any command sets that aside before another feature answers.
  bot.use(addressesFeature({ repos, clock: deps.clock }));
  // One "typing…" per chat, however many waits there share it.
  const typing = new TypingIndicator({ clock: deps.clock, logger, send: (chatId) => bot.api.sendChatAction(chatId, "typing") });
  // Where the offers step's quotes come from, in the flow and in the leader's recovery pass.
  const offerSource = {
    clock: deps.clock,
    logger,
    catalogue: deps.exchange.catalogue,
    estimates: deps.exchange.estimates,
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
  bot.use(
    quotesFeature({
      repos,
      availability: deps.exchange.availability,
      catalogue: deps.exchange.catalogue,
      currencyIndex: index,
      estimates: deps.exchange.estimates,
      background,
      typing,
      clock: deps.clock,
      logger,
    }),
  );
  bot.use(
    menuFeature({
      repos,
      offers,
      flows: metrics,
      clock: deps.clock,
      wakeTracker: () => deps.tracking.wake(),
      setLanguage: async (userId, locale) => {
        await repos.users.setLanguage(userId, locale);
        // The rest of this update speaks it too (the sandbox notice of the answer, say).
        const writer = writers.get(userId);
        if (writer) writers.set(userId, { ...writer, language: locale });
      },
    }),
  );
  bot.use(
    supportFeature({
      supportUserIds: deps.supportUserIds,
      repos,
      catalogue: deps.exchange.catalogue,
      budget: deps.exchange.budget,
      availability: deps.exchange.availability,
      clock: deps.clock,
      refresh: (id, requester) => deps.tracking.refresh(id, requester),
      readLive: (id, requester) => deps.exchange.client.getTransaction(id, { lane: "user", requester }),
    }),
  );
  bot.use(exportFeature({ repos, clock: deps.clock, memoOf: (symbol, network) => deps.exchange.catalogue.find(symbol, network)?.memo }));
  bot.use(alertsFeature({ repos, currencyIndex: index, clock: deps.clock, checkIntervalMs: deps.alertCheckMinutes * 60_000 }));
  bot.use(
    trustFeature({
      repos,
      supportUserIds: deps.supportUserIds,
      clock: deps.clock,
      logger,
      onBotInfo: (me) => {
        bot.botInfo = me;
      },
    }),
  );
  bot.use(
    exchangesFeature({
      repos,
      catalogue: deps.exchange.catalogue,
      clock: deps.clock,
      refresh: (id, requester) => deps.tracking.refresh(id, requester),
      fundsSent: (id) => deps.tracking.fundsSent(id),
      trackerIntervalMs: deps.trackerIntervalSeconds * 1000,
      background,
    }),
  );
  bot.use(
    createConversation(
      createExchangeFlow({
        ...offerSource,
        repos,
        currencyIndex: index,
        client: deps.exchange.client,
        notifyQueued: async (chatId, text) => (await bot.api.sendMessage(chatId, text, { parse_mode: "HTML" })).message_id,
        trackerIntervalMs: deps.trackerIntervalSeconds * 1000,
        onCreated: () => deps.tracking.wake(),
        flows: metrics,
        process: deps.process,
        availability: deps.exchange.availability,
        alertCheckIntervalMs: deps.alertCheckMinutes * 60_000,
      }),
      { id: EXCHANGE_FLOW },
    ),
  );
  bot.use(enterRequestedFlow(deps.exchange.availability));

  // What no feature took. (Filters on a DirectComposer: the bot's own would build per update.)
  const leftovers = new DirectComposer<BotContext>();
  // A button whose flow or message is gone: say so instead of acting.
  leftovers.on("callback_query", async (ctx) => {
    const stale = ctx.callbackQuery.data !== undefined && flowButton.pattern.test(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    if (!stale) logger.debug({ data: ctx.callbackQuery.data }, "unknown callback data");
  });
  leftovers.chatType("private").on("message", async (ctx) => {
    await ctx.reply(ctx.message.text?.startsWith("/") ? ctx.t("unknown-command") : ctx.t("fallback-text"), { parse_mode: "HTML" });
  });
  bot.use(leftovers);

  bot.catch((error: BotError<BotContext>) => {
    const cause = error.error;
    // (ctx.log is missing only if the very first middleware failed.)
    const log = error.ctx.log ?? logger.child({ updateId: error.ctx.update.update_id });
    if (cause instanceof GrammyError) {
      metrics.handlerError("telegram");
      log.error({ method: cause.method, description: cause.description }, "Bot API error");
    } else if (cause instanceof HttpError) {
      metrics.handlerError("network");
      log.error({ err: cause.error }, "could not reach Telegram");
    } else {
      metrics.handlerError("other");
      log.error({ err: cause }, "unhandled error in a handler");
    }
  });
  // What only the leader runs.
  const duties = botDuties({
    api: bot.api,
    i18n,
    repos,
    clock: deps.clock,
    logger,
    metrics,
    supportUserIds: deps.supportUserIds,
    offerSource,
    isRunning: deps.process.isRunning,
    cardHandedOver: () => deps.tracking.cardHandedOver(),
  });
  return {
    bot,
    statusApi,
    i18n,
    idle,
    handling: () => inFlight,
    alreadyApplied,
    duties,
  };
}

/** One search index per catalogue snapshot: rebuilt only when the catalogue was refreshed. */
function currencyIndexOf(catalogue: CatalogueService): () => CurrencyIndex {
  let source: unknown;
  let index: CurrencyIndex | undefined;
  return () => {
    const currencies = catalogue.currencies();
    if (!index || source !== currencies) {
      index = new CurrencyIndex(currencies);
      source = currencies;
    }
    return index;
  };
}
