import { InlineKeyboard } from "grammy";
import type { Logger } from "pino";
import {
  BudgetCancelledError,
  BudgetQueueFullError,
  type Currency,
  isExchangeError,
  type Offer,
  outsideLimits,
  type QueuePlace,
} from "../../exchange/index.js";
import { Decimal } from "../../money.js";
import { amount, exactAmount, type Localized, maximum, minimum, percentFromBest, receivable } from "../amounts.js";
import type { Translate } from "../cards.js";
import { currencyLabel, escapeHtml, moment, shorten, waitSeconds } from "../format.js";
import type { ButtonFactory, FlowUi, Screen } from "./flow-ui.js";

/** What fetching a quote gave, in a form the conversation can store and replay. */
export type QuoteOutcome =
  | { kind: "ok"; offers: Offer[]; fetchedAt: number; now: number }
  | { kind: "pair-invalid" }
  | { kind: "below-minimum" }
  | { kind: "error"; error: UpstreamProblem };

export interface UpstreamProblem {
  /** queue-full: the person already has `queued` quotes waiting in line (their /rate too). */
  kind:
    | "unavailable"
    | "rate-limited"
    | "queue-full"
    | "unauthorized"
    | "forbidden"
    | "bad-request"
    | "not-found"
    | "invalid-response"
    | "internal";
  retryAfterMs?: number;
  queued?: number;
  /** bad-request: the service's own words, if it gave any (shown after our sentence, as they are). */
  message?: string;
}

export type OffersChoice =
  | { kind: "offer"; offer: Offer; fetchedAt: number }
  | { kind: "change"; what: "amount" | "from" | "to" }
  /** "Tell me when I get at least…": the best offer now, as a hint for the target. */
  | { kind: "alert"; best: string | undefined };

const TAG_KEYS: Record<string, string> = {
  recommended: "tag-recommended",
  "ai best rate": "tag-ai-best-rate",
  "best rate": "tag-best-rate",
  "best in kyc": "tag-best-in-kyc",
};

/** An offer's tags ("Best Rate", …) in the reader's language, " · " apart; a tag we do not know, as the service wrote it. */
export function offerTags(t: Translate, offer: Offer): string {
  return offer.tags.map((tag) => (TAG_KEYS[tag.toLowerCase()] ? t(TAG_KEYS[tag.toLowerCase()]!) : escapeHtml(tag))).join(" · ");
}

/** Best first: the most received. Offers of disabled providers were left out before this. */
export function sortOffers(offers: Offer[]): Offer[] {
  return [...offers].sort((a, b) => new Decimal(b.amount).comparedTo(new Decimal(a.amount)));
}

export { outsideLimits };

/**
 * An offer's limits as people read them: the minimum (0 when none) rounded up and the maximum
 * ("no limit" when none) rounded down, so that typing either figure shown fits the offer.
 */
export function limitVars(t: (key: string) => string, offer: Offer): { min: string | Localized; max: string | Localized } {
  return {
    min: offer.min_amount === null ? "0" : minimum(offer.min_amount),
    max: offer.max_amount === null ? t("limit-none") : maximum(offer.max_amount),
  };
}

/**
 * " (-0.8%)" after an offer that gives less than the best offer taking `sent`; nothing after
 * that best, one as good, or one that does not take the amount (it has no figure to compare).
 */
export function versusBest(t: Translate, offers: readonly Offer[], offer: Offer, sent: string): string {
  if (outsideLimits(offer, sent)) return "";
  const best = offers.find((o) => !outsideLimits(o, sent));
  const percent = best === undefined ? undefined : percentFromBest(offer.amount, best.amount);
  return percent === undefined ? "" : ` ${t("offer-versus-best", { percent })}`;
}

/**
 * What a quote fetched in the background is for: the offers step's list, the re-check of an old
 * quote before creating, or the next best offer after a provider refused at create time.
 */
export type OffersPurpose = "offers" | RecheckPurpose;
export type RecheckPurpose = "recheck" | "next-best";

/** Where the offers step gets its quotes; every method runs through the conversation's replay log. */
export interface OfferSource {
  /**
   * A quote that needs no wait: a recent one from the cache, or one that comes back within a
   * moment without waiting in line for the budget. Null otherwise (the call goes on).
   */
  withoutWaiting(fresh: boolean): Promise<QuoteOutcome | null>;
  /**
   * Starts a quote outside the conversation; it replaces message `messageId` for the current
   * step: with the offers, or (a re-check before creating) with a button to go on.
   */
  deliver(messageId: number, fresh: boolean, purpose?: OffersPurpose): Promise<void>;
  /** The quote delivered to the current step, or null while it is on its way. */
  delivered(): Promise<QuoteOutcome | null>;
  /** The flow leaves the step: a quote still on its way is dropped. */
  forget(): Promise<void>;
}

/**
 * Step 4: one estimate, then the offers best first; each offer is chosen by a button naming
 * its provider. Refresh re-quotes in place. Upstream trouble keeps the flow where it is
 * with a retry button. A quote that would wait for the budget is fetched outside the
 * conversation (a wait in line must not hold the chat): a "getting offers" screen with the
 * place in line stands in for it until it comes, and the flow keeps listening meanwhile.
 */
