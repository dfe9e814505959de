import { type Composer, InlineKeyboard } from "grammy";
import type { InlineQueryResultArticle } from "grammy/types";
import type { Logger } from "pino";
import type { Clock } from "../../clock.js";
import type { Repositories } from "../../db/index.js";
import type { CurrencyIndex } from "../../domain/currency-search.js";
import { parseRateQuery, type RateQuery } from "../../domain/rate-query.js";
import {
  BudgetQueueFullError,
  type CatalogueService,
  type EstimateService,
  type ExchangeAvailability,
  isExchangeError,
  type Offer,
  type QueuePlace,
  requesterOf,
} from "../../exchange/index.js";
import { amount, receivable } from "../amounts.js";
import type { BackgroundTasks } from "../background.js";
import { groupSettingsButton } from "../callback-data.js";
import type { Translate } from "../cards.js";
import { DirectComposer } from "../composer.js";
import type { BotContext } from "../context.js";
import { limitVars, offerTags, outsideLimits, sortOffers, versusBest } from "../conversations/offers.js";
import { encodeSwapLink } from "../deep-link.js";
import { currencyLabel, escapeHtml, moment, waitSeconds } from "../format.js";
import { startWithGrace } from "../grace.js";
import { amountReading, DEFAULT_LOCALE, supportedLocale } from "../i18n.js";
import { addLanguagePage, pageOf } from "../language-picker.js";
import { RecentTimes } from "../recent-times.js";
import { isNotModified } from "../telegram-errors.js";
import type { TypingIndicator } from "../waiting.js";

/** A quote card can be refreshed this often. */
export const CARD_REFRESH_MS = 60_000;
/**
 * A quote card's Refresh works for a week, and for the newest QUOTE_CARDS_PER_CHAT cards of a
 * chat: one person's /rate amounts must not grow the database for ever. Older cards say
 * "This button has expired."
 */
export const QUOTE_CARD_TTL_MS = 7 * 24 * 3_600_000;
export const QUOTE_CARDS_PER_CHAT = 20;
/** Telegram allows a bot about 20 messages a minute in one group; quotes stay under that. */
export const GROUP_ANSWERS_PER_MINUTE = 18;
const TOP_OFFERS = 3;
/** How long a quote card may wait for the budget; past a moment it waits outside the chat's handler. */
const RATE_WAIT_MS = 2 * 60_000;
const INLINE_WAIT_MS = 8_000;
/**
 * New quotes (ones that call the service; a cached one is free) one person may ask for in a
 * minute, /rate, inline and a card's Refresh together. The service allows 10 calls a minute for
 * everyone and at most 8 of them go to people: three lets a person compare a few amounts and
 * leaves most of the minute to others. The budget also takes turns between people, so even
 * these three never put anyone else far back in line.
 */
export const QUOTES_PER_PERSON_PER_MINUTE = 3;
const QUOTA_WINDOW_MS = 60_000;
/**
 * People (or groups) whose last minute each limit here remembers: far more than ask for new
 * quotes in a minute (the service allows 10 calls a minute), so no limit is forgotten early,
 * and a bound on the memory whatever the number of people (about 1 MB each).
 */
const REMEMBERED_PER_MINUTE = 10_000;

export interface GroupSettings {
  adminsOnly: boolean;
  language?: string;
}

export interface QuotesDeps {
  repos: Repositories;
  /** Whether the exchange service can serve people now: if not, that is what they are told. */
  availability: Pick<ExchangeAvailability, "current">;
  catalogue: Pick<CatalogueService, "isProviderEnabled">;
  currencyIndex: () => CurrencyIndex;
  estimates: Pick<EstimateService, "quoteNearby" | "wouldCall">;
  /** Quotes that wait for the budget finish here, outside the chat's handler. */
  background: Pick<BackgroundTasks, "run">;
  /** "typing…" while a card waits for its quote. */
  typing: Pick<TypingIndicator, "keep">;
  clock: Clock;
  logger: Logger;
}

export async function groupSettings(repos: Repositories, chatId: number): Promise<GroupSettings> {
  return (await repos.kv.get<GroupSettings>(`group:${chatId}`)) ?? { adminsOnly: false };
}

interface CardState {
  query: RateQuery;
  refreshedAt: number;
}

/**
 * Quotes for everyone: /rate in groups and private chat, the group settings admins control,
 * and inline mode. Quotes go through the same cache and budget as the private flow; the bot
 * never asks for an address or creates anything here.
 */
