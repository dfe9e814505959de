import { GrammyError, HttpError, InlineKeyboard, InputFile } from "grammy";
import type { Logger } from "pino";
import { abortAfter, type Clock } from "../../clock.js";
import { requestKeyOf, type Repositories, type SavedAddress, type TransactionRecord } from "../../db/index.js";
import { checkAddress, checkMemo, knowsAddressFormat } from "../../domain/address.js";
import { depositNeedsMemo, depositView, type DepositView } from "../../domain/deposit.js";
import { parseAmount } from "../../domain/amount.js";
import type { CurrencyIndex } from "../../domain/currency-search.js";
import { networkName, paymentUri } from "../../domain/networks.js";
import { qrPng } from "../../domain/qr.js";
import { BudgetCancelledError, BudgetQueueFullError, requesterOf, type QueuePlace } from "../../exchange/budget.js";
import type { CatalogueService } from "../../exchange/catalogue.js";
import type { CreateTransactionRequest, ExchangeClient, Pair } from "../../exchange/client.js";
import { isExchangeError } from "../../exchange/errors.js";
import type { EstimateService, Quote } from "../../exchange/estimates.js";
import { isFinalStatus, type Currency, type Offer } from "../../exchange/schemas.js";
import { Decimal } from "../../money.js";
import type { BaseContext } from "../context.js";
import type { SwapPrefill } from "../deep-link.js";
import { cardKeyboard, explorersOf, renderCard, renderCreationCard } from "../cards.js";
import { currencyLabel, escapeHtml, formatAmount, formatUtcMinute, shorten, waitSeconds } from "../format.js";
import { startWithGrace } from "../grace.js";
import { FlowUi, type FlowConversation, type Screen } from "./flow-ui.js";
import {
  chooseOffer,
  outsideLimits,
  problemText,
  recheckInLine,
  renderLoading,
  renderOutcome,
  renderRecheck,
  sortOffers,
  type OfferSource,
  type QuoteOutcome,
  type UpstreamProblem,
} from "./offers.js";
import type { OffersDelivery } from "./offers-delivery.js";
import type { ExchangeAvailability } from "../../exchange/availability.js";
import { whileWaiting, type TypingIndicator, type WaitingDeps } from "../waiting.js";
import { sendFailure, type SendFailure } from "../telegram-errors.js";
import { alertAnswer, createAlert } from "../features/alerts.js";
import { flowCreated, flowStarted } from "../flow-created.js";
import { pickCurrency, type PickerData, type RecentPair } from "./pick-currency.js";
import { pollRank } from "../../tracker/policy.js";

/** Recent pairs offered first at the first step. */
const RECENT_PAIRS = 3;
/** Saved addresses offered as buttons at the address step, most recently used first. */
const SAVED_ADDRESS_BUTTONS = 6;
import type { Metrics } from "../../ops/metrics.js";

export interface ExchangeFlowDeps {
  clock: Clock;
  logger: Logger;
  repos: Repositories;
  catalogue: CatalogueService;
  currencyIndex: () => CurrencyIndex;
  estimates: EstimateService;
  client: ExchangeClient;
  /** Tells a person their place in line while a call waits for the rate budget; the message's id. */
  notifyQueued: (chatId: number, text: string) => Promise<number>;
  /** "typing…" in a chat while a wait lasts (src/bot/waiting.ts). */
  typing: Pick<TypingIndicator, "keep">;
  /** Redraws a message from outside the conversation (a quote that came in the background). */
  editMessage: (chatId: number, messageId: number, screen: Screen) => Promise<void>;
  /** Quotes for the offers step, fetched outside the conversation. */
  offers: OffersDelivery;
  trackerIntervalMs: number;
  /** A new exchange is stored and due for tracking. */
  onCreated: () => void;
  /** Flows started, the step each is at, how they end (metrics). */
  flows: Pick<Metrics, "flowStarted" | "flowAt" | "flowCompleted" | "flowAbandoned">;
  /** How often rate alerts are checked (said when one is set from the offers screen). */
  alertCheckIntervalMs: number;
  /** Whether the exchange service can serve people now (src/exchange/availability.ts). */
  availability: Pick<ExchangeAvailability, "current">;
}

/** The longest a person's call may wait for the rate budget before they are told to retry. */
export const USER_WAIT_MS = 3 * 60_000;

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

interface FlowState {
  from?: Currency;
  to?: Currency;
  amount?: string;
  offer?: Offer;
  quotedAt?: number;
  address?: string;
  /** null: the person confirmed that their wallet needs no memo. */
  memo?: string | null;
}

type Step = "from" | "to" | "amount" | "offers" | "address" | "memo" | "confirm";

function nextStep(state: FlowState): Step {
  if (!state.from) return "from";
  if (!state.to) return "to";
  if (!state.amount) return "amount";
  if (!state.offer) return "offers";
  if (!state.address) return "address";
  if (state.to.memo && state.memo === undefined) return "memo";
  return "confirm";
}

