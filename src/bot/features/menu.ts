import type { I18n } from "@grammyjs/i18n";
import { type Api, type Composer, InlineKeyboard } from "grammy";
import type { BotCommandScope, LanguageCode } from "grammy/types";
import type { Clock } from "../../clock.js";
import type { Repositories } from "../../db/index.js";
import type { ExchangeAvailability } from "../../exchange/index.js";
import type { Metrics } from "../../ops/metrics.js";
import { againButton, alertButton, languageButton, menuButton } from "../callback-data.js";
import { DirectComposer } from "../composer.js";
import type { BaseContext, BotContext } from "../context.js";
import type { OffersDelivery } from "../conversations/offers-delivery.js";
import { decodeSwapLink, type SwapPrefill } from "../deep-link.js";
import { createdByFlow } from "../flow-created.js";
import { escapeHtml } from "../format.js";
import { commandLanguage, DEFAULT_LOCALE, LOCALES, supportedLocale } from "../i18n.js";
import { addLanguagePage, pageOf } from "../language-picker.js";
import { ignoreNotModified } from "../telegram-errors.js";

export const EXCHANGE_FLOW = "exchange";

/** Set by a command that starts the flow; acted on after the conversation is registered. */
/** What a pre-filled flow is started from. */
interface SwapSource {
  symbolFrom: string;
  networkFrom: string;
  symbolTo: string;
  networkTo: string;
  amount: string;
}

const flowRequests = new WeakMap<BotContext, SwapPrefill | null>();

/**
 * Commands and menu buttons that work at any time, also in the middle of a flow, so they
 * are installed before the conversation: /start, /exchange, /cancel, /help, /language,
 * /history.
 */
export function menuFeature(deps: {
  repos: Repositories;
  offers: Pick<OffersDelivery, "forget">;
  flows: Pick<Metrics, "flowAbandoned">;
  clock: Clock;
  /** Wakes the tracker: a card handed over by a closing flow is owed now. */
  wakeTracker: () => void;
  /** Stores the language a person chose (for this update too). */
  setLanguage: (userId: number, locale: string) => Promise<void>;
}): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  const pm = composer.chatType("private");

  /**
   * Ends a flow in progress; a quote still on its way to it is not shown. Says whether there was
   * one, and the exchange it had created, if any. A creation card the flow held unshown is the
   * tracker's now: the caller wakes it (after its own reply, so the person reads why before the
   * card comes) when `handedOver`.
   */
  const leaveFlow = async (ctx: BotContext): Promise<{ inFlow: boolean; created?: string; handedOver: boolean }> => {
    const chatId = ctx.chat?.id;
    const inFlow = chatId !== undefined && ctx.conversation.active(EXCHANGE_FLOW) > 0;
    const created = inFlow ? await createdByFlow(deps.repos.kv, chatId) : undefined;
    if (inFlow) deps.flows.flowAbandoned(chatId);
    const handedOver = created !== undefined && (await deps.repos.cards.releaseFlowHold(created));
    await ctx.conversation.exitAll();
    if (chatId !== undefined) await deps.offers.forget(chatId);
    return { inFlow, handedOver, ...(created === undefined ? {} : { created }) };
  };
  const requestFlow = async (ctx: BotContext, prefill: SwapPrefill | null) => {
    if ((await leaveFlow(ctx)).handedOver) deps.wakeTracker();
    flowRequests.set(ctx, prefill);
  };

  pm.command("start", async (ctx, next) => {
    const prefill = ctx.match ? decodeSwapLink(ctx.match) : undefined;
    if (prefill) {
      await requestFlow(ctx, prefill);
      return next();
    }
    // Leaving a flow silently would make the next answer ("0.1") land nowhere: say so first.
    const { inFlow, created, handedOver } = await leaveFlow(ctx);
    if (created !== undefined) await ctx.reply(ctx.t("start-flow-closed-created", { id: escapeHtml(created) }), { parse_mode: "HTML" });
    else if (inFlow) await ctx.reply(ctx.t("start-flow-closed"), { parse_mode: "HTML" });
    await ctx.reply(ctx.t("start-welcome", { name: escapeHtml(ctx.from.first_name) }), { parse_mode: "HTML", reply_markup: mainMenu(ctx) });
    if (handedOver) deps.wakeTracker();
  });

  pm.command("exchange", async (ctx, next) => {
    await requestFlow(ctx, null);
    return next();
  });
  pm.callbackQuery(menuButton.pattern, async (ctx, next) => {
    const action = ctx.match[1];
    if (action === "history") return next(); // the exchanges feature shows it
    await ctx.answerCallbackQuery();
    if (action === "exchange") {
      await requestFlow(ctx, null);
      return next();
    }
    if (action === "help") return sendHelp(ctx);
    if (action === "language") return sendLanguagePicker(ctx);
  });

  /** A button naming something of theirs with a pair and amount (an exchange, an alert): into the flow with them, for a new quote. */
  const enterWith = async (ctx: BotContext, next: () => Promise<void>, source: (SwapSource & { userId: number }) | undefined) => {
    if (!source || source.userId !== ctx.from?.id) return void (await ctx.answerCallbackQuery({ text: ctx.t("button-expired") }));
    await ctx.answerCallbackQuery();
    await requestFlow(ctx, {
      from: { symbol: source.symbolFrom, network: source.networkFrom },
      to: { symbol: source.symbolTo, network: source.networkTo },
      amount: source.amount,
    });
    return next();
  };
  // Swap again, from a finished card or /history.
  pm.callbackQuery(againButton.pattern, async (ctx, next) => {
    const tx = await deps.repos.transactions.findByRowId(Number(ctx.match[1]));
    return enterWith(ctx, next, tx && { ...tx, amount: tx.amountFrom });
  });
  // A rate alert that fired.
  pm.callbackQuery(alertButton.exchangePattern, async (ctx, next) =>
    enterWith(ctx, next, await deps.repos.alerts.find(Number(ctx.match[1]))),
  );

  pm.command("cancel", async (ctx) => {
    // Past creation there is nothing to cancel here: the exchange exists, and they are told so.
    const { inFlow, created, handedOver } = await leaveFlow(ctx);
    const text =
      created !== undefined
        ? ctx.t("flow-cancelled-created", { id: escapeHtml(created) })
        : inFlow
          ? ctx.t("flow-cancelled")
          : ctx.t("cancel-nothing");
    await ctx.reply(text, { parse_mode: "HTML" });
    if (handedOver) deps.wakeTracker();
  });

  pm.command("help", sendHelp);
  pm.command("language", sendLanguagePicker);

  pm.callbackQuery(languageButton.pagePattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: await languageKeyboard(ctx, Number(ctx.match[1])) }).catch(ignoreNotModified);
  });
  pm.callbackQuery(languageButton.pattern, async (ctx) => {
    const locale = supportedLocale(ctx.match[1]);
    if (!locale) return ctx.answerCallbackQuery(ctx.t("button-expired"));
    await deps.setLanguage(ctx.from.id, locale);
    ctx.i18n.useLocale(locale);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("language-changed"), { parse_mode: "HTML", reply_markup: mainMenu(ctx) });
  });
  return composer;
}