export function quotesFeature(deps: QuotesDeps): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();

  const isAdmin = async (ctx: BotContext): Promise<boolean> => {
    if (!ctx.from || !ctx.chat || ctx.chat.type === "private") return true;
    // An anonymous admin writes as the group itself.
    if (ctx.senderChat?.id === ctx.chat.id) return true;
    try {
      const member = await ctx.api.getChatMember(ctx.chat.id, ctx.from.id);
      return member.status === "creator" || member.status === "administrator";
    } catch (error) {
      deps.logger.warn({ err: error, chatId: ctx.chat.id }, "could not check whether a user is a group admin");
      return false;
    }
  };

  /** When each person's recent new quotes were asked for. */
  const quotedAt = new RecentTimes<number>(QUOTA_WINDOW_MS, REMEMBERED_PER_MINUTE);
  /**
   * Takes one of the person's new quotes of the minute: 0 when it is granted (or the quote is
   * cached or already on its way, for this amount or a nearby one, and free), else how long until one is.
   */
  const takeQuote = (userId: number | undefined, query: RateQuery, fresh: boolean): number => {
    if (userId === undefined || !deps.estimates.wouldCall(pairOf(query), query.amount, fresh, true)) return 0;
    const now = deps.clock.now();
    const recent = quotedAt.within(userId, now);
    if (recent.length >= QUOTES_PER_PERSON_PER_MINUTE) return recent[0]! + QUOTA_WINDOW_MS - now;
    quotedAt.add(userId, now);
    return 0;
  };
  /** A quote that never reached the service (the person's line was full) gives its place in the quota back. */
  const giveBack = (userId: number | undefined, quote: CardQuote) => {
    if (userId !== undefined && quote.problem === "queue-full") quotedAt.removeNewest(userId);
  };
  let sweptAt = -Infinity;
  /** Drops the chat's quote cards beyond the newest few, and (at most hourly) every card past its week. */
  const forgetOldCards = async (chatId: number): Promise<void> => {
    await deps.repos.kv.keepNewest(`quote:${chatId}`, QUOTE_CARDS_PER_CHAT);
    const now = deps.clock.now();
    if (now - sweptAt < 3_600_000) return;
    sweptAt = now;
    await deps.repos.kv.deleteIdle("quote", now - QUOTE_CARD_TTL_MS);
  };

  const answeredAt = new RecentTimes<number>(60_000, REMEMBERED_PER_MINUTE);
  /** Whether one more answer fits this group's minute; busy groups just get fewer cards. */
  const fitsGroupLimit = (chatId: number): boolean => {
    const now = deps.clock.now();
    if (answeredAt.within(chatId, now).length >= GROUP_ANSWERS_PER_MINUTE) return false;
    answeredAt.add(chatId, now);
    return true;
  };

  // The same refusal once a minute per person and group: thirty /settings get one answer, not thirty.
  const refusedAt = new RecentTimes<string>(60_000, REMEMBERED_PER_MINUTE);
  const refuseOnce = async (ctx: BotContext & { chat: { id: number } }, text: string): Promise<void> => {
    const now = deps.clock.now();
    const key = `${ctx.chat.id}:${ctx.from?.id ?? 0}:${text}`;
    if (refusedAt.within(key, now).length > 0) return;
    if (!fitsGroupLimit(ctx.chat.id)) return;
    refusedAt.add(key, now);
    await ctx.reply(text);
  };

  composer.command("rate", async (ctx) => {
    const chat = ctx.chat;
    if (chat.type !== "private" && !fitsGroupLimit(chat.id)) {
      deps.logger.info({ chatId: chat.id }, "the group's quote limit is reached, so the bot does not answer");
      return;
    }
    if (
      (chat.type === "group" || chat.type === "supergroup") &&
      (await groupSettings(deps.repos, chat.id)).adminsOnly &&
      !(await isAdmin(ctx))
    ) {
      return refuseOnce(ctx, ctx.t("rate-admins-only"));
    }
    if (deps.availability.current()) return void (await ctx.reply(ctx.t("exchange-unavailable"), { parse_mode: "HTML" }));
    const parsed = parseRateQuery(ctx.match, deps.currencyIndex(), await amountReading(ctx));
    if (!parsed.ok) return void (await ctx.reply(ctx.t("rate-usage"), { parse_mode: "HTML" }));
    const query = parsed.query;
    const t: Translate = ctx.t.bind(ctx);
    const wait = takeQuote(ctx.from?.id, query, false);
    if (wait > 0) return void (await ctx.reply(ctx.t("rate-slow-down", { seconds: waitSeconds(wait) })));
    const requester = ctx.from ? requesterOf(ctx.from.id) : undefined;
    const started = await startWithGrace(deps.clock, (onQueued) => fetchQuote(deps, query, false, RATE_WAIT_MS, onQueued, requester));
    if (started.kind === "done") giveBack(ctx.from?.id, started.value);
    const options = { parse_mode: "HTML" as const, link_preview_options: { is_disabled: true } };
    const keyboard = quoteKeyboard(t, query, ctx.me.username, true);
    // Waiting (in line, or a slow answer): the card goes out now and is filled in when the quote comes.
    const text = started.kind === "done" ? renderQuoteCard(t, query, started.value) : renderQuoteWaiting(t, query, started.place);
    const sent = await ctx.reply(text, { ...options, reply_markup: keyboard });
    await deps.repos.kv.set(`quote:${chat.id}:${sent.message_id}`, { query, refreshedAt: deps.clock.now() } satisfies CardState);
    await forgetOldCards(chat.id);
    if (started.kind === "waiting") {
      const api = ctx.api;
      // The card says it waits; "typing…" shows it is still coming until it is filled in.
      const stopTyping = deps.typing.keep(chat.id);
      deps.background.run(async () => {
        try {
          const card = renderQuoteCard(t, query, await started.result);
          await api.editMessageText(chat.id, sent.message_id, card, { ...options, reply_markup: keyboard }).catch(ignoreStaleEdit);
        } finally {
          stopTyping();
        }
      });
    }
  });

  composer.callbackQuery("rq", async (ctx) => {
    const message = ctx.callbackQuery.message;
    const key = message ? `quote:${message.chat.id}:${message.message_id}` : "";
    const card = key ? await deps.repos.kv.get<CardState>(key) : undefined;
    if (!card) return void (await ctx.answerCallbackQuery({ text: ctx.t("button-expired") }));
    const wait = card.refreshedAt + CARD_REFRESH_MS - deps.clock.now();
    if (wait > 0) return void (await ctx.answerCallbackQuery({ text: ctx.t("refresh-cooldown", { seconds: Math.ceil(wait / 1000) }) }));
    const chat = ctx.chat;
    if (chat && chat.type !== "private") {
      // A refresh is a quote too: the group's rules and its message limit apply.
      if ((await groupSettings(deps.repos, chat.id)).adminsOnly && !(await isAdmin(ctx)))
        return void (await ctx.answerCallbackQuery({ text: ctx.t("rate-admins-only") }));
      if (!fitsGroupLimit(chat.id)) return void (await ctx.answerCallbackQuery({ text: ctx.t("refresh-cooldown", { seconds: 60 }) }));
    }
    const quotaWait = takeQuote(ctx.from.id, card.query, true);
    // A callback answer holds 200 characters: the short form (the inline title's), not the card's paragraph.
    if (quotaWait > 0)
      return void (await ctx.answerCallbackQuery({ text: ctx.t("inline-slow-down-title", { seconds: waitSeconds(quotaWait) }) }));
    await deps.repos.kv.set(key, { ...card, refreshedAt: deps.clock.now() });
    await ctx.answerCallbackQuery();
    const t: Translate = ctx.t.bind(ctx);
    const requester = requesterOf(ctx.from.id);
    const started = await startWithGrace(deps.clock, (onQueued) => fetchQuote(deps, card.query, true, RATE_WAIT_MS, onQueued, requester));
    if (started.kind === "done") giveBack(ctx.from.id, started.value);
    const edit = async (text: string) => {
      await ctx
        .editMessageText(text, {
          parse_mode: "HTML",
          reply_markup: quoteKeyboard(t, card.query, ctx.me.username, true),
          link_preview_options: { is_disabled: true },
        })
        .catch(ignoreStaleEdit);
    };
    if (started.kind === "done") return edit(renderQuoteCard(t, card.query, started.value));
    // Waiting: say so now, and fill the card in when the quote comes, outside this handler.
    await edit(renderQuoteWaiting(t, card.query, started.place));
    const chatId = ctx.chat?.id;
    const stopTyping = chatId === undefined ? () => undefined : deps.typing.keep(chatId);
    deps.background.run(async () => {
      try {
        await edit(renderQuoteCard(t, card.query, await started.result));
      } finally {
        stopTyping();
      }
    });
  });

  const groups = composer.chatType(["group", "supergroup"]);
  groups.command("settings", async (ctx) => {
    if (!(await isAdmin(ctx))) return refuseOnce(ctx, ctx.t("settings-admins-only"));
    // Every message to a group counts against Telegram's limit for it.
    if (!fitsGroupLimit(ctx.chat.id)) return;
    await ctx.reply(ctx.t("settings-title"), {
      parse_mode: "HTML",
      reply_markup: settingsKeyboard(ctx.t.bind(ctx), await groupSettings(deps.repos, ctx.chat.id)),
    });
  });
  groups.callbackQuery(groupSettingsButton.pattern, async (ctx) => {
    if (!(await isAdmin(ctx))) return void (await ctx.answerCallbackQuery({ text: ctx.t("settings-admins-only") }));
    const settings = await groupSettings(deps.repos, ctx.chat.id);
    const [, who, language, page] = ctx.match;
    const current = supportedLocale(settings.language) ?? DEFAULT_LOCALE;
    if (page !== undefined) {
      await ctx.answerCallbackQuery();
      const keyboard = settingsKeyboard(ctx.t.bind(ctx), settings, Number(page));
      return void (await ctx.editMessageReplyMarkup({ reply_markup: keyboard }).catch(ignoreStaleEdit));
    }
    if (who !== undefined) settings.adminsOnly = who === "admins";
    const locale = supportedLocale(language);
    if (locale) {
      settings.language = locale;
      ctx.i18n.useLocale(locale);
    }
    await deps.repos.kv.set(`group:${ctx.chat.id}`, settings);
    await ctx.answerCallbackQuery();
    // The list stays on the page the admin was on (the language they chose is on it).
    const shown = settingsKeyboard(ctx.t.bind(ctx), settings, pageOf(locale ?? current));
    await ctx.editMessageText(ctx.t("settings-title"), { parse_mode: "HTML", reply_markup: shown }).catch(ignoreStaleEdit);
  });

  composer.on("inline_query", async (ctx) => {
    const t: Translate = ctx.t.bind(ctx);
    // Short cache: the answer changes as soon as the service is back.
    if (deps.availability.current())
      return void (await ctx.answerInlineQuery([unavailableResult(t)], { cache_time: 10, is_personal: false }));
    const parsed = parseRateQuery(ctx.inlineQuery.query, deps.currencyIndex(), await amountReading(ctx));
    if (!parsed.ok) {
      // Incomplete or unreadable: a hint, and no upstream call.
      return void (await ctx.answerInlineQuery([hintResult(t)], { cache_time: 300, is_personal: false }));
    }
    const wait = takeQuote(ctx.from.id, parsed.query, false);
    if (wait > 0) {
      const title = t("inline-slow-down-title", { seconds: waitSeconds(wait) });
      return void (await ctx.answerInlineQuery(
        [textResult("slow-down", title, t("rate-slow-down", { seconds: waitSeconds(wait) }), t("rate-usage"))],
        { cache_time: 0, is_personal: true },
      ));
    }
    // Telegram drops an inline answer after about ten seconds: wait less than that.
    const quote = await fetchQuote(deps, parsed.query, false, INLINE_WAIT_MS, undefined, requesterOf(ctx.from.id));
    giveBack(ctx.from.id, quote);
    const card = renderQuoteCard(t, parsed.query, quote);
    const keyboard = quoteKeyboard(t, parsed.query, ctx.me.username, false);
    const results: InlineQueryResultArticle[] = [
      article("summary", t("inline-summary-title", summaryVars(parsed.query)), card, keyboard, describeBest(t, parsed.query, quote)),
    ];
    if (quote && quote.offers.length > 0) {
      quote.offers.slice(0, TOP_OFFERS).forEach((offer, i) => {
        results.push(
          article(
            `offer${i}`,
            offerTitle(t, parsed.query, quote, offer),
            card,
            keyboard,
            offer.exchange_type === "fixed" ? t("rate-fixed") : t("rate-floating"),
          ),
        );
      });
    }
    await ctx.answerInlineQuery(results, { cache_time: 30, is_personal: false });
  });
  return composer;
}

