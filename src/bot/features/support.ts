import { Composer } from "grammy";
import type { Clock } from "../../clock.js";
import type { Repositories, TransactionRecord } from "../../db/index.js";
import type { RateBudget } from "../../exchange/budget.js";
import type { CatalogueService } from "../../exchange/catalogue.js";
import type { Transaction } from "../../exchange/schemas.js";
import { explorersOf, renderCard, statusLabel, type Translate } from "../cards.js";
import type { BotContext } from "../context.js";
import { currencyLabel, escapeHtml, formatAmount, formatUtcMinute as time } from "../format.js";

export interface SupportDeps {
  supportUserIds: readonly number[];
  repos: Repositories;
  catalogue: Pick<CatalogueService, "find">;
  budget: Pick<RateBudget, "stats">;
  clock: Clock;
  /** Reads an exchange's live status (one user-lane call) and records it. */
  refresh: (exchangeId: string) => Promise<TransactionRecord | undefined>;
  /** For an id the bot never created: the service's own record, one user-lane call. */
  readLive: (exchangeId: string) => Promise<Transaction>;
}


/**
 * Tools for support staff (SUPPORT_USER_IDS): /lookup, /user, /stats. For anyone else these
 * commands do not exist: the update passes on to the ordinary unknown-command answer.
 * Every use is written to the audit log.
 */
export function supportFeature(deps: SupportDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const staff = composer.chatType("private").filter((ctx) => deps.supportUserIds.includes(ctx.from.id));

  staff.command("lookup", async (ctx) => {
    const argument = ctx.match.trim();
    deps.repos.audit.record(ctx.from.id, "lookup", argument);
    const tx = findMentioned(deps.repos, argument);
    if (!tx) {
      // The first word that looks like an exchange id (a pasted card starts with an emoji).
      const id = argument.split(/\s+/).find((word) => /^[A-Za-z0-9_.:-]{6,128}$/.test(word)) ?? "";
      const live = id ? await deps.readLive(id).catch(() => undefined) : undefined;
      const text = live ? renderForeign(ctx.t.bind(ctx), id, live) : ctx.t("support-lookup-unknown");
      return void (await ctx.reply(text, { parse_mode: "HTML" }));
    }
    let current = tx;
    let live = true;
    try {
      current = (await deps.refresh(tx.exchangeId)) ?? tx;
    } catch {
      live = false;
    }
    await ctx.reply(renderLookup(ctx.t.bind(ctx), deps, current, live), { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
  });

  staff.command("user", async (ctx) => {
    const argument = ctx.match.trim();
    deps.repos.audit.record(ctx.from.id, "user", argument);
    const user = /^\d{1,15}$/.test(argument) ? deps.repos.users.find(Number(argument)) : argument ? deps.repos.users.findByUsername(argument) : undefined;
    if (!user) return void (await ctx.reply(ctx.t("support-user-unknown"), { parse_mode: "HTML" }));
    const exchanges = deps.repos.transactions.listByUser(user.id, 20);
    const lines = [
      ctx.t("support-user-title", {
        id: String(user.id),
        username: escapeHtml(user.username ?? "—"),
        language: escapeHtml(user.language ?? user.telegramLanguage ?? "—"),
        count: deps.repos.transactions.countByUser(user.id),
      }),
      ...exchanges.map((tx) =>
        ctx.t("history-line", {
          amount: formatAmount(tx.amountFrom),
          from: escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom })),
          to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
          status: statusLabel(ctx.t.bind(ctx), tx.status),
          id: escapeHtml(tx.exchangeId),
        }),
      ),
    ];
    await ctx.reply(lines.join("\n"), { parse_mode: "HTML" });
  });

  staff.command("stats", async (ctx) => {
    deps.repos.audit.record(ctx.from.id, "stats", "");
    const budget = deps.budget.stats();
    const byStatus = deps.repos.transactions.countByStatus();
    const backlog = deps.repos.transactions.trackedCounts(deps.clock.now());
    await ctx.reply(
      ctx.t("support-stats", {
        users: deps.repos.users.count(),
        exchanges: Object.entries(byStatus)
          .map(([status, n]) => `${escapeHtml(status)} ${n}`)
          .join(", ") || "—",
        create: budget.lastHourByLane.create,
        user: budget.lastHourByLane.user,
        poll: budget.lastHourByLane.poll,
        catalogue: budget.lastHourByLane.catalogue,
        limited: budget.rateLimited,
        tracked: backlog.tracked,
        due: backlog.due,
      }),
      { parse_mode: "HTML" },
    );
  });
  return composer;
}

/** The exchange a pasted text names: the id alone, or a forwarded card that contains it. */
function findMentioned(repos: Repositories, text: string): TransactionRecord | undefined {
  for (const token of text.split(/\s+/)) {
    const tx = token ? repos.transactions.find(token) : undefined;
    if (tx) return tx;
  }
  return undefined;
}

/** An exchange the service knows but this bot did not create: what the service says. */
function renderForeign(t: Translate, id: string, tx: Transaction): string {
  const field = (value: string | null) => escapeHtml(value ?? "—");
  return [
    t("card-title", { id: escapeHtml(id) }),
    t("support-lookup-foreign"),
    t("card-status", { status: statusLabel(t, tx.status) }),
    `${field(tx.amount_from)} ${field(tx.symbol_from)}/${field(tx.network_from)} → ${field(tx.amount_to)} ${field(tx.symbol_to)}/${field(tx.network_to)}`,
    `${field(tx.address_from)} → ${field(tx.address_to)}`,
  ].join("\n");
}

function renderLookup(t: Translate, deps: SupportDeps, tx: TransactionRecord, live: boolean): string {
  const owner = deps.repos.users.find(tx.userId);
  const history = deps.repos.transactions
    .history(tx.exchangeId)
    .map((h) => `• ${time(h.at)} ${statusLabel(t, h.status)}`)
    .join("\n");
  return [
    renderCard(t, tx, explorersOf(deps.catalogue, tx), deps.clock.now(), { depositInstructions: true }),
    "",
    t("support-lookup-owner", {
      id: String(tx.userId),
      username: escapeHtml(owner?.username ?? "—"),
      language: escapeHtml(owner?.language ?? owner?.telegramLanguage ?? "—"),
    }),
    t("support-lookup-created", { time: time(tx.createdAt) }),
    t(tx.nextPollAt === null ? "support-lookup-not-tracked" : "support-lookup-tracked", { time: tx.nextPollAt === null ? "" : time(tx.nextPollAt) }),
    live ? "" : t("refresh-failed"),
    t("support-lookup-history"),
    history,
  ]
    .filter((line) => line !== "")
    .join("\n");
}