/** Forgets what depends on a changed answer, so the flow asks again from there. */
function forget(state: FlowState, what: "from" | "to" | "amount" | "offer" | "address" | "memo"): void {
  switch (what) {
    case "from":
      delete state.from;
      delete state.amount;
      break;
    case "to":
      delete state.to;
      delete state.address;
      delete state.memo;
      break;
    case "amount":
      delete state.amount;
      break;
    case "address":
      delete state.address;
      return;
    case "memo":
      delete state.memo;
      return;
    case "offer":
      break;
  }
  delete state.offer;
  delete state.quotedAt;
}

/**
 * The exchange flow in private chat (conversations v2). Replayed from the top on every
 * update: every read of the catalogue, the clock, the database or the service goes
 * through `conversation.external`, so a replay sees exactly what the first run saw.
 */
export function createExchangeFlow(deps: ExchangeFlowDeps) {
  return async function exchange(conversation: FlowConversation, ctx: BaseContext, prefill?: SwapPrefill): Promise<void> {
    const chatId = ctx.chat!.id;
    const userId = ctx.from!.id;
    const flowId = await conversation.external(async () => {
      deps.flows.flowStarted(chatId);
      await flowStarted(deps.repos.kv, chatId);
      return Math.random().toString(36).slice(2, 8).padEnd(6, "0");
    });
    const abandoned = () => conversation.external(() => deps.flows.flowAbandoned(chatId));
    const ui = new FlowUi(conversation, ctx, flowId);
    const state: FlowState = await conversation.external(() => applyPrefill(deps, prefill));
    let confirmations = 0;

    const pickerData: PickerData = {
      popular: () => conversation.external(() => deps.currencyIndex().popular(9)),
      search: (query) => conversation.external(() => deps.currencyIndex().search(query)),
      unavailable: () => conversation.external(() => deps.availability.current() !== undefined),
      recentPairs: () => conversation.external(() => recentPairsOf(deps, userId)),
      networkNames: (networks) =>
        conversation.external(() => Object.fromEntries(networks.map((n) => [n, networkName(n, deps.catalogue.currencies())]))),
    };
    const offerSource: OfferSource = {
      withoutWaiting: (fresh) =>
        conversation.external(async () => {
          const cached = deps.estimates.peek(pairOf(state), state.amount!, fresh);
          if (cached) return outcomeOf(deps, cached);
          // Anything longer goes on outside; the delivery then joins the same upstream call.
          const started = await startWithGrace(deps.clock, (onQueued) => fetchOutcome(deps, state, fresh, onQueued, userId));
          return started.kind === "done" ? started.value : null;
        }),
      deliver: (messageId, fresh, purpose = "offers") => conversation.external(() => deliverOffers(deps, { chatId, userId, messageId, ui, state, fresh, purpose })),
      delivered: () => conversation.external(() => deps.offers.delivered(chatId, { flowId, step: ui.currentStep })),
      forget: () => conversation.external(() => deps.offers.forget(chatId)),
    };

    for (;;) {
      const step = nextStep(state);
      // Not through external on purpose: a replay sets the same steps again, ending at the current one.
      deps.flows.flowAt(chatId, step);
      await ui.beginStep();
      switch (step) {
        case "from": {
          const picked = await pickCurrency(ui, pickerData, "from");
          const from = picked.currency;
          if (state.to && state.to.symbol === from.symbol && state.to.network === from.network) forget(state, "to");
          forget(state, "from");
          state.from = from;
          // A recent pair: the other side too, as it was (a new address is asked for).
          if (picked.to) {
            forget(state, "to");
            state.to = picked.to;
          }
          break;
        }
        case "to":
          forget(state, "to");
          state.to = (await pickCurrency(ui, pickerData, "to", state.from)).currency;
          break;
        case "amount":
          state.amount = await askAmount(ui, state.from!);
          break;
        case "offers": {
          const choice = await chooseOffer(ui, offerSource, { from: state.from!, to: state.to!, amount: state.amount! });
          if (choice.kind === "change") forget(state, choice.what);
          else if (choice.kind === "alert") {
            // The alert is set, and the offers come again: the person may still swap now.
            const target = await askTarget(ui, state, choice.best);
            const answer = await conversation.external(async () => {
              const request = await createAlert(deps.repos, deps.clock, {
                userId,
                chatId,
                symbolFrom: state.from!.symbol,
                networkFrom: state.from!.network,
                symbolTo: state.to!.symbol,
                networkTo: state.to!.network,
                amount: state.amount!,
                target,
              });
              return alertAnswer(ui.t.bind(ui), request, deps.alertCheckIntervalMs);
            });
            await ui.say(answer);
          } else {
            state.offer = choice.offer;
            state.quotedAt = choice.fetchedAt;
          }
          break;
        }
        case "address": {
          const to = state.to!;
          // An entry kept with a memo is not offered where this currency takes none: its memo would be dropped.
          const saved = await conversation.external(async () =>
            (await deps.repos.addresses.list(userId, to.network)).filter((entry) => to.memo || entry.memo === null).slice(0, SAVED_ADDRESS_BUTTONS),
          );
          const chosen = await askAddress(ui, to, saved);
          state.address = chosen.address;
          // A new address never keeps the memo of the one before: it comes with it, or is asked again.
          if (chosen.memo !== undefined) state.memo = chosen.memo;
          else delete state.memo;
          const savedId = chosen.savedId;
          if (savedId !== undefined) await conversation.external(() => deps.repos.addresses.used(savedId, userId));
          break;
        }
        case "memo":
          state.memo = await askMemo(ui, state.to!);
          break;
        case "confirm": {
          const decision = await confirm(ui, state);
          if (decision === "cancel") {
            await abandoned();
            await ui.say(ui.t("flow-cancelled"));
            return;
          }
          if (decision !== "confirm") {
            forget(state, decision);
            break;
          }
          // Re-check an old quote: the offer may be gone or worse by now.
          const maxAge = quoteMaxAge(state.offer!);
          const clockNow = () => conversation.external(() => deps.clock.now());
          if ((await clockNow()) - (state.quotedAt ?? 0) > maxAge) {
            const shown = state.offer!.amount;
            // A wait in line for the fresh quote happens outside the conversation.
            let fresh = (await offerSource.withoutWaiting(true)) ?? (await recheckInLine(ui, offerSource));
            // The re-check's own Confirm may be pressed long after the check: past the age, quote again.
            let late = false;
            while (fresh !== "cancel" && fresh.kind === "ok" && (await clockNow()) - fresh.fetchedAt > maxAge) {
              late = true;
              fresh = (await offerSource.withoutWaiting(true)) ?? (await recheckInLine(ui, offerSource));
            }
            if (fresh === "cancel") {
              await abandoned();
              await ui.say(ui.t("flow-cancelled"));
              return;
            }
            const verdict = compareRequote(state, fresh);
            if (verdict.kind === "problem") {
              await ui.say(verdict.text(ui));
              break; // back to the summary, with a retry there
            }
            state.offer = verdict.offer;
            state.quotedAt = verdict.fetchedAt;
            if (verdict.kind === "gone") {
              await ui.say(ui.t("flow-offer-gone", { provider: escapeHtml(verdict.provider) }));
              forget(state, "offer");
              break;
            }
            if (verdict.kind === "out-of-limits") {
              await ui.say(ui.t("flow-quote-limits-changed"));
              forget(state, "offer");
              break;
            }
            // Worse, or any change after a late Confirm: the person sees the new figures before anything is created.
            if (verdict.kind === "worse" || (late && !new Decimal(verdict.offer.amount).equals(shown))) {
              await ui.say(
                ui.t("flow-quote-changed", {
                  receive: formatAmount(verdict.offer.amount),
                  was: formatAmount(shown),
                  currency: escapeHtml(currencyLabel(state.to!)),
                }),
              );
              break; // shows the summary with the new figures and asks again
            }
          }
          confirmations++;
          const requestKey = requestKeyOf(userId, flowId, confirmations);
          const created = await conversation.external(async () => {
            const outcome = await createExchange(deps, { chatId, userId, requestKey, state, ui });
            if (outcome.kind !== "refused") deps.flows.flowCompleted(chatId, outcome.kind === "unknown" ? "unknown" : "created");
            // Leaving the flow from here on (/start, /cancel) says the exchange exists.
            if (outcome.kind === "created") await flowCreated(deps.repos.kv, chatId, outcome.exchangeId);
            return outcome;
          });
          if (created.kind === "refused") {
            await ui.say(problemText(ui, created.error));
            break; // the summary again: nothing was created, so confirming again is safe
          }
          if (created.kind === "unknown") {
            // Never confirmed again: this confirmation's key stays claimed, and the flow ends here.
            await ui.say(ui.t("flow-create-unknown", { reference: escapeHtml(created.reference), time: formatUtcMinute(created.at) }));
            return;
          }
          await showCreated(ui, conversation, deps, created, state);
          return;
        }
      }
    }
  };
}

