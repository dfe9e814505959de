import type { Logger } from "pino";
import type { Clock } from "../../clock.js";
import {
  type CatalogueService,
  type Currency,
  type EstimateService,
  type QueuePlace,
  type Quote,
  requesterOf,
} from "../../exchange/index.js";
import type { Translate } from "../cards.js";
import { type TypingIndicator, USER_WAIT_MS, whileWaiting } from "../waiting.js";
import { type FlowState, pairOf } from "./flow-state.js";
import type { ButtonFactory, FlowConversation, FlowUi, Screen } from "./flow-ui.js";
import {
  describeError,
  type OfferSource,
  type OffersPurpose,
  type QuoteOutcome,
  renderLoading,
  renderOutcome,
  renderRecheck,
  sortOffers,
} from "./offers.js";
import type { OffersAbout, OffersDelivery, OffersJob, OffersSwap } from "./offers-delivery.js";
import { toRecord } from "./slim-record.js";

export interface OfferSourceDeps {
  clock: Clock;
  logger: Logger;
  catalogue: Pick<CatalogueService, "isProviderEnabled">;
  estimates: EstimateService;
  /** Quotes for the offers step, fetched outside the conversation. */
  offers: OffersDelivery;
  /** "typing…" in a chat while a wait lasts (src/bot/waiting.ts). */
  typing: Pick<TypingIndicator, "keep">;
  /** Redraws a message from outside the conversation (a quote that came in the background). */
  editMessage: (chatId: number, messageId: number, screen: Screen) => Promise<void>;
}

/** The flow run the quotes are for; `state` is read when a quote is asked for (the swap then). */
export interface QuotedFlow {
  chatId: number;
  userId: number;
  flowId: string;
  ui: FlowUi;
  state: FlowState;
}

/**
 * Where the offers step and the re-check before creating get their quotes (offers.ts): each
 * read through the conversation's log, a wait in line outside the conversation.
 */
export function offerSourceOf(conversation: FlowConversation, deps: OfferSourceDeps, flow: QuotedFlow): OfferSource {
  const { chatId, userId, flowId, ui, state } = flow;
  /**
   * The step a quote left on its way by withoutWaiting was asked at: the delivery that follows
   * (after the step's prompt) goes on with that quote rather than asking anew. Set and read in
   * the same order on every replay, as the steps' numbers are.
   */
  let onItsWay: number | undefined;
  return {
    withoutWaiting: async (fresh) => {
      const ask = ui.currentStep;
      const outcome = await conversation.external(() => {
        const swap = swapOf(state);
        const request = { flowId, step: ask, ask, userId, swap: recordOf(swap) };
        const cached = () => {
          const quote = deps.estimates.peek(pairOf(swap), swap.amount, fresh);
          return quote && outcomeOf(deps, quote);
        };
        // Anything longer goes on outside; the delivery then joins the same upstream call.
        return deps.offers.withoutWaiting(chatId, request, (onQueued) => fetchOutcome(deps, swap, fresh, onQueued, userId), cached);
      });
      onItsWay = outcome === null ? ask : undefined;
      return outcome;
    },
    deliver: (messageId, fresh, purpose = "offers") => {
      const ask = onItsWay;
      onItsWay = undefined;
      return conversation.external(() => deliverOffers(deps, { chatId, userId, messageId, ui, state, fresh, purpose, ask }));
    },
    delivered: () =>
      conversation.external(async () => {
        const step = { flowId, step: ui.currentStep };
        const outcome = await deps.offers.delivered(chatId, step);
        // Not come, and never will (its process stopped first): asked again, as it was asked
        // (unless the leader's recovery pass took the ticket over first: offers-recovery.ts).
        const stalled = outcome === null ? await deps.offers.stalled(chatId, step) : undefined;
        if (stalled) await deliverOffers(deps, { chatId, userId, ui, state, ...stalled.about, ask: stalled.ticket.ask });
        return outcome;
      }),
    forget: () => conversation.external(() => deps.offers.forget(chatId)),
  };
}

