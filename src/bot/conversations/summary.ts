import { InlineKeyboard } from "grammy";
import { knowsAddressFormat } from "../../domain/address.js";
import { networkName } from "../../domain/networks.js";
import type { Offer } from "../../exchange/index.js";
import { Decimal } from "../../money.js";
import { exactAmount, type Localized, rateOf, receivable } from "../amounts.js";
import { currencyLabel, escapeHtml } from "../format.js";
import { type Answer, type FlowState, forget } from "./flow-state.js";
import type { FlowUi } from "./flow-ui.js";
import { type OfferSource, outsideLimits, problemText, type QuoteOutcome, recheckInLine } from "./offers.js";

/** A floating-rate quote older than this is checked again before creating. */
export const QUOTE_MAX_AGE_MS = 60_000;
/**
 * A fixed rate is a promise of an exact amount, and providers keep such a promise only briefly:
 * past half a minute the amount the person confirms may no longer be the one they get.
 */
export const FIXED_QUOTE_MAX_AGE_MS = 30_000;

/** How old the quote behind an offer may be when Confirm is pressed. */
export function quoteMaxAge(offer: Offer): number {
  return offer.exchange_type === "fixed" ? FIXED_QUOTE_MAX_AGE_MS : QUOTE_MAX_AGE_MS;
}
/** A re-quoted offer worse than this (0.5 %) is shown again before creating. */
export const MAX_SILENT_WORSENING = new Decimal("0.005");

export type ConfirmDecision = "confirm" | "cancel" | Answer;

/** "Rate: 1 BTC = 34.2 ETH", said the way round that is at least 1; nothing when there is no rate. */
function rateLine(ui: FlowUi, state: FlowState): string {
  const rate = rateOf(state.amount!, state.offer!.amount);
  if (rate === undefined) return "";
  const from = escapeHtml(currencyLabel(state.from!));
  const to = escapeHtml(currencyLabel(state.to!));
  return ui.t("summary-rate", { base: rate.perSent ? from : to, rate: rate.value, quote: rate.perSent ? to : from });
}

/**
 * How long the quote holds before Confirm checks it again, and what its rate type means for
 * the amount received: a person deciding should know whether the figure can still move.
 */
function quoteTerms(ui: FlowUi, offer: Offer): string {
  const seconds = quoteMaxAge(offer) / 1000;
  return [
    ui.t("summary-quote-holds", { seconds }),
    ui.t(offer.exchange_type === "fixed" ? "summary-fixed-means" : "summary-floating-means"),
  ].join("\n");
}

/**
 * The summary of every answer, with Confirm, Change (which answer) and Cancel. `preface`: what
 * happened just before, said above it in the same message (a refusal, and the next best offer).
 */
export async function confirm(ui: FlowUi, state: FlowState, preface?: string): Promise<ConfirmDecision> {
  const offer = state.offer!;
  const memoLine = state.to!.memo ? (state.memo ? ui.t("summary-memo", { memo: escapeHtml(state.memo) }) : ui.t("summary-no-memo")) : "";
  // What they send, every digit: it is what they confirm.
  const details = [
    ui.t("summary-send", { amount: exactAmount(state.amount!), currency: escapeHtml(currencyLabel(state.from!)) }),
    ui.t("summary-receive", { amount: receivable(offer.amount), currency: escapeHtml(currencyLabel(state.to!)) }),
    rateLine(ui, state),
    ui.t("summary-provider", {
      provider: escapeHtml(offer.provider_name),
      type: offer.exchange_type === "fixed" ? ui.t("rate-fixed") : ui.t("rate-floating"),
    }),
    ui.t("summary-address", { address: escapeHtml(state.address!), network: escapeHtml(networkName(state.to!.network)) }),
    knowsAddressFormat(state.to!.network) ? "" : ui.t("summary-address-compare"),
    memoLine,
  ].filter((line) => line !== "");
  const sections = [preface ?? "", ui.t("summary-title"), details.join("\n"), quoteTerms(ui, offer)].filter((section) => section !== "");
  // Started again quietly after Change (FlowUi.took): the list of what to change is still there.
  if (ui.resumed<"change">() === undefined)
    await ui.prompt((button) => ({
      text: sections.join("\n\n"),
      keyboard: new InlineKeyboard()
        .text(ui.t("button-confirm"), button("", "ok").callback_data)
        .success()
        .row()
        .text(ui.t("button-change"), button("", "edit").callback_data)
        .text(ui.t("button-cancel"), button("", "no").callback_data)
        .danger(),
    }));
  for (;;) {
    const input = await ui.input();
    if (input.kind === "text") {
      await ui.say(ui.t("flow-tap-a-button"));
      continue;
    }
    if (input.action === "ok") return "confirm";
    if (input.action === "no") return "cancel";
    if (input.action === "edit") {
      await ui.prompt((button) => {
        const keyboard = new InlineKeyboard()
          .text(ui.t("change-from"), button("", "cf").callback_data)
          .text(ui.t("change-to"), button("", "ct").callback_data)
          .row()
          .text(ui.t("change-amount"), button("", "ca").callback_data)
          .text(ui.t("change-offer"), button("", "co").callback_data)
          .row()
          .text(ui.t("change-address"), button("", "cd").callback_data);
        if (state.to!.memo) keyboard.text(ui.t("change-memo"), button("", "cm").callback_data);
        return { text: ui.t("flow-change-what"), keyboard };
      });
      // A valid tap, not a wrong input.
      ui.took("change");
      continue;
    }
    const changes: Record<string, ConfirmDecision> = { cf: "from", ct: "to", ca: "amount", co: "offer", cd: "address", cm: "memo" };
    const change = changes[input.action];
    if (change) return change;
  }
}