interface CardQuote {
  offers: Offer[];
  fetchedAt: number;
  /** The figures are scaled from the service's quote for this nearby amount. */
  basis?: string;
  problem?: "pair-invalid" | "below-minimum" | "unavailable" | "queue-full" | "forbidden";
  /** queue-full: how many of the person's quotes wait in line, and about how long until the first goes. */
  queue?: { queued: number; waitMs: number };
}

/** A tap on a card that is unchanged or gone is not an error. */
function ignoreStaleEdit(error: unknown): void {
  if (isNotModified(error) || (error instanceof Error && /message to edit not found/.test(error.message))) return;
  throw error;
}

function pairOf(query: RateQuery) {
  return { symbolFrom: query.from.symbol, networkFrom: query.from.network, symbolTo: query.to.symbol, networkTo: query.to.network };
}

async function fetchQuote(
  deps: QuotesDeps,
  query: RateQuery,
  fresh: boolean,
  waitMs: number,
  onQueued?: (place: QueuePlace) => void,
  requester?: string,
): Promise<CardQuote> {
  try {
    const options = {
      fresh,
      signal: AbortSignal.timeout(waitMs),
      ...(onQueued ? { onQueued } : {}),
      ...(requester === undefined ? {} : { requester }),
    };
    // A card is a preview: a fresh quote for a nearby amount answers it, scaled and marked as such.
    const quote = await deps.estimates.quoteNearby(pairOf(query), query.amount, options);
    if (quote.result.kind !== "ok") return { offers: [], fetchedAt: quote.fetchedAt, problem: quote.result.kind };
    const offers = sortOffers(quote.result.offers.filter((o) => deps.catalogue.isProviderEnabled(o.provider_name)));
    return { offers, fetchedAt: quote.fetchedAt, ...(quote.basis === undefined ? {} : { basis: quote.basis }) };
  } catch (error) {
    // The person's own quotes fill their place in line: say so, not that the service is down.
    if (error instanceof BudgetQueueFullError)
      return { offers: [], fetchedAt: deps.clock.now(), problem: "queue-full", queue: { queued: error.queued, waitMs: error.waitMs } };
    deps.logger.warn({ err: error }, "quote for a card failed");
    // A 403: the key has no access to this resource; the service itself answers.
    return { offers: [], fetchedAt: deps.clock.now(), problem: isExchangeError(error, "forbidden") ? "forbidden" : "unavailable" };
  }
}