/** Offers of enabled providers, best first, in a form the conversation can store and replay. */
function outcomeOf(deps: Pick<OfferSourceDeps, "catalogue" | "clock">, quote: Quote): QuoteOutcome {
  if (quote.result.kind !== "ok") return { kind: quote.result.kind };
  const offers = sortOffers(quote.result.offers.filter((offer) => deps.catalogue.isProviderEnabled(offer.provider_name)));
  return { kind: "ok", offers, fetchedAt: quote.fetchedAt, now: deps.clock.now() };
}

/** One estimate through the cache, waiting for the budget as long as USER_WAIT_MS; the person takes turns with others (their /rate too). */
async function fetchOutcome(
  deps: OfferSourceDeps,
  swap: Swap,
  fresh: boolean,
  onQueued: (place: QueuePlace) => void,
  userId: number,
): Promise<QuoteOutcome> {
  try {
    const options = { fresh, onQueued, signal: AbortSignal.timeout(USER_WAIT_MS), requester: requesterOf(userId) };
    return outcomeOf(deps, await deps.estimates.quote(pairOf(swap), swap.amount, options));
  } catch (error) {
    return { kind: "error", error: describeError(error, deps.logger) };
  }
}

type Swap = { from: Currency; to: Currency; amount: string };
const swapOf = (state: FlowState): Swap => ({ from: state.from!, to: state.to!, amount: state.amount! });
const recordOf = (swap: Swap): OffersSwap => ({ from: toRecord(swap.from), to: toRecord(swap.to), amount: swap.amount });

/**
 * Runs inside `external`: the offers step's quote, fetched in the background. The waiting
 * screen shows the place in line, then the offers replace it, with buttons of the step that asked.
 * `ask`: the quote withoutWaiting left on its way, which this goes on with.
 */
async function deliverOffers(
  deps: OfferSourceDeps,
  job: {
    chatId: number;
    userId: number;
    messageId: number;
    ui: FlowUi;
    state: FlowState;
    fresh: boolean;
    purpose: OffersPurpose;
    ask: number | undefined;
  },
): Promise<void> {
  const { chatId, userId, messageId, ui, fresh, purpose, ask } = job;
  // A snapshot: the flow's state moves on while the quote is on its way.
  const swap = swapOf(job.state);
  const about = { messageId, fresh, purpose };
  const request = { flowId: ui.flowId, step: ui.currentStep, ...(ask === undefined ? {} : { ask }), about, userId, swap: recordOf(swap) };
  await deps.offers.start(chatId, request, offersJob(deps, { chatId, userId, about, swap, t: ui.t.bind(ui), button: ui.buttons() }));
}

/**
 * The background fetch of one ticket and the screens it shows, as the flow would draw them:
 * in the flow's language (`t`) with the buttons of the step that asked (`button`). Used by the
 * flow, and by the leader's recovery pass for a ticket whose process stopped (offers-recovery.ts).
 */
export function offersJob(
  deps: OfferSourceDeps,
  job: { chatId: number; userId: number; about: OffersAbout; swap: Swap; t: Translate; button: ButtonFactory },
): OffersJob {
  const { chatId, userId, about, swap, t, button } = job;
  const { messageId, fresh, purpose } = about;
  return {
    fetch: (onQueued) => whileWaiting(deps, chatId, (queued) => fetchOutcome(deps, swap, fresh, queued, userId), onQueued),
    showQueued: (place) =>
      deps.editMessage(
        chatId,
        messageId,
        purpose === "offers" ? renderLoading(t, swap, button, place) : renderRecheck(t, button, { place, purpose }),
      ),
    showOutcome: (outcome) =>
      deps.editMessage(
        chatId,
        messageId,
        purpose === "offers" ? renderOutcome(t, outcome, swap, button) : renderRecheck(t, button, { done: true, purpose }),
      ),
  };
}
