import type { Composer } from "grammy";
import type { Clock } from "../../clock.js";
import {
  type CreateRequestRecord,
  isUnknownOutcome,
  REQUEST_KEY_PATTERN,
  type Repositories,
  type TransactionRecord,
  UNKNOWN_AFTER_MS,
} from "../../db/index.js";
import { depositNeedsMemo, depositView } from "../../domain/deposit.js";
import { networkName } from "../../domain/networks.js";
import {
  BudgetQueueFullError,
  type CatalogueService,
  type ExchangeAvailability,
  type RateBudget,
  requesterOf,
  type Transaction,
  type Unavailability,
} from "../../exchange/index.js";
import { amount, exactAmount } from "../amounts.js";
import { explorersOf, renderCard, statusLabel, stopReasonText, type Translate } from "../cards.js";
import { DirectComposer } from "../composer.js";
import type { BotContext } from "../context.js";
import { currencyLabel, escapeHtml, formatUtcMinute as time, waitSeconds } from "../format.js";

/** Exchanges /late lists at most (the longest late first). */
const LATE_LISTED = 30;

export interface SupportDeps {
  supportUserIds: readonly number[];
  repos: Repositories;
  catalogue: Pick<CatalogueService, "find">;
  budget: Pick<RateBudget, "stats">;
  availability: Pick<ExchangeAvailability, "current">;
  clock: Clock;
  /** Reads an exchange's live status (one user-lane call, `requester`'s: see requesterOf) and records it. */
  refresh: (exchangeId: string, requester: string) => Promise<TransactionRecord | undefined>;
  /** For an id the bot never created: the service's own record, one user-lane call (`requester`'s). */
  readLive: (exchangeId: string, requester: string) => Promise<Transaction>;
}

/**
 * Tools for support staff (SUPPORT_USER_IDS): /lookup, /user, /stats. For anyone else these
 * commands do not exist: the update passes on to the ordinary unknown-command answer.
 * Every use is written to the audit log.
 */