/** The card while its quote is on its way: the pair, and where the quote stands in line. */
function renderQuoteWaiting(t: Translate, query: RateQuery, place: QueuePlace | undefined): string {
  const vars = summaryVars(query);
  const lines = [t("flow-offers-loading", { amount: vars.amount, from: escapeHtml(vars.from), to: escapeHtml(vars.to) })];
  if (place) lines.push(t("queue-position", { position: place.position, seconds: waitSeconds(place.waitMs) }));
  return lines.join("\n");
}

function summaryVars(query: RateQuery) {
  return { amount: amount(query.amount), from: currencyLabel(query.from), to: currencyLabel(query.to) };
}

/** The compact card: the pair, the best offers, min and max, and the quote's time. */
export function renderQuoteCard(t: Translate, query: RateQuery, quote: CardQuote | undefined): string {
  const vars = summaryVars(query);
  const lines = [t("flow-offers-header", { amount: vars.amount, from: escapeHtml(vars.from), to: escapeHtml(vars.to) })];
  for (const c of query.defaulted)
    lines.push(t("rate-main-network", { symbol: escapeHtml(c.symbol.toUpperCase()), network: escapeHtml(c.network.toUpperCase()) }));
  if (!quote || quote.problem) {
    lines.push(problemLine(t, quote));
    return lines.join("\n");
  }
  if (quote.basis !== undefined) lines.push(t("rate-estimated", { amount: amount(quote.basis), from: escapeHtml(vars.from) }));
  quote.offers.slice(0, TOP_OFFERS).forEach((offer, i) => {
    if (outsideLimits(offer, query.amount)) {
      // No figure: this provider does not take this amount.
      lines.push(
        t("rate-offer-out-of-limits", {
          rank: i + 1,
          provider: escapeHtml(offer.provider_name),
          ...limitVars(t, offer),
          from: escapeHtml(vars.from),
        }),
      );
      return;
    }
    const tags = offer.tags.length > 0 ? ` · ${offerTags(t, offer)}` : "";
    lines.push(
      t("rate-offer-line", {
        rank: i + 1,
        provider: escapeHtml(offer.provider_name),
        receive: receivable(offer.amount),
        to: escapeHtml(vars.to),
        versus: versusBest(t, quote.offers, offer, query.amount),
        type: offer.exchange_type === "fixed" ? t("rate-fixed") : t("rate-floating"),
      }) + tags,
    );
  });
  const best = bestOffer(query, quote);
  if (best) lines.push(t("rate-limits", { ...limitVars(t, best), from: escapeHtml(vars.from) }));
  lines.push(t("rate-time", { time: moment(quote.fetchedAt, "t") }));
  return lines.join("\n");
}