/** The two currencies of the swap, as the service names them. */
function pairOf(state: FlowState): Pair {
  return { symbolFrom: state.from!.symbol, networkFrom: state.from!.network, symbolTo: state.to!.symbol, networkTo: state.to!.network };
}

/** Fills what a deep link named, where the catalogue and the amount rules agree. */
/** The person's last few distinct pairs still in the catalogue, newest first. */
async function recentPairsOf(deps: ExchangeFlowDeps, userId: number): Promise<RecentPair[]> {
  const pairs: RecentPair[] = [];
  for (const tx of await deps.repos.transactions.listByUser(userId, 20, 0)) {
    const from = deps.catalogue.find(tx.symbolFrom, tx.networkFrom);
    const to = deps.catalogue.find(tx.symbolTo, tx.networkTo);
    if (!from || !to || pairs.some((p) => p.from === from && p.to === to)) continue;
    pairs.push({ from, to });
    if (pairs.length === RECENT_PAIRS) break;
  }
  return pairs;
}

function applyPrefill(deps: ExchangeFlowDeps, prefill: SwapPrefill | undefined): FlowState {
  const state: FlowState = {};
  if (!prefill) return state;
  const from = deps.catalogue.find(prefill.from.symbol, prefill.from.network);
  const to = deps.catalogue.find(prefill.to.symbol, prefill.to.network);
  if (from) state.from = from;
  if (to && !(from && from.symbol === to.symbol && from.network === to.network)) state.to = to;
  if (from && prefill.amount !== undefined) {
    const amount = parseAmount(prefill.amount);
    if (amount.ok) state.amount = amount.value;
  }
  return state;
}