export async function chooseOffer(
  ui: FlowUi,
  source: OfferSource,
  swap: { from: Currency; to: Currency; amount: string },
): Promise<OffersChoice> {
  let outcome: QuoteOutcome | null = null;
  let messageId: number | undefined;
  const load = async (fresh: boolean, inPlace: boolean) => {
    outcome = await source.withoutWaiting(fresh);
    const shown = outcome;
    const build = (button: ButtonFactory) =>
      shown ? renderOutcome(ui.t.bind(ui), shown, swap, button) : renderLoading(ui.t.bind(ui), swap, button);
    // New content whose buttons mean something else: a tap on the old ones expires.
    if (inPlace && messageId !== undefined) await ui.redraw(messageId, build, { newStep: true });
    else messageId = await ui.prompt(build);
    if (!shown) await source.deliver(messageId, fresh);
  };
  await load(false, false);

  for (;;) {
    const input = await ui.input();
    if (input.kind === "text") {
      // The quote may have come while its screen could not be updated: show it now.
      const came: QuoteOutcome | null = outcome ? null : await source.delivered();
      if (came && messageId !== undefined) {
        outcome = came;
        await ui.redraw(messageId, (button) => renderOutcome(ui.t.bind(ui), came, swap, button));
      }
      await ui.say(ui.t("flow-tap-a-button"));
      continue;
    }
    switch (input.action) {
      case "o": {
        outcome ??= await source.delivered();
        if (outcome?.kind !== "ok") break;
        const offer = outcome.offers[Number(input.arg)];
        if (!offer) break;
        const problem = outsideLimits(offer, swap.amount);
        if (problem) {
          await ui.say(
            ui.t("flow-offer-out-of-limits", {
              provider: escapeHtml(offer.provider_name),
              ...limitVars((key) => ui.t(key), offer),
              currency: escapeHtml(currencyLabel(swap.from)),
              // What they typed, every digit: they compare it with the limits.
              amount: exactAmount(swap.amount),
            }),
          );
          break;
        }
        await source.forget();
        return { kind: "offer", offer, fetchedAt: outcome.fetchedAt };
      }
      case "al": {
        const shown: QuoteOutcome | null = outcome ?? (await source.delivered());
        await source.forget();
        return { kind: "alert", best: shown?.kind === "ok" ? shown.offers[0]?.amount : undefined };
      }
      case "r":
        await load(true, true);
        break;
      case "retry":
        await load(false, false);
        break;
      case "a":
      case "f":
      case "t":
        await source.forget();
        return { kind: "change", what: input.action === "a" ? "amount" : input.action === "f" ? "from" : "to" };
    }
  }
}

/**
 * A fresh quote the flow needs before going on: the re-check of an old offer before creating,
 * or the next best offer after a refusal (`purpose`). When it would wait in line, it waits
 * outside the conversation: one message says so and becomes a button to go on once the fresh
 * quote is there. Returns the fresh quote, or "cancel".
 */
export async function recheckInLine(
  ui: FlowUi,
  source: OfferSource,
  purpose: RecheckPurpose = "recheck",
): Promise<QuoteOutcome | "cancel"> {
  const messageId = await ui.prompt((button) => renderRecheck(ui.t.bind(ui), button, { purpose }));
  await source.deliver(messageId, true, purpose);
  for (;;) {
    const input = await ui.input();
    if (input.kind === "button" && input.action === "no") {
      await source.forget();
      return "cancel";
    }
    const fresh = await source.delivered();
    if (fresh && input.kind === "button" && input.action === "ok") {
      await source.forget();
      return fresh;
    }
    if (fresh) {
      // Checked, but the message could not be updated: show the button now.
      await ui.redraw(messageId, (button) => renderRecheck(ui.t.bind(ui), button, { done: true, purpose }));
      continue;
    }
    await ui.say(ui.t(purpose === "recheck" ? "flow-recheck-wait" : "flow-next-best-wait"));
  }
}

/** The re-check's message: waiting (with the place in line), or done with a button to go on. */
export function renderRecheck(
  t: Translate,
  button: ButtonFactory,
  state: { place?: QueuePlace; done?: boolean; purpose?: RecheckPurpose } = {},
): Screen {
  const recheck = (state.purpose ?? "recheck") === "recheck";
  if (state.done) {
    // The re-check's button confirms (green); the next best offer's only shows it, for its own Confirm.
    const keyboard = recheck
      ? new InlineKeyboard().text(t("button-confirm"), button("", "ok").callback_data).success()
      : new InlineKeyboard().text(t("button-see-offer"), button("", "ok").callback_data);
    return { text: t(recheck ? "flow-recheck-done" : "flow-next-best-done"), keyboard };
  }
  const lines = [t(recheck ? "flow-recheck-waiting" : "flow-next-best-waiting")];
  if (state.place && state.place.position > 0)
    lines.push(t("queue-position", { position: state.place.position, seconds: waitSeconds(state.place.waitMs) }));
  return { text: lines.join("\n"), keyboard: new InlineKeyboard().text(t("button-cancel"), button("", "no").callback_data).danger() };
}

