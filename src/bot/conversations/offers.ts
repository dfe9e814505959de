import { InlineKeyboard } from "grammy";
import { Decimal } from "../../money.js";
import type { Currency, Offer } from "../../exchange/schemas.js";
import { currencyLabel, escapeHtml, formatAmount } from "../format.js";
import type { ButtonFactory, FlowUi, Screen } from "./flow-ui.js";

/** What fetching a quote gave, in a form the conversation can store and replay. */
export type QuoteOutcome =
  | { kind: "ok"; offers: Offer[]; fetchedAt: number; now: number }
  | { kind: "pair-invalid" }
  | { kind: "below-minimum" }
  | { kind: "error"; error: UpstreamProblem };

export interface UpstreamProblem {
  kind: "unavailable" | "rate-limited" | "unauthorized" | "bad-request" | "not-found" | "invalid-response" | "internal";
  retryAfterMs?: number;
  message?: string;
}

export type OffersChoice =
  | { kind: "offer"; offer: Offer; fetchedAt: number }
  | { kind: "change"; what: "amount" | "from" | "to" };

const TAG_KEYS: Record<string, string> = {
  "recommended": "tag-recommended",
  "ai best rate": "tag-ai-best-rate",
  "best rate": "tag-best-rate",
  "best in kyc": "tag-best-in-kyc",
};

/** Best first: the most received. Offers of disabled providers were left out before this. */
export function sortOffers(offers: Offer[]): Offer[] {
  return [...offers].sort((a, b) => new Decimal(b.amount).comparedTo(new Decimal(a.amount)));
}

/** Why the amount does not fit this offer's limits, if it does not. */
export function outsideLimits(offer: Offer, amount: string): "below" | "above" | undefined {
  const value = new Decimal(amount);
  if (offer.min_amount !== null && value.lessThan(offer.min_amount)) return "below";
  if (offer.max_amount !== null && value.greaterThan(offer.max_amount)) return "above";
  return undefined;
}

/**
 * Step 4: one estimate, then the offers best first; each offer is chosen by a button naming
 * its provider. Refresh re-quotes in place. Upstream trouble keeps the flow where it is
 * with a retry button.
 */
export async function chooseOffer(
  ui: FlowUi,
  fetchQuote: (fresh: boolean) => Promise<QuoteOutcome>,
  swap: { from: Currency; to: Currency; amount: string },
): Promise<OffersChoice> {
  let outcome = await fetchQuote(false);
  let messageId: number | undefined;
  const show = async (fresh: boolean) => {
    const build = (button: ButtonFactory) => renderOutcome(ui, outcome, swap, button);
    if (fresh || messageId === undefined) messageId = await ui.prompt(build);
    else await ui.redraw(messageId, build, { newStep: true });
  };
  await show(true);

  for (;;) {
    const input = await ui.input();
    if (input.kind === "text") {
      await ui.say(ui.t("flow-tap-a-button"));
      continue;
    }
    switch (input.action) {
      case "o": {
        if (outcome.kind !== "ok") break;
        const offer = outcome.offers[Number(input.arg)];
        if (!offer) break;
        const problem = outsideLimits(offer, swap.amount);
        if (problem) {
          await ui.say(
            ui.t("flow-offer-out-of-limits", {
              provider: escapeHtml(offer.provider_name),
              min: offer.min_amount === null ? "0" : formatAmount(offer.min_amount),
              max: offer.max_amount === null ? ui.t("limit-none") : formatAmount(offer.max_amount),
              currency: escapeHtml(currencyLabel(swap.from)),
              amount: formatAmount(swap.amount),
            }),
          );
          break;
        }
        return { kind: "offer", offer, fetchedAt: outcome.fetchedAt };
      }
      case "r":
        outcome = await fetchQuote(true);
        await show(false);
        break;
      case "retry":
        outcome = await fetchQuote(false);
        await show(true);
        break;
      case "a":
        return { kind: "change", what: "amount" };
      case "f":
        return { kind: "change", what: "from" };
      case "t":
        return { kind: "change", what: "to" };
    }
  }
}

export function renderOutcome(ui: FlowUi, outcome: QuoteOutcome, swap: { from: Currency; to: Currency; amount: string }, button: ButtonFactory): Screen {
  const from = escapeHtml(currencyLabel(swap.from));
  const to = escapeHtml(currencyLabel(swap.to));
  const change = new InlineKeyboard()
    .text(ui.t("flow-change-amount"), button("", "a").callback_data)
    .row()
    .text(ui.t("flow-change-from"), button("", "f").callback_data)
    .text(ui.t("flow-change-to"), button("", "t").callback_data);
  switch (outcome.kind) {
    case "pair-invalid":
      return { text: ui.t("flow-pair-invalid", { from, to }), keyboard: change };
    case "below-minimum":
      return { text: ui.t("flow-below-minimum", { amount: formatAmount(swap.amount), from }), keyboard: change };
    case "error":
      return {
        text: problemText(ui, outcome.error),
        keyboard: new InlineKeyboard().text(ui.t("button-retry"), button("", "retry").callback_data).row().text(ui.t("flow-change-amount"), button("", "a").callback_data),
      };
    case "ok":
      break;
  }
  if (outcome.offers.length === 0) return { text: ui.t("flow-no-offers", { from, to }), keyboard: change };

  const age = Math.max(0, Math.round((outcome.now - outcome.fetchedAt) / 1000));
  const lines = [
    ui.t("flow-offers-header", { amount: formatAmount(swap.amount), from, to }),
    ui.t("flow-quote-age", { time: new Date(outcome.fetchedAt).toISOString().slice(11, 19), seconds: age }),
    "",
  ];
  const keyboard = new InlineKeyboard();
  outcome.offers.forEach((offer, i) => {
    const tags = offer.tags.map((tag) => (TAG_KEYS[tag.toLowerCase()] ? ui.t(TAG_KEYS[tag.toLowerCase()]!) : escapeHtml(tag))).join(" · ");
    lines.push(
      ui.t("flow-offer-line", {
        rank: i + 1,
        provider: escapeHtml(offer.provider_name),
        receive: formatAmount(offer.amount),
        to,
        type: offer.exchange_type === "fixed" ? ui.t("rate-fixed") : ui.t("rate-floating"),
        min: offer.min_amount === null ? "0" : formatAmount(offer.min_amount),
        max: offer.max_amount === null ? ui.t("limit-none") : formatAmount(offer.max_amount),
        from,
      }),
    );
    if (tags) lines.push(`   ${tags}`);
    keyboard.text(`${offer.provider_name} · ${formatAmount(offer.amount)} ${swap.to.symbol.toUpperCase()}`, button("", "o", i).callback_data).row();
  });
  keyboard.text(ui.t("button-refresh"), button("", "r").callback_data).text(ui.t("flow-change-amount"), button("", "a").callback_data);
  return { text: lines.join("\n"), keyboard };
}

/** One sentence for a person about an upstream problem; the details went to the log. */
export function problemText(ui: FlowUi, problem: UpstreamProblem): string {
  if (problem.kind === "rate-limited") return ui.t("error-rate-limited", { seconds: Math.max(1, Math.ceil((problem.retryAfterMs ?? 60_000) / 1000)) });
  if (problem.kind === "bad-request") return ui.t("error-refused", { reason: escapeHtml(problem.message ?? "") });
  return ui.t("error-unavailable");
}