/** Why a card has no offers, in one line. */
function problemLine(t: Translate, quote: CardQuote | undefined): string {
  switch (quote?.problem) {
    case "pair-invalid":
      return t("rate-pair-invalid");
    case "below-minimum":
      return t("rate-below-minimum");
    case "queue-full":
      return t("rate-queue-full", { count: quote.queue?.queued ?? 1, seconds: waitSeconds(quote.queue?.waitMs ?? 0) });
    case "forbidden":
      return t("rate-forbidden");
    default:
      return t("error-unavailable");
  }
}

/** "exolix: 3401.2 USDT" for an inline result's title; "≈" when estimated from a nearby amount's quote. */
function offerTitle(t: Translate, query: RateQuery, quote: CardQuote, offer: Offer): string {
  if (outsideLimits(offer, query.amount)) return `${offer.provider_name}: ${t("rate-out-of-limits-short")}`;
  return t("rate-offer-title", {
    provider: offer.provider_name,
    estimated: quote.basis === undefined ? "no" : "yes",
    receive: receivable(offer.amount),
    currency: query.to.symbol.toUpperCase(),
  });
}

/** The best offer that takes this amount (the best of all when none does). */
function bestOffer(query: RateQuery, quote: CardQuote): Offer | undefined {
  return quote.offers.find((offer) => !outsideLimits(offer, query.amount)) ?? quote.offers[0];
}