/** Stands in for the offers while the quote is on its way; `place` when it waits in line. */
export function renderLoading(
  t: Translate,
  swap: { from: Currency; to: Currency; amount: string },
  button: ButtonFactory,
  place?: QueuePlace,
): Screen {
  const lines = [
    t("flow-offers-loading", {
      amount: amount(swap.amount),
      from: escapeHtml(currencyLabel(swap.from)),
      to: escapeHtml(currencyLabel(swap.to)),
    }),
  ];
  if (place && place.position > 0) lines.push(t("queue-position", { position: place.position, seconds: waitSeconds(place.waitMs) }));
  return { text: lines.join("\n"), keyboard: new InlineKeyboard().text(t("flow-change-amount"), button("", "a").callback_data) };
}

export function renderOutcome(
  t: Translate,
  outcome: QuoteOutcome,
  swap: { from: Currency; to: Currency; amount: string },
  button: ButtonFactory,
): Screen {
  const from = escapeHtml(currencyLabel(swap.from));
  const to = escapeHtml(currencyLabel(swap.to));
  const change = new InlineKeyboard()
    .text(t("flow-change-amount"), button("", "a").callback_data)
    .row()
    .text(t("flow-change-from"), button("", "f").callback_data)
    .text(t("flow-change-to"), button("", "t").callback_data);
  switch (outcome.kind) {
    case "pair-invalid":
      return { text: t("flow-pair-invalid", { from, to }), keyboard: change };
    case "below-minimum":
      return { text: t("flow-below-minimum", { amount: exactAmount(swap.amount), from }), keyboard: change };
    case "error":
      return {
        text: problemText({ t }, outcome.error),
        keyboard: new InlineKeyboard()
          .text(t("button-retry"), button("", "retry").callback_data)
          .row()
          .text(t("flow-change-amount"), button("", "a").callback_data),
      };
    case "ok":
      break;
  }
  if (outcome.offers.length === 0) return { text: t("flow-no-offers", { from, to }), keyboard: change };

  const age = Math.max(0, Math.round((outcome.now - outcome.fetchedAt) / 1000));
  const lines = [
    t("flow-offers-header", { amount: amount(swap.amount), from, to }),
    t("flow-quote-age", { time: moment(outcome.fetchedAt, "T"), seconds: age }),
    "",
  ];
  const keyboard = new InlineKeyboard();
  outcome.offers.forEach((offer, i) => {
    const tags = offerTags(t, offer);
    lines.push(
      t("flow-offer-line", {
        rank: i + 1,
        provider: escapeHtml(offer.provider_name),
        receive: receivable(offer.amount),
        to,
        versus: versusBest(t, outcome.offers, offer, swap.amount),
        type: offer.exchange_type === "fixed" ? t("rate-fixed") : t("rate-floating"),
        ...limitVars(t, offer),
        from,
      }),
    );
    if (tags) lines.push(`   ${tags}`);
    const label = t("flow-offer-button", {
      provider: offer.provider_name,
      receive: receivable(offer.amount),
      currency: swap.to.symbol.toUpperCase(),
    });
    keyboard.text(label, button("", "o", i).callback_data).row();
  });
  keyboard.text(t("button-refresh"), button("", "r").callback_data).text(t("flow-change-amount"), button("", "a").callback_data);
  keyboard.row().text(t("flow-alert-button"), button("", "al").callback_data);
  return { text: lines.join("\n"), keyboard };
}

/** One sentence for a person about an upstream problem; the details went to the log. */
export function problemText(ui: Pick<FlowUi, "t">, problem: UpstreamProblem): string {
  if (problem.kind === "rate-limited") return ui.t("error-rate-limited", { seconds: waitSeconds(problem.retryAfterMs ?? 60_000) });
  if (problem.kind === "queue-full")
    return ui.t("error-queue-full", { count: problem.queued ?? 1, seconds: waitSeconds(problem.retryAfterMs ?? 60_000) });
  if (problem.kind === "bad-request") {
    const reason = problem.message?.trim();
    return reason ? ui.t("error-refused", { reason: escapeHtml(shorten(reason, 300)) }) : ui.t("error-refused-plain");
  }
  if (problem.kind === "forbidden") return ui.t("error-forbidden");
  return ui.t("error-unavailable");
}

/** What a failed upstream call means, as the flow stores and words it; anything unexpected is logged. */
export function describeError(error: unknown, logger: Logger): UpstreamProblem {
  if (error instanceof BudgetCancelledError) return { kind: "unavailable" };
  if (error instanceof BudgetQueueFullError) return { kind: "queue-full", queued: error.queued, retryAfterMs: error.waitMs };
  if (isExchangeError(error)) {
    // Not the error's message: it names our API call, in English.
    const problem: UpstreamProblem = { kind: error.kind };
    if (error.details.serviceMessage !== undefined) problem.message = error.details.serviceMessage;
    if (error.details.retryAfterMs !== undefined) problem.retryAfterMs = error.details.retryAfterMs;
    return problem;
  }
  logger.error({ err: error }, "unexpected error in the exchange flow");
  return { kind: "internal" };
}