/**
 * After Confirm: a quote older than quoteMaxAge is checked again, as the offer may be gone or
 * worse by now. "create": go on with `state.offer` (fresh, or recent enough); "summary": the
 * person was told what changed (the offer is forgotten when it is gone) and the flow asks on;
 * "cancel": they gave up waiting for the check. `now` reads the clock through the conversation.
 */
export async function requoteIfOld(
  ui: FlowUi,
  source: OfferSource,
  now: () => Promise<number>,
  state: FlowState,
): Promise<"create" | "summary" | "cancel"> {
  const maxAge = quoteMaxAge(state.offer!);
  if ((await now()) - (state.quotedAt ?? 0) <= maxAge) return "create";
  const shown = state.offer!.amount;
  // A wait in line for the fresh quote happens outside the conversation.
  let fresh = (await source.withoutWaiting(true)) ?? (await recheckInLine(ui, source));
  // The re-check's own Confirm may be pressed long after the check: past the age, quote again.
  let late = false;
  while (fresh !== "cancel" && fresh.kind === "ok" && (await now()) - fresh.fetchedAt > maxAge) {
    late = true;
    fresh = (await source.withoutWaiting(true)) ?? (await recheckInLine(ui, source));
  }
  if (fresh === "cancel") return "cancel";
  const verdict = compareRequote(state, fresh);
  if (verdict.kind === "problem") {
    await ui.say(verdict.text(ui));
    return "summary"; // with a retry there
  }
  state.offer = verdict.offer;
  state.quotedAt = verdict.fetchedAt;
  if (verdict.kind === "gone") {
    await ui.say(ui.t("flow-offer-gone", { provider: escapeHtml(verdict.provider) }));
    forget(state, "offer");
    return "summary";
  }
  if (verdict.kind === "out-of-limits") {
    await ui.say(ui.t("flow-quote-limits-changed"));
    forget(state, "offer");
    return "summary";
  }
  // Worse, or any change after a late Confirm: the person sees the new figures before anything is created.
  if (verdict.kind === "worse" || (late && !new Decimal(verdict.offer.amount).equals(shown))) {
    await ui.say(
      ui.t("flow-quote-changed", {
        ...changedFigures(verdict.offer.amount, shown),
        currency: escapeHtml(currencyLabel(state.to!)),
      }),
    );
    return "summary"; // with the new figures, asking again
  }
  return "create";
}

type RequoteVerdict =
  | { kind: "same"; offer: Offer; fetchedAt: number }
  | { kind: "worse"; offer: Offer; fetchedAt: number }
  | { kind: "out-of-limits"; offer: Offer; fetchedAt: number }
  | { kind: "gone"; offer: Offer; fetchedAt: number; provider: string }
  | { kind: "problem"; text: (ui: FlowUi) => string };

/** Finds the chosen provider's offer in a fresh quote and judges it against the one shown. */
function compareRequote(state: FlowState, fresh: QuoteOutcome): RequoteVerdict {
  const old = state.offer!;
  if (fresh.kind === "error") return { kind: "problem", text: (ui) => problemText(ui, fresh.error) };
  if (fresh.kind !== "ok") return { kind: "gone", offer: old, fetchedAt: 0, provider: old.provider_name };
  const offer = fresh.offers.find((o) => o.provider_name === old.provider_name && o.exchange_type === old.exchange_type);
  if (!offer) return { kind: "gone", offer: old, fetchedAt: fresh.fetchedAt, provider: old.provider_name };
  if (outsideLimits(offer, state.amount!)) return { kind: "out-of-limits", offer, fetchedAt: fresh.fetchedAt };
  const floor = new Decimal(old.amount).times(new Decimal(1).minus(MAX_SILENT_WORSENING));
  if (new Decimal(offer.amount).lessThan(floor)) return { kind: "worse", offer, fetchedAt: fresh.fetchedAt };
  return { kind: "same", offer, fetchedAt: fresh.fetchedAt };
}

/** The new and the old figure of a changed offer: rounded, unless rounding makes them look the same. */
function changedFigures(now: string, was: string): { receive: Localized; was: Localized } {
  const receive = receivable(now);
  const before = receivable(was);
  return receive.value === before.value ? { receive: exactAmount(now), was: exactAmount(was) } : { receive, was: before };
}