/**
 * Enters the flow when a command above asked for it, unless the exchange service cannot serve
 * anyone now: then that is said instead of an empty picker. Install after the conversation.
 */
export function enterRequestedFlow(availability: Pick<ExchangeAvailability, "current">): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  composer.use(async (ctx, next) => {
    if (!flowRequests.has(ctx)) return next();
    if (availability.current()) return void (await ctx.reply(ctx.t("exchange-unavailable"), { parse_mode: "HTML" }));
    const prefill = flowRequests.get(ctx);
    await ctx.conversation.enter(EXCHANGE_FLOW, ...(prefill ? [prefill] : []));
  });
  return composer;
}

export function mainMenu(ctx: BaseContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("menu-exchange"), menuButton.encode("exchange"))
    .text(ctx.t("menu-history"), menuButton.encode("history"))
    .row()
    .text(ctx.t("menu-language"), menuButton.encode("language"))
    .text(ctx.t("menu-help"), menuButton.encode("help"));
}

async function sendHelp(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t("help-text"), { parse_mode: "HTML", reply_markup: mainMenu(ctx) });
}

/** A page of the /language list (by default the page with the person's language), their language marked. */
async function languageKeyboard(ctx: BaseContext, page?: number): Promise<InlineKeyboard> {
  const current = supportedLocale(await ctx.i18n.getLocale()) ?? DEFAULT_LOCALE;
  return addLanguagePage(new InlineKeyboard(), ctx.t.bind(ctx), {
    current,
    page: page ?? pageOf(current),
    choose: (locale) => languageButton.encode(locale),
    turn: (n) => languageButton.page(n),
  });
}

async function sendLanguagePicker(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t("language-pick"), { parse_mode: "HTML", reply_markup: await languageKeyboard(ctx) });
}

/** The command menus Telegram shows, per scope and language: private chats, groups, group admins, support staff. */
export async function registerCommands(api: Api, i18n: I18n<BaseContext>, supportUserIds: readonly number[] = []): Promise<void> {
  const privateCommands = [
    "exchange",
    "history",
    "status",
    "alert",
    "alerts",
    "addresses",
    "export",
    "rate",
    "cancel",
    "phrase",
    "verify",
    "language",
    "help",
    "start",
  ];
  const scopes: { scope: BotCommandScope; names: string[] }[] = [
    { scope: { type: "all_private_chats" }, names: privateCommands },
    { scope: { type: "all_group_chats" }, names: ["rate", "verify"] },
    { scope: { type: "all_chat_administrators" }, names: ["rate", "verify", "settings"] },
    ...supportUserIds.map((id) => ({
      scope: { type: "chat" as const, chat_id: id },
      names: [...privateCommands, "lookup", "user", "stats", "late"],
    })),
  ];
  // One failing scope (a staff member who never opened the bot: "chat not found") must not
  // keep the others from being registered.
  const failures: string[] = [];
  for (const { scope, names } of scopes) {
    for (const locale of LOCALES) {
      const commands = names.map((command) => ({ command, description: i18n.t(locale, `command-${command}`) }));
      const language_code = commandLanguage(locale);
      try {
        await api.setMyCommands(
          commands,
          language_code === undefined ? { scope } : { scope, language_code: language_code as LanguageCode },
        );
      } catch (error) {
        failures.push(`${JSON.stringify(scope)} ${locale}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  if (failures.length > 0) throw new Error(`some command menus were not registered: ${failures.join("; ")}`);
}