/** The least the person wants to receive, for a rate alert; the best offer now is the example. */
async function askTarget(ui: FlowUi, state: FlowState, best: string | undefined): Promise<string> {
  const vars = { amount: formatAmount(state.amount!), from: escapeHtml(currencyLabel(state.from!)), to: escapeHtml(currencyLabel(state.to!)), example: best ? formatAmount(best) : "1" };
  await ui.prompt(() => ({ text: ui.t("flow-alert-ask", vars) }));
  for (;;) {
    const input = await ui.input();
    if (input.kind !== "text") continue;
    const parsed = parseAmount(input.text, { maxFractionDigits: 18 });
    if (parsed.ok) return parsed.value;
    await ui.say(ui.t(`amount-${parsed.problem}`, { decimals: 18, input: escapeHtml(shorten(input.text.trim(), 32)) }));
  }
}

async function askAmount(ui: FlowUi, from: Currency): Promise<string> {
  await ui.prompt(() => ({ text: ui.t("flow-ask-amount", { from: escapeHtml(currencyLabel(from)) }) }));
  for (;;) {
    const input = await ui.input();
    if (input.kind !== "text") continue;
    const parsed = parseAmount(input.text);
    if (parsed.ok) return parsed.value;
    await ui.say(ui.t(`amount-${parsed.problem}`, { decimals: parsed.maxDecimals ?? 8, input: escapeHtml(shorten(input.text.trim(), 32)) }));
  }
}

/**
 * The receiving address, typed or chosen from the person's address book for this network. A
 * saved entry is checked again like a typed one; its memo is taken only where the network uses
 * memos (and, missing, the memo step still asks).
 */
async function askAddress(ui: FlowUi, to: Currency, saved: SavedAddress[]): Promise<{ address: string; memo?: string; savedId?: number }> {
  const vars = { currency: escapeHtml(currencyLabel(to)), network: escapeHtml(networkName(to.network)) };
  // Where the bot knows no address format, it says so: only the person can check the address.
  const ask = knowsAddressFormat(to.network) ? ui.t("flow-ask-address", vars) : `${ui.t("flow-ask-address", vars)}\n\n${ui.t("flow-address-unchecked", vars)}`;
  await ui.prompt((button) => {
    if (saved.length === 0) return { text: ask };
    const keyboard = new InlineKeyboard();
    saved.forEach((entry, i) => keyboard.text(`📒 ${shorten(entry.label, 24)} · ${shortAddress(entry.address)}`, button("", "s", i).callback_data).row());
    return { text: `${ask}\n\n${ui.t("flow-address-book-hint")}`, keyboard };
  });
  for (;;) {
    const input = await ui.input();
    if (input.kind === "button" && input.action === "s") {
      const entry = saved[Number(input.arg)];
      if (!entry) continue;
      const checked = checkAddress(to.network, entry.address);
      if (!checked.ok) {
        await ui.say(ui.t("address-saved-invalid", { label: escapeHtml(entry.label), network: vars.network }));
        continue;
      }
      const memo = to.memo && entry.memo !== null ? checkMemo(to.network, entry.memo) : undefined;
      return { address: checked.address, savedId: entry.id, ...(memo?.ok && memo.memo !== "" ? { memo: memo.memo } : {}) };
    }
    if (input.kind !== "text") continue;
    const checked = checkAddress(to.network, input.text);
    if (checked.ok) return { address: checked.address };
    await ui.say(ui.t(`address-${checked.problem}`, { network: vars.network, token: checked.token ?? "" }));
  }
}

/** "TXLAQ6…qcdj": enough to tell saved addresses apart on a button; the summary shows it whole. */
function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** Asks for the memo; "none" needs a second, explicit yes, because a missing tag can lose funds. */
async function askMemo(ui: FlowUi, to: Currency): Promise<string | null> {
  const network = escapeHtml(networkName(to.network));
  await ui.prompt((button) => ({
    text: ui.t("flow-ask-memo", { network, currency: escapeHtml(currencyLabel(to)) }),
    keyboard: new InlineKeyboard().text(ui.t("flow-no-memo"), button("", "n").callback_data),
  }));
  for (;;) {
    const input = await ui.input();
    if (input.kind === "text") {
      const checked = checkMemo(to.network, input.text);
      // Text that trims to nothing is not a memo: "no memo" needs the explicit yes below.
      if (checked.ok && checked.memo !== "") return checked.memo;
      if (checked.ok) {
        await ui.say(ui.t("flow-type-memo"));
        continue;
      }
      await ui.say(ui.t(`memo-${checked.problem}`, { network }));
      continue;
    }
    if (input.action === "n") {
      await ui.prompt((button) => ({
        text: ui.t("flow-no-memo-sure", { network }),
        keyboard: new InlineKeyboard().text(ui.t("flow-no-memo-yes"), button("", "y").callback_data).row().text(ui.t("flow-no-memo-back"), button("", "m").callback_data),
      }));
    } else if (input.action === "y") {
      return null;
    } else if (input.action === "m") {
      await ui.say(ui.t("flow-type-memo"));
    }
  }
}

