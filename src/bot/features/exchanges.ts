import { type Composer, InlineKeyboard } from "grammy";
import type { Clock } from "../../clock.js";
import type { Repositories, TransactionRecord } from "../../db/index.js";
import { FUNDS_SENT_BOOST_MS, fundsSentRecently } from "../../domain/poll-policy.js";
import { BudgetCancelledError, BudgetQueueFullError, type CatalogueService, isFinalStatus, requesterOf } from "../../exchange/index.js";
import { amount } from "../amounts.js";
import type { BackgroundTasks } from "../background.js";
import { againButton, cardButton, historyButton, menuButton } from "../callback-data.js";
import { cardKeyboard, explorersOf, offersFundsSent, renderCard, renderReceipt, statusLabel } from "../cards.js";
import { DirectComposer } from "../composer.js";
import type { BotContext } from "../context.js";
import { currencyLabel, escapeHtml, moment } from "../format.js";
import { ignoreNotModified } from "../telegram-errors.js";

export const HISTORY_PAGE_SIZE = 5;
/**
 * How long /history mentions a request whose outcome is unknown. No deposit address was ever
 * shown for it, so an exchange it may have created is never paid and expires at the provider.
 */
export const UNCONFIRMED_SHOWN_MS = 24 * 3_600_000;
const UNCONFIRMED_SHOWN_MAX = 3;
/** A person may refresh one exchange by hand this often: each refresh is an upstream call. */
export const REFRESH_COOLDOWN_MS = 30_000;

export interface ExchangesDeps {
  repos: Repositories;
  catalogue: Pick<CatalogueService, "find">;
  clock: Clock;
  /** A person's look at an exchange now, as `requester`'s call (requesterOf: people take turns). */
  refresh: (exchangeId: string, requester: string) => Promise<TransactionRecord | undefined>;
  /** The owner says the deposit is on its way: the tracker looks first and often for a while. */
  fundsSent: (exchangeId: string) => Promise<void>;
  /** TRACKER_INTERVAL_SECONDS in ms, to tell the owner how often we look. */
  trackerIntervalMs: number;
  /** Where a refresh waits for the budget, so the chat's other updates need not wait with it. */
  background: BackgroundTasks;
}

/** /history, /status and the cards of a person's own exchanges. */
export function exchangesFeature(deps: ExchangesDeps): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  const pm = composer.chatType("private");

  const showCard = async (ctx: BotContext, tx: TransactionRecord, edit: boolean) => {
    const phrase = (await deps.repos.users.find(tx.userId))?.phrase ?? null;
    const explorers = explorersOf(deps.catalogue, tx);
    const text = renderCard(ctx.t.bind(ctx), tx, explorers, deps.clock.now(), phrase);
    const options = {
      parse_mode: "HTML" as const,
      reply_markup: cardKeyboard(ctx.t.bind(ctx), tx, explorers),
      link_preview_options: { is_disabled: true },
    };
    if (edit) await ctx.editMessageText(text, options).catch(ignoreNotModified);
    else await ctx.reply(text, options);
  };

  pm.command("history", (ctx) => sendHistory(ctx, deps, 0, false));
  pm.callbackQuery(menuButton.pattern, async (ctx, next) => {
    if (ctx.match[1] !== "history") return next();
    await ctx.answerCallbackQuery();
    await sendHistory(ctx, deps, 0, false);
  });
  pm.callbackQuery(historyButton.pattern, async (ctx) => {
    await ctx.answerCallbackQuery();
    await sendHistory(ctx, deps, Number(ctx.match[1]), true);
  });

  pm.command("status", async (ctx) => {
    const id = ctx.match.trim();
    if (!id) return void (await ctx.reply(ctx.t("status-usage"), { parse_mode: "HTML" }));
    const tx = await deps.repos.transactions.find(id);
    // Someone else's exchange gets the same answer as one that does not exist.
    if (!tx || tx.userId !== ctx.from.id) return void (await ctx.reply(ctx.t("status-not-found"), { parse_mode: "HTML" }));
    await showCard(ctx, tx, false);
  });

  /** Refresh: answered at once; the upstream call and the edit run in the background. */
  const refreshCard = async (ctx: BotContext, tx: TransactionRecord) => {
    const now = deps.clock.now();
    const wait = (tx.refreshedAt ?? -Infinity) + REFRESH_COOLDOWN_MS - now;
    if (wait > 0) return void (await ctx.answerCallbackQuery({ text: ctx.t("refresh-cooldown", { seconds: Math.ceil(wait / 1000) }) }));
    await deps.repos.transactions.setRefreshedAt(tx.exchangeId, now);
    await ctx.answerCallbackQuery();
    // The call may wait minutes for the budget; this handler holds the chat's turn until it returns.
    deps.background.run(async () => {
      let current: TransactionRecord | undefined;
      try {
        // The owner's request: it takes turns with their quotes, within their cap (budget.ts, rule 7).
        current = await deps.refresh(tx.exchangeId, requesterOf(tx.userId));
      } catch (error) {
        if (error instanceof BudgetCancelledError) return; // shutting down; the card stays as it was
        if (error instanceof BudgetQueueFullError) {
          const seconds = Math.ceil(Math.max(error.waitMs, REFRESH_COOLDOWN_MS) / 1000);
          return void (await ctx.reply(ctx.t("refresh-queue-full", { count: error.queued, seconds }), { parse_mode: "HTML" }));
        }
        await ctx.reply(ctx.t("refresh-failed"), { parse_mode: "HTML" });
      }
      await showCard(ctx, current ?? (await deps.repos.transactions.find(tx.exchangeId)) ?? tx, true);
    });
  };

  /** "I have sent the funds": thanked at once; the tracker looks now and at every interval for a while. */
  const reportFundsSent = async (ctx: BotContext, tx: TransactionRecord) => {
    // A button left on an old card: the card catches up and loses it.
    if (!offersFundsSent(tx, explorersOf(deps.catalogue, tx).depositMemo)) {
      await ctx.answerCallbackQuery();
      return showCard(ctx, tx, true);
    }
    await ctx.answerCallbackQuery({
      text: ctx.t("funds-sent-thanks", { seconds: Math.round(deps.trackerIntervalMs / 1000), minutes: FUNDS_SENT_BOOST_MS / 60_000 }),
    });
    // Pressed again within the window: already first in line, and another tap must not buy another poll.
    if (!fundsSentRecently(tx.fundsSentAt, deps.clock.now())) await deps.fundsSent(tx.exchangeId);
    await showCard(ctx, (await deps.repos.transactions.find(tx.exchangeId)) ?? tx, true);
  };

  pm.callbackQuery(cardButton.pattern, async (ctx) => {
    const tx = await deps.repos.transactions.findByRowId(Number(ctx.match[2]));
    if (!tx || tx.userId !== ctx.from.id) return void (await ctx.answerCallbackQuery({ text: ctx.t("button-expired") }));
    switch (cardButton.action(ctx.match[1]!)) {
      case "open":
        await ctx.answerCallbackQuery();
        return showCard(ctx, tx, false);
      case "refresh":
        return refreshCard(ctx, tx);
      case "fundsSent":
        return reportFundsSent(ctx, tx);
      case "receipt":
        await ctx.answerCallbackQuery();
        return void (await ctx.reply(
          renderReceipt(ctx.t.bind(ctx), tx, explorersOf(deps.catalogue, tx), await deps.repos.transactions.history(tx.exchangeId)),
          { parse_mode: "HTML" },
        ));
    }
  });
  return composer;
}

