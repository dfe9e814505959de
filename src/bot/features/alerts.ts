import type { I18n } from "@grammyjs/i18n";
import { type Api, type Composer, InlineKeyboard } from "grammy";
import type { Clock } from "../../clock.js";
import type { RateAlert, Repositories } from "../../db/index.js";
import { parseAmount } from "../../domain/amount.js";
import type { CurrencyIndex } from "../../domain/currency-search.js";
import { parseRateQuery } from "../../domain/rate-query.js";
import type { Offer } from "../../exchange/index.js";
import { amount, exactAmount, type Localized, receivable } from "../amounts.js";
import { alertButton } from "../callback-data.js";
import type { Translate } from "../cards.js";
import { DirectComposer } from "../composer.js";
import type { BaseContext, BotContext } from "../context.js";
import { currencyLabel, escapeHtml, moment } from "../format.js";
import { amountReading, translatorOf } from "../i18n.js";
import { ignoreNotModified, sendFailure } from "../telegram-errors.js";

/** Open alerts one person may have. */
export const ALERTS_PER_PERSON = 5;
/** An alert not reached by then ends (and its owner is told). */
export const ALERT_LIFETIME_MS = 30 * 24 * 3_600_000;

export interface AlertsDeps {
  repos: Repositories;
  currencyIndex: () => CurrencyIndex;
  clock: Clock;
  /** How often alerts are checked, for the confirmation. */
  checkIntervalMs: number;
}

/** The result of asking for an alert, from /alert or from the offers screen. */
export type AlertRequest = { kind: "created"; alert: RateAlert } | { kind: "too-many" };

/** Creates an alert unless the person has as many as they may (counted and created at once). */
export async function createAlert(
  repos: Repositories,
  clock: Clock,
  alert: Omit<RateAlert, "id" | "createdAt" | "expiresAt">,
): Promise<AlertRequest> {
  const created = await repos.alerts.create({ ...alert, expiresAt: clock.now() + ALERT_LIFETIME_MS }, ALERTS_PER_PERSON);
  return created ? { kind: "created", alert: created } : { kind: "too-many" };
}

/** "🔔 I will tell you when 0.5 BTC gets at least 17.2 ETH…", or why not. */
export function alertAnswer(t: Translate, request: AlertRequest, checkIntervalMs: number): string {
  if (request.kind === "too-many") return t("alert-too-many", { max: ALERTS_PER_PERSON });
  return t("alert-created", {
    ...describe(request.alert),
    minutes: Math.round(checkIntervalMs / 60_000),
    days: ALERT_LIFETIME_MS / 86_400_000,
  });
}

/** /alert 0.5 btc eth 17.2 and /alerts. */
export function alertsFeature(deps: AlertsDeps): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  const pm = composer.chatType("private");

  pm.command("alert", async (ctx) => {
    const tokens = ctx.match.trim().split(/\s+/).filter(Boolean);
    const reading = await amountReading(ctx);
    const target = tokens.length >= 4 ? parseAmount(tokens.at(-1)!, { maxFractionDigits: 18, ...reading }) : undefined;
    const query = tokens.length >= 4 ? parseRateQuery(tokens.slice(0, -1).join(" "), deps.currencyIndex(), reading) : undefined;
    if (!target?.ok || !query?.ok) return void (await ctx.reply(ctx.t("alert-usage"), { parse_mode: "HTML" }));
    const { from, to, amount } = query.query;
    const request = await createAlert(deps.repos, deps.clock, {
      userId: ctx.from.id,
      chatId: ctx.chat.id,
      symbolFrom: from.symbol,
      networkFrom: from.network,
      symbolTo: to.symbol,
      networkTo: to.network,
      amount,
      target: target.value,
    });
    await ctx.reply(alertAnswer(ctx.t.bind(ctx), request, deps.checkIntervalMs), { parse_mode: "HTML" });
  });

  const list = async (ctx: BotContext): Promise<{ text: string; keyboard: InlineKeyboard }> => {
    const open = await deps.repos.alerts.openOf(ctx.from!.id);
    if (open.length === 0) return { text: ctx.t("alerts-empty"), keyboard: new InlineKeyboard() };
    const keyboard = new InlineKeyboard();
    const lines = [ctx.t("alerts-title"), ""];
    open.forEach((alert, i) => {
      lines.push(ctx.t("alerts-line", { n: i + 1, ...describe(alert), until: moment(alert.expiresAt) }));
      keyboard.text(`🗑 ${i + 1}`, alertButton.remove(alert.id)).danger();
      if ((i + 1) % 5 === 0) keyboard.row();
    });
    return { text: lines.join("\n"), keyboard };
  };
  pm.command("alerts", async (ctx) => {
    const { text, keyboard } = await list(ctx);
    await ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard });
  });
  pm.callbackQuery(alertButton.removePattern, async (ctx) => {
    const alert = await deps.repos.alerts.find(Number(ctx.match[1]));
    const removed = alert !== undefined && alert.userId === ctx.from.id && (await deps.repos.alerts.end(alert.id, "removed"));
    await ctx.answerCallbackQuery({ text: removed ? ctx.t("alerts-removed") : ctx.t("button-expired") });
    const { text, keyboard } = await list(ctx);
    await ctx.editMessageText(text, { parse_mode: "HTML", reply_markup: keyboard }).catch(ignoreNotModified);
  });
  return composer;
}