type ConfirmDecision = "confirm" | "cancel" | "from" | "to" | "amount" | "offer" | "address" | "memo";

async function confirm(ui: FlowUi, state: FlowState): Promise<ConfirmDecision> {
  const offer = state.offer!;
  const memoLine = state.to!.memo
    ? state.memo
      ? ui.t("summary-memo", { memo: escapeHtml(state.memo) })
      : ui.t("summary-no-memo")
    : "";
  await ui.prompt((button) => ({
    text: [
      ui.t("summary-title"),
      "",
      ui.t("summary-send", { amount: formatAmount(state.amount!), currency: escapeHtml(currencyLabel(state.from!)) }),
      ui.t("summary-receive", { amount: formatAmount(offer.amount), currency: escapeHtml(currencyLabel(state.to!)) }),
      ui.t("summary-provider", {
        provider: escapeHtml(offer.provider_name),
        type: offer.exchange_type === "fixed" ? ui.t("rate-fixed") : ui.t("rate-floating"),
      }),
      ui.t("summary-address", { address: escapeHtml(state.address!), network: escapeHtml(networkName(state.to!.network)) }),
      knowsAddressFormat(state.to!.network) ? "" : ui.t("summary-address-compare"),
      memoLine,
    ]
      .filter((line, i) => line !== "" || i === 1)
      .join("\n"),
    keyboard: new InlineKeyboard()
      .text(ui.t("button-confirm"), button("", "ok").callback_data)
      .row()
      .text(ui.t("button-change"), button("", "edit").callback_data)
      .text(ui.t("button-cancel"), button("", "no").callback_data),
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
      continue;
    }
    const changes: Record<string, ConfirmDecision> = { cf: "from", ct: "to", ca: "amount", co: "offer", cd: "address", cm: "memo" };
    const change = changes[input.action];
    if (change) return change;
  }
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

function describeError(error: unknown, logger: Logger): UpstreamProblem {
  if (error instanceof BudgetCancelledError) return { kind: "unavailable" };
  if (error instanceof BudgetQueueFullError) return { kind: "queue-full", queued: error.queued, retryAfterMs: error.waitMs };
  if (isExchangeError(error)) {
    const problem: UpstreamProblem = { kind: error.kind, message: error.message };
    if (error.details.retryAfterMs !== undefined) problem.retryAfterMs = error.details.retryAfterMs;
    return problem;
  }
  logger.error({ err: error }, "unexpected error in the exchange flow");
  return { kind: "internal" };
}

/** Offers of enabled providers, best first, in a form the conversation can store and replay. */
function outcomeOf(deps: ExchangeFlowDeps, quote: Quote): QuoteOutcome {
  if (quote.result.kind !== "ok") return { kind: quote.result.kind };
  const offers = sortOffers(quote.result.offers.filter((offer) => deps.catalogue.isProviderEnabled(offer.provider_name)));
  return { kind: "ok", offers, fetchedAt: quote.fetchedAt, now: deps.clock.now() };
}

/** One estimate through the cache, waiting for the budget as long as USER_WAIT_MS; the person takes turns with others (their /rate too). */
async function fetchOutcome(deps: ExchangeFlowDeps, state: FlowState, fresh: boolean, onQueued: (place: QueuePlace) => void, userId: number): Promise<QuoteOutcome> {
  try {
    const options = { fresh, onQueued, signal: AbortSignal.timeout(USER_WAIT_MS), requester: requesterOf(userId) };
    return outcomeOf(deps, await deps.estimates.quote(pairOf(state), state.amount!, options));
  } catch (error) {
    return { kind: "error", error: describeError(error, deps.logger) };
  }
}

/**
 * Runs inside `external`: the offers step's quote, fetched in the background. The waiting
 * screen shows the place in line, then the offers replace it, with buttons of the step that asked.
 */
async function deliverOffers(
  deps: ExchangeFlowDeps,
  job: { chatId: number; userId: number; messageId: number; ui: FlowUi; state: FlowState; fresh: boolean; purpose: "offers" | "recheck" },
): Promise<void> {
  const { chatId, userId, messageId, ui, fresh } = job;
  // A snapshot: the flow's state moves on while the quote is on its way.
  const state: FlowState = { ...job.state };
  const swap = { from: state.from!, to: state.to!, amount: state.amount! };
  const button = ui.buttons();
  const t = ui.t.bind(ui);
  await deps.offers.start(
    chatId,
    { flowId: ui.flowId, step: ui.currentStep },
    {
      fetch: (onQueued) => whileWaiting(waitingOf(deps), chatId, (queued) => fetchOutcome(deps, state, fresh, queued, userId), onQueued),
      showQueued: (place) =>
        deps.editMessage(chatId, messageId, job.purpose === "offers" ? renderLoading(t, swap, button, place) : renderRecheck(t, button, { place })),
      showOutcome: (outcome) =>
        deps.editMessage(chatId, messageId, job.purpose === "offers" ? renderOutcome(t, outcome, swap, button) : renderRecheck(t, button, { done: true })),
    },
  );
}

/** "You are 3rd in line, about 20 s": one message per wait, edited as the wait goes down. */
function queueNotice(deps: ExchangeFlowDeps, chatId: number, ui: FlowUi): (place: QueuePlace) => void {
  let notice: Promise<number | undefined> | undefined;
  const warn = (error: unknown) => deps.logger.warn({ err: error }, "could not show the place in line");
  return (place) => {
    const text = ui.t("queue-position", { position: place.position, seconds: waitSeconds(place.waitMs) });
    notice =
      notice === undefined
        ? deps.notifyQueued(chatId, text).catch((error: unknown) => void warn(error))
        : notice.then(async (messageId) => {
            if (messageId !== undefined) await deps.editMessage(chatId, messageId, { text }).catch(warn);
            return messageId;
          });
  };
}

function waitingOf(deps: ExchangeFlowDeps): WaitingDeps {
  return { clock: deps.clock, typing: deps.typing };
}

type CreateOutcome =
  | { kind: "created"; exchangeId: string; deposit: { address: string | null; extra: string | null; amount: string } }
  | { kind: "refused"; error: UpstreamProblem }
  /** An exchange may have been created; `reference` (the request key) and `at` let support find the attempt. */
  | { kind: "unknown"; reference: string; at: number };

/**
 * Runs inside `external`, once per confirmation. The request key is claimed in the database
 * before the service is called, so a repeated update or a restart finds it and never
 * calls createTransaction a second time.
 */
async function createExchange(
  deps: ExchangeFlowDeps,
  input: { chatId: number; userId: number; requestKey: string; state: FlowState; ui: FlowUi },
): Promise<CreateOutcome> {
  const { state, requestKey } = input;
  const claimedAt = deps.clock.now();
  const offer = state.offer!;
  const request = createRequestOf(state);
  // What is asked for is kept with the claim: support can match it with the provider's records.
  const claim = await deps.repos.createRequests.claim(requestKey, input.userId, {
    ...pairOf(state),
    amount: request.amount,
    provider: request.providerName,
    rateType: offer.exchange_type,
    addressTo: request.toAddress,
    extraTo: state.memo ?? null,
  });
  if (claim.state === "created") return depositOf(deps, claim.exchangeId);
  if (claim.state === "pending") return { kind: "unknown", reference: requestKey, at: claim.createdAt };
  if (claim.state === "failed") return { kind: "refused", error: { kind: "internal" } };

  // Only the wait for a slot is bounded here (giving up then is safe: nothing was sent). Once
  // the slot is granted, the request has the client's own response timeout, whatever the wait.
  const queue = abortAfter(deps.clock, USER_WAIT_MS);
  let exchangeId: string;
  try {
    ({ exchangeId } = await whileWaiting(
      waitingOf(deps),
      input.chatId,
      (onQueued) => deps.client.createTransaction(request, { onQueued, queueSignal: queue.signal }),
      queueNotice(deps, input.chatId, input.ui),
    ));
  } catch (error) {
    return await createFailed(deps, { requestKey, at: claimedAt, request }, error);
  } finally {
    queue.cancel();
  }

  const now = deps.clock.now();
  await deps.repos.createRequests.complete(requestKey, {
    exchangeId,
    userId: input.userId,
    chatId: input.chatId,
    ...pairOf(state),
    amountFrom: state.amount!,
    amountTo: offer.amount,
    addressTo: state.address!,
    extraTo: state.memo ?? null,
    addressFrom: null,
    extraFrom: null,
    provider: offer.provider_name,
    rateType: offer.exchange_type,
    status: "waiting",
    createdAt: now,
    nextPollAt: now + deps.trackerIntervalMs,
    pollRank: pollRank({ status: "waiting", fundsSentAt: null }, now),
    cardMessageId: null,
  });
  deps.logger.info({ exchangeId, userId: input.userId }, "exchange created");
  deps.onCreated();
  return whileWaiting(waitingOf(deps), input.chatId, () => depositOf(deps, exchangeId));
}

function createRequestOf(state: FlowState): CreateTransactionRequest {
  const offer = state.offer!;
  return {
    providerName: offer.provider_name,
    ...pairOf(state),
    toAddress: state.address!,
    toExtraId: state.memo ?? "",
    amount: state.amount!,
    fixed: offer.exchange_type === "fixed",
  };
}

/** `text` with the receiving address and memo of `request` replaced, for the log. */
function withoutDestination(text: string, request: CreateTransactionRequest): string {
  let out = text;
  for (const part of [request.toAddress, request.toExtraId ?? ""]) if (part.length >= 3) out = out.split(part).join("[destination]");
  return out;
}

/**
 * What a failed createTransaction means for the person. Only an answer that says "not
 * created" allows another try; anything else may have created an exchange, and stays pending.
 */
async function createFailed(deps: ExchangeFlowDeps, attempt: { requestKey: string; at: number; request: CreateTransactionRequest }, error: unknown): Promise<CreateOutcome> {
  const { requestKey, at, request } = attempt;
  const definitelyNot =
    error instanceof BudgetCancelledError ||
    (isExchangeError(error) && (["bad-request", "unauthorized", "forbidden", "rate-limited"].includes(error.kind) || error.details.mayHaveReachedService === false));
  const reason = error instanceof Error ? error.message : String(error);
  // The log names the reference only: the person's address and memo stay in the database (support
  // reads them with /lookup), and are cut out of the service's answer in case it echoes them.
  const logged = { kind: isExchangeError(error) ? error.kind : "internal", status: isExchangeError(error) ? error.details.httpStatus : undefined, reason: withoutDestination(reason, request) };
  deps.logger.error({ requestKey, definitelyNot, ...logged }, "createTransaction failed");
  if (definitelyNot) {
    await deps.repos.createRequests.fail(requestKey, reason);
    return { kind: "refused", error: describeError(error, deps.logger) };
  }
  await deps.repos.createRequests.markUnknown(requestKey, reason);
  return { kind: "unknown", reference: requestKey, at };
}

/**
 * Reads the deposit details of a created exchange (one call on the create lane: the person
 * waits for exactly this) unless they are complete already, and keeps what it learns.
 */
async function depositOf(deps: ExchangeFlowDeps, exchangeId: string): Promise<CreateOutcome> {
  const stored = await deps.repos.transactions.find(exchangeId);
  if (!stored || depositViewOf(deps, stored).kind !== "complete") {
    try {
      const tx = await deps.client.getTransaction(exchangeId, { lane: "create" });
      // The exchange just before and after the write, from one transaction: a tracker poll may
      // have learned the deposit meanwhile, and exactly one of the two must see it become complete.
      const recorded = await deps.repos.transactions.recordDeposit(exchangeId, { addressFrom: tx.address_from, extraFrom: tx.extra_from, amountTo: tx.amount_to });
      if (recorded) {
        const { before, after } = recorded;
        if (after.cardClaim === "tracker" && depositViewOf(deps, before).kind !== "complete" && depositViewOf(deps, after).kind === "complete") {
          // The tracker showed the card without them (it took the card over after a restart): the
          // details are owed as a new message, as the tracker's depositReady owes them; this flow
          // does not show them (the card is not its to show).
          await deps.repos.transactions.oweDepositDetails(exchangeId, deps.clock.now());
          deps.onCreated(); // wakes the tracker
        }
      }
      if (stored && tx.amount_from !== null && !new Decimal(tx.amount_from).equals(stored.amountFrom)) {
        // What the person confirmed is what we show and put in the QR code; say so loudly if the service differs.
        deps.logger.error({ exchangeId, confirmed: stored.amountFrom, service: tx.amount_from }, "the service reports another deposit amount than the one confirmed");
      }
    } catch (error) {
      deps.logger.warn({ err: error, exchangeId }, "could not read the new exchange's deposit details");
    }
  }
  const tx = await deps.repos.transactions.find(exchangeId);
  return { kind: "created", exchangeId, deposit: { address: tx?.addressFrom ?? null, extra: tx?.extraFrom ?? null, amount: tx?.amountFrom ?? "0" } };
}

/** The deposit of a stored exchange, by the one rule (src/domain/deposit.ts). */
function depositViewOf(deps: Pick<ExchangeFlowDeps, "catalogue">, tx: TransactionRecord): DepositView {
  return depositView(tx, depositNeedsMemo(tx.networkFrom, deps.catalogue.find(tx.symbolFrom, tx.networkFrom)?.memo));
}

/** How often the creation card and the QR code are tried while Telegram certainly did not take them. */
const CARD_ATTEMPTS = 3;

/**
 * The message that matters most: where to send, exactly how much, and the memo; then the QR
 * code. A deposit that is not complete is not shown: the person may ask again or leave (the
 * tracker then tells them when it is there). The card is claimed in the database first, so the
 * flow and the tracker never both show it; one the flow cannot show is owed by the tracker,
 * which delivers it from the database (src/tracker/notifier.ts, deliverDeposit).
 */
async function showCreated(
  ui: FlowUi,
  conversation: FlowConversation,
  deps: ExchangeFlowDeps,
  created: Extract<CreateOutcome, { kind: "created" }>,
  state: FlowState,
): Promise<void> {
  const from = state.from!;
  const exchangeId = created.exchangeId;
  // The tracker showed it already (news came while the flow read the deposit): never twice.
  if (!(await conversation.external(() => deps.repos.transactions.claimCard(exchangeId, "flow", deps.clock.now())))) return;
  const t = (key: string, vars?: Record<string, string | number>) => ui.t(key, vars);
  const read = () =>
    conversation.external(async () => {
      // Still here: the hold on the card is confirmed, so the tracker does not take it (FLOW_CARD_HOLD_MS).
      await deps.repos.transactions.touchCardClaim(exchangeId, deps.clock.now());
      const tx = (await deps.repos.transactions.find(exchangeId))!;
      const phrase = (await deps.repos.users.find(tx.userId))?.phrase ?? null;
      const text = renderCard(t, tx, explorersOf(deps.catalogue, tx), deps.clock.now(), phrase, { depositInstructions: true });
      return { tx, text, phrase, final: isFinalStatus(tx.status), view: depositViewOf(deps, tx) };
    });
  let card: Awaited<ReturnType<typeof read>>;
  for (;;) {
    // Its own step: many inputs at the prompt below ask it again (read afresh), never the
    // summary or anything else from before the exchange was created.
    await ui.beginStep();
    card = await read();
    if (card.final || card.view.kind === "complete") break;
    const messageId = await ui.prompt((button) => ({
      text: [ui.t("created-title"), "", card.text, "", ui.t("deposit-incomplete-choices")].join("\n"),
      keyboard: new InlineKeyboard().text(ui.t("button-retry"), button("", "retry").callback_data).text(ui.t("button-leave"), button("", "leave").callback_data),
    }));
    let input = await ui.input();
    // Typed text is not a choice: a hint, and the prompt stays as it is.
    while (input.kind === "text") {
      await ui.say(ui.t("flow-tap-a-button"));
      input = await ui.input();
    }
    if (input.action === "leave") {
      // The tracker may have learned the deposit meanwhile: then show it now, not a promise.
      card = await read();
      if (card.final || card.view.kind === "complete") break;
      // The card is the tracker's now (after a restart): it shows it and says when the details come.
      if (card.tx.cardClaim !== "flow") return;
      // The tracker keeps this message current and says when the deposit details come.
      await conversation.external(() => deps.repos.transactions.setCardMessage(exchangeId, messageId));
      return;
    }
    if (input.action === "retry") await conversation.external(() => depositOf(deps, exchangeId));
  }

  // A restart while the person was choosing hands the card to the tracker: never both show it.
  // Not shown yet: owed now rather than at its later time; shown (without the details, which
  // are owed to follow: depositOf, the tracker's depositReady): nothing more here.
  if (card.tx.cardClaim !== "flow") {
    if (card.tx.cardClaim === null && card.tx.cardMessageId === null) {
      await conversation.external(async () => {
        await deps.repos.transactions.oweCard(exchangeId, deps.clock.now(), false);
        deps.onCreated(); // wakes the tracker
      });
    }
    return;
  }
  // Shown before (the process stopped after the card went out, and Confirm came again): said to
  // be a repeat, and no second QR picture.
  const shownBefore = card.tx.cardMessageId !== null;
  const creation = await conversation.external(async () => {
    await deps.repos.transactions.markCardSending(exchangeId);
    const text = renderCreationCard(t, card.tx, explorersOf(deps.catalogue, card.tx), deps.clock.now(), card.phrase);
    return shownBefore ? [t("created-repeat"), "", text].join("\n") : text;
  });
  // Tried again only while Telegram certainly did not take it. After a timeout it may have
  // arrived: a blind second card could make someone pay twice, so the tracker sends it once
  // more, saying it may repeat the last one (losing the address would cost more).
  const shown = await sendCarefully(() => ui.prompt(() => ({ text: creation, keyboard: cardKeyboard(t, card.tx) })));
  if (shown.kind === "failed") {
    await conversation.external(async () => {
      deps.logger.warn({ exchangeId, failure: shown.failure }, "could not show the creation card; the tracker delivers it");
      if (shown.failure === "blocked") await deps.repos.users.setBlocked(card.tx.userId, true);
      await deps.repos.transactions.releaseCard(exchangeId, deps.clock.now(), shown.failure === "uncertain");
      deps.onCreated(); // wakes the tracker: the card is owed now
    });
    return;
  }
  await conversation.external(() => deps.repos.transactions.setCardMessage(exchangeId, shown.value));

  // Never a QR code for an exchange that is already over (nothing may be sent there), nor a
  // second one (the first may have arrived; the card carries everything).
  if (card.final || card.view.kind !== "complete" || shownBefore) return;
  const { address, memo } = card.view;
  // The same figure as the text above: the amount the person confirmed.
  const uri = paymentUri(from.symbol, from.network, address, card.tx.amountFrom) ?? address;
  const png = await conversation.external({ task: () => qrPng(uri).then((png: Buffer) => png.toString("base64")) });
  const currency = escapeHtml(currencyLabel(from));
  const caption = [
    ...(card.phrase ? [ui.t("deposit-phrase", { phrase: escapeHtml(card.phrase) })] : []),
    memo === null ? ui.t("created-qr", { currency }) : ui.t("created-qr-memo", { currency, memo: escapeHtml(memo) }),
  ].join("\n");
  // The picture only repeats the card's address: after a timeout (it may have arrived) it is not
  // sent again, and one Telegram never took is not owed: the card above carries everything.
  const qr = await sendCarefully(() => ui.photo(new InputFile(Buffer.from(png, "base64"), "deposit-qr.png"), caption));
  if (qr.kind === "failed" && qr.failure === "blocked") await conversation.external(() => deps.repos.users.setBlocked(card.tx.userId, true));
}

/**
 * Runs a Bot API call, again only while Telegram certainly did not take it (up to CARD_ATTEMPTS),
 * never after a timeout, a 403 or a refusal (replay-safe: each outcome is logged by the conversation).
 */
async function sendCarefully<T>(call: () => Promise<T>): Promise<{ kind: "sent"; value: T } | { kind: "failed"; failure: SendFailure }> {
  let failure: SendFailure = "retry";
  for (let attempt = 1; attempt <= CARD_ATTEMPTS && failure === "retry"; attempt++) {
    try {
      return { kind: "sent", value: await call() };
    } catch (error) {
      if (!(error instanceof GrammyError || error instanceof HttpError)) throw error;
      failure = sendFailure(error);
    }
  }
  return { kind: "failed", failure };
}