/**
 * A person's recent requests of unknown outcome: they are not exchanges the bot can show, and
 * saying "no exchanges" alone would not be the whole truth.
 */
async function unconfirmedNote(ctx: BotContext, deps: Pick<ExchangesDeps, "repos" | "clock">): Promise<string[]> {
  const since = deps.clock.now() - UNCONFIRMED_SHOWN_MS;
  const requests = await deps.repos.createRequests.pendingByUser(ctx.from!.id, since, UNCONFIRMED_SHOWN_MAX);
  if (requests.length === 0) return [];
  return [
    ctx.t("history-unconfirmed"),
    ...requests.map((r) => ctx.t("history-unconfirmed-line", { time: moment(r.createdAt), reference: escapeHtml(r.key) })),
  ];
}

/** The person's exchanges, newest first, a page at a time, each opening its card. */
async function sendHistory(ctx: BotContext, deps: Pick<ExchangesDeps, "repos" | "clock">, page: number, edit: boolean): Promise<void> {
  const { repos } = deps;
  const userId = ctx.from!.id;
  const total = await repos.transactions.countByUser(userId);
  const unconfirmed = await unconfirmedNote(ctx, deps);
  if (total === 0) {
    await ctx.reply(unconfirmed.length > 0 ? unconfirmed.join("\n") : ctx.t("history-empty"), { parse_mode: "HTML" });
    return;
  }
  const pages = Math.ceil(total / HISTORY_PAGE_SIZE);
  const current = Math.min(Math.max(0, page), pages - 1);
  const exchanges = await repos.transactions.listByUser(userId, HISTORY_PAGE_SIZE, current * HISTORY_PAGE_SIZE);
  const lines = [ctx.t("history-title"), ""];
  const keyboard = new InlineKeyboard();
  exchanges.forEach((tx, i) => {
    const from = currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom });
    const to = currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo });
    lines.push(
      ctx.t("history-line", {
        amount: amount(tx.amountFrom),
        from: escapeHtml(from),
        to: escapeHtml(to),
        status: statusLabel(ctx.t.bind(ctx), tx.status),
        id: escapeHtml(tx.exchangeId),
      }),
    );
    keyboard.text(
      ctx.t("history-button", { n: current * HISTORY_PAGE_SIZE + i + 1, amount: amount(tx.amountFrom), from, to }),
      cardButton.encode("open", tx.rowId),
    );
    if (isFinalStatus(tx.status)) keyboard.text("🔁", againButton.encode(tx.rowId)).success();
    keyboard.row();
  });
  if (pages > 1) {
    lines.push("", ctx.t("history-page", { page: current + 1, pages }));
    if (current > 0) keyboard.text("‹", historyButton.encode(current - 1));
    if (current < pages - 1) keyboard.text("›", historyButton.encode(current + 1));
  }
  if (unconfirmed.length > 0) lines.push("", ...unconfirmed);
  const options = { parse_mode: "HTML" as const, reply_markup: keyboard };
  if (edit) await ctx.editMessageText(lines.join("\n"), options).catch(ignoreNotModified);
  else await ctx.reply(lines.join("\n"), options);
}