/** What became of a message to an alert's owner. */
export type Delivery = "sent" | "blocked" | "later";

/** How the alert checker (src/alerts/, built on the bot) tells an owner. */
export interface AlertMessenger {
  /** The best offer reached the target: one message, with a way into the pre-filled flow. */
  reached(alert: RateAlert, best: Offer): Promise<Delivery>;
  /** Thirty days went by without it. */
  expired(alert: RateAlert): Promise<Delivery>;
}

/** The messages of the alert checker (src/alerts/), in each owner's language. */
export function alertMessenger(deps: { api: Api; i18n: I18n<BaseContext>; repos: Repositories }): AlertMessenger {
  /** The message `compose` writes in the owner's language, unless they blocked the bot. */
  const send = async (alert: RateAlert, compose: (t: Translate) => { text: string; keyboard?: InlineKeyboard }): Promise<Delivery> => {
    const owner = await deps.repos.users.find(alert.userId);
    if (owner?.blocked) return "blocked";
    const { text, keyboard } = compose(translatorOf(deps.i18n, owner));
    try {
      await deps.api.sendMessage(alert.chatId, text, { parse_mode: "HTML", ...(keyboard ? { reply_markup: keyboard } : {}) });
      return "sent";
    } catch (error) {
      const failure = sendFailure(error);
      if (failure === "blocked") await deps.repos.users.setBlocked(alert.userId, true);
      // Certainly not delivered: the alert stays and is said at the next check. Otherwise never twice.
      return failure === "retry" ? "later" : failure === "blocked" ? "blocked" : "sent";
    }
  };
  return {
    reached: (alert: RateAlert, best: Offer) =>
      send(alert, (t) => ({
        text: t("alert-reached", { ...describe(alert), receive: receivable(best.amount), provider: escapeHtml(best.provider_name) }),
        keyboard: new InlineKeyboard().text(t("alert-exchange-button"), alertButton.exchange(alert.id)),
      })),
    expired: (alert: RateAlert) =>
      send(alert, (t) => ({ text: t("alert-expired", { ...describe(alert), days: ALERT_LIFETIME_MS / 86_400_000 }) })),
  };
}

function describe(
  alert: Pick<RateAlert, "amount" | "target" | "symbolFrom" | "networkFrom" | "symbolTo" | "networkTo">,
): Record<string, string | Localized> {
  return {
    amount: amount(alert.amount),
    from: escapeHtml(currencyLabel({ symbol: alert.symbolFrom, network: alert.networkFrom })),
    to: escapeHtml(currencyLabel({ symbol: alert.symbolTo, network: alert.networkTo })),
    // The threshold the person set, every digit: rounded, it could read as another one.
    target: exactAmount(alert.target),
  };
}