export function supportFeature(deps: SupportDeps): Composer<BotContext> {
  const composer = new DirectComposer<BotContext>();
  const staff = composer.chatType("private").filter((ctx) => deps.supportUserIds.includes(ctx.from.id));

  staff.command("lookup", async (ctx) => {
    const argument = ctx.match.trim();
    await deps.repos.audit.record(ctx.from.id, "lookup", argument);
    const request = await findMentionedRequest(deps.repos, argument);
    const tx =
      (await findMentioned(deps.repos, argument)) ??
      (request?.exchangeId ? await deps.repos.transactions.find(request.exchangeId) : undefined);
    // A reference from the "could not confirm" message: an attempt the bot may have no exchange for.
    if (!tx && request) return void (await ctx.reply(await renderRequest(ctx.t.bind(ctx), deps, request), { parse_mode: "HTML" }));
    if (!tx) {
      // The first word that looks like an exchange id (a pasted card starts with an emoji).
      const id = argument.split(/\s+/).find((word) => /^[A-Za-z0-9_.:-]{6,128}$/.test(word)) ?? "";
      const live = id ? await deps.readLive(id, requesterOf(ctx.from.id)).catch(() => undefined) : undefined;
      const text = live ? renderForeign(ctx.t.bind(ctx), deps, id, live) : ctx.t("support-lookup-unknown");
      return void (await ctx.reply(text, { parse_mode: "HTML" }));
    }
    let current = tx;
    /** Why the status shown is not live, if it is not. */
    let stale: string | undefined;
    try {
      current = (await deps.refresh(tx.exchangeId, requesterOf(ctx.from.id))) ?? tx;
    } catch (error) {
      // The staff member's own requests fill their place in line: say so, not that the service is down.
      stale =
        error instanceof BudgetQueueFullError
          ? ctx.t("support-lookup-queue-full", { count: error.queued, seconds: waitSeconds(error.waitMs) })
          : ctx.t("refresh-failed");
    }
    await ctx.reply(await renderLookup(ctx.t.bind(ctx), deps, current, stale), {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
  });

  staff.command("user", async (ctx) => {
    const argument = ctx.match.trim();
    await deps.repos.audit.record(ctx.from.id, "user", argument);
    const user = /^\d{1,15}$/.test(argument)
      ? await deps.repos.users.find(Number(argument))
      : argument
        ? await deps.repos.users.findByUsername(argument)
        : undefined;
    if (!user) return void (await ctx.reply(ctx.t("support-user-unknown"), { parse_mode: "HTML" }));
    const exchanges = await deps.repos.transactions.listByUser(user.id, 20);
    const count = await deps.repos.transactions.countByUser(user.id);
    const lines = [
      ctx.t("support-user-title", {
        id: String(user.id),
        username: escapeHtml(user.username ?? "—"),
        language: escapeHtml(user.language ?? user.telegramLanguage ?? "—"),
        count,
      }),
      ...exchanges.map((tx) =>
        ctx.t("history-line", {
          amount: amount(tx.amountFrom),
          from: escapeHtml(currencyLabel({ symbol: tx.symbolFrom, network: tx.networkFrom })),
          to: escapeHtml(currencyLabel({ symbol: tx.symbolTo, network: tx.networkTo })),
          status: statusLabel(ctx.t.bind(ctx), tx.status),
          id: escapeHtml(tx.exchangeId),
        }),
      ),
    ];
    await ctx.reply(lines.join("\n"), { parse_mode: "HTML" });
  });

  // Exchanges later than usual in their status (issue 40), the longest first: whom to look at before they ask.
  staff.command("late", async (ctx) => {
    await deps.repos.audit.record(ctx.from.id, "late", "");
    const late = await deps.repos.transactions.listLate(LATE_LISTED);
    if (late.length === 0) return void (await ctx.reply(ctx.t("support-late-none")));
    const lines = late.map((tx) =>
      ctx.t("support-late-line", {
        id: escapeHtml(tx.exchangeId),
        status: statusLabel(ctx.t.bind(ctx), tx.status),
        since: time(tx.statusChangedAt),
        provider: escapeHtml(tx.provider),
      }),
    );
    await ctx.reply([ctx.t("support-late-title", { count: late.length }), ...lines].join("\n"), { parse_mode: "HTML" });
  });

  staff.command("stats", async (ctx) => {
    await deps.repos.audit.record(ctx.from.id, "stats", "");
    const budget = await deps.budget.stats();
    const byStatus = await deps.repos.transactions.countByStatus();
    const backlog = await deps.repos.schedule.trackedCounts(deps.clock.now());
    const users = await deps.repos.users.count();
    const unknown = await deps.repos.createRequests.countUnknown(deps.clock.now());
    await ctx.reply(
      ctx.t("support-stats", {
        users,
        exchanges:
          Object.entries(byStatus)
            .map(([status, n]) => `${escapeHtml(status)} ${n}`)
            .join(", ") || "—",
        create: budget.lastHourByLane.create,
        user: budget.lastHourByLane.user,
        poll: budget.lastHourByLane.poll,
        catalogue: budget.lastHourByLane.catalogue,
        alert: budget.lastHourByLane.alert,
        limited: budget.rateLimited,
        tracked: backlog.tracked,
        due: backlog.due,
      }) +
        `\n${ctx.t("support-stats-unknown", { count: unknown })}` +
        `\n${exchangeLine(ctx, deps.availability.current())}`,
      { parse_mode: "HTML" },
    );
  });
  return composer;
}

function exchangeLine(ctx: BotContext, down: Unavailability | undefined): string {
  if (!down) return ctx.t("support-stats-exchange-ok");
  return ctx.t("support-stats-exchange-down", { since: time(down.since), reason: down.reason, detail: escapeHtml(down.detail) });
}

/** The exchange a pasted text names: the id alone, or a forwarded card that contains it. */
async function findMentioned(repos: Repositories, text: string): Promise<TransactionRecord | undefined> {
  for (const token of text.split(/\s+/)) {
    const tx = token ? await repos.transactions.find(token) : undefined;
    if (tx) return tx;
  }
  return undefined;
}

/** The creation request a pasted text names by its reference (the request key). */
async function findMentionedRequest(repos: Repositories, text: string): Promise<CreateRequestRecord | undefined> {
  for (const word of text.split(/\s+/)) {
    const token = word.replace(/^[^\w]+|[^\w]+$/g, "");
    const request = REQUEST_KEY_PATTERN.test(token) ? await repos.createRequests.find(token) : undefined;
    if (request) return request;
  }
  return undefined;
}

/** What the attempt asked for, as kept with its claim (older attempts kept only a log line). */
function requestDetails(t: Translate, request: CreateRequestRecord): string[] {
  const d = request.details;
  if (d === null) return request.state === "pending" ? [t("support-request-no-details")] : [];
  return [
    t("support-request-asked", {
      // A record of what was asked: every digit.
      amount: exactAmount(d.amount),
      from: escapeHtml(currencyLabel({ symbol: d.symbolFrom, network: d.networkFrom })),
      to: escapeHtml(currencyLabel({ symbol: d.symbolTo, network: d.networkTo })),
      provider: escapeHtml(d.provider),
      type: d.rateType === "fixed" ? t("rate-fixed") : t("rate-floating"),
    }),
    t("card-to", { address: escapeHtml(d.addressTo) }),
    d.extraTo ? t("card-to-memo", { memo: escapeHtml(d.extraTo) }) : "",
  ].filter((line) => line !== "");
}

/** One confirmation's attempt: what became of it, who asked and when. */
async function renderRequest(t: Translate, deps: SupportDeps, request: CreateRequestRecord): Promise<string> {
  const owner = await deps.repos.users.find(request.userId);
  return [
    t("support-request-title", { reference: escapeHtml(request.key) }),
    requestOutcome(t, request, deps.clock.now()),
    request.error === null ? "" : t("support-request-reason", { reason: escapeHtml(request.error) }),
    t("support-request-owner", {
      id: String(request.userId),
      username: escapeHtml(owner?.username ?? "—"),
      language: escapeHtml(owner?.language ?? owner?.telegramLanguage ?? "—"),
    }),
    t("support-request-at", { time: time(request.createdAt) }),
    ...requestDetails(t, request),
  ]
    .filter((line) => line !== "")
    .join("\n");
}

function requestOutcome(t: Translate, request: CreateRequestRecord, now: number): string {
  if (request.state === "created") return t("support-request-created", { id: escapeHtml(request.exchangeId ?? "—") });
  if (request.state === "failed") return t("support-request-failed");
  if (isUnknownOutcome(request, now)) return t("support-request-unknown");
  return t("support-request-in-flight", { minutes: UNKNOWN_AFTER_MS / 60_000 });
}

/** An exchange the service knows but this bot did not create: what the service says. */
function renderForeign(t: Translate, deps: SupportDeps, id: string, tx: Transaction): string {
  const field = (value: string | null) => escapeHtml(value ?? "—");
  return [
    t("card-title", { id: escapeHtml(id) }),
    t("support-lookup-foreign"),
    t("card-status", { status: statusLabel(t, tx.status) }),
    `${field(tx.amount_from)} ${field(tx.symbol_from)}/${field(tx.network_from)} → ` +
      `${field(tx.amount_to)} ${field(tx.symbol_to)}/${field(tx.network_to)}`,
    `${foreignDeposit(t, deps, tx)} → ${field(tx.address_to)}${tx.extra_to ? ` (memo ${field(tx.extra_to)})` : ""}`,
  ].join("\n");
}

/**
 * The deposit by the one deposit rule (src/domain/deposit.ts), as for the bot's own exchanges:
 * staff may pass the address on, so a memo network's address never goes without its memo. A
 * deposit whose network the service does not say is treated as one that needs a memo.
 */
function foreignDeposit(t: Translate, deps: SupportDeps, tx: Transaction): string {
  const network = tx.network_from ?? "";
  const catalogueSaysMemo = tx.symbol_from && network ? deps.catalogue.find(tx.symbol_from, network)?.memo : undefined;
  const view = depositView(
    { addressFrom: tx.address_from, extraFrom: tx.extra_from, networkFrom: network },
    network === "" || depositNeedsMemo(network, catalogueSaysMemo),
  );
  if (view.kind === "missing-address") return t("deposit-missing-address");
  if (view.kind === "missing-memo") return t("deposit-missing-memo", { network: escapeHtml(networkName(network) || "?") });
  return `${escapeHtml(view.address)}${view.memo === null ? "" : ` (memo ${escapeHtml(view.memo)})`}`;
}

async function renderLookup(t: Translate, deps: SupportDeps, tx: TransactionRecord, stale: string | undefined): Promise<string> {
  const owner = await deps.repos.users.find(tx.userId);
  const history = (await deps.repos.transactions.history(tx.exchangeId))
    .map((h) => `• ${time(h.at)} ${statusLabel(t, h.status)}`)
    .join("\n");
  return [
    // Never the owner's phrase: staff must not learn it.
    renderCard(t, tx, explorersOf(deps.catalogue, tx), deps.clock.now(), null, { depositInstructions: true }),
    "",
    t("support-lookup-owner", {
      id: String(tx.userId),
      username: escapeHtml(owner?.username ?? "—"),
      language: escapeHtml(owner?.language ?? owner?.telegramLanguage ?? "—"),
    }),
    t("support-lookup-created", { time: time(tx.createdAt) }),
    trackingLine(t, tx),
    stale ?? "",
    t("support-lookup-history"),
    history,
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** Whether the tracker follows the exchange; if it stopped, when and why. */
function trackingLine(t: Translate, tx: TransactionRecord): string {
  if (tx.nextPollAt !== null) return t("support-lookup-tracked", { time: time(tx.nextPollAt) });
  if (tx.trackingStoppedAt !== null)
    return t("support-lookup-stopped", { time: time(tx.trackingStoppedAt), reason: stopReasonText(t, tx) });
  return t("support-lookup-not-tracked");
}