function describeBest(t: Translate, query: RateQuery, quote: CardQuote | undefined): string {
  const best = quote && bestOffer(query, quote);
  return quote && best ? offerTitle(t, query, quote, best) : problemLine(t, quote);
}

function quoteKeyboard(t: Translate, query: RateQuery, botUsername: string, refreshable: boolean): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const payload = encodeSwapLink({ from: query.from, to: query.to, amount: query.amount });
  if (payload) keyboard.url(t("rate-exchange-button"), `https://t.me/${botUsername}?start=${payload}`);
  if (refreshable) keyboard.text(t("button-refresh"), "rq");
  return keyboard;
}

/** Who may ask for quotes, then a page of the languages (by default the one with the group's). */
function settingsKeyboard(t: Translate, settings: GroupSettings, page?: number): InlineKeyboard {
  const mark = (on: boolean, label: string) => (on ? `✅ ${label}` : label);
  const current = supportedLocale(settings.language) ?? DEFAULT_LOCALE;
  const keyboard = new InlineKeyboard()
    .text(mark(!settings.adminsOnly, t("settings-everyone")), groupSettingsButton.who("everyone"))
    .text(mark(settings.adminsOnly, t("settings-admins")), groupSettingsButton.who("admins"))
    .row();
  return addLanguagePage(keyboard, t, {
    current,
    page: page ?? pageOf(current),
    choose: (locale) => groupSettingsButton.language(locale),
    turn: (n) => groupSettingsButton.page(n),
  });
}

function hintResult(t: Translate): InlineQueryResultArticle {
  return textResult("hint", t("inline-hint-title"), t("inline-hint-description"), t("rate-usage"));
}

function unavailableResult(t: Translate): InlineQueryResultArticle {
  return textResult("unavailable", t("inline-unavailable-title"), t("exchange-unavailable"), t("exchange-unavailable"));
}

/** An inline result that only sends a text, with no keyboard. */
function textResult(id: string, title: string, description: string, text: string): InlineQueryResultArticle {
  return { type: "article", id, title, description, input_message_content: { message_text: text, parse_mode: "HTML" } };
}

function article(id: string, title: string, text: string, keyboard: InlineKeyboard, description: string): InlineQueryResultArticle {
  return {
    type: "article",
    id,
    title,
    description,
    input_message_content: { message_text: text, parse_mode: "HTML", link_preview_options: { is_disabled: true } },
    reply_markup: keyboard,
  };
}
