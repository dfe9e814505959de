import type { FlowState } from "../../src/bot/conversations/flow-state.js";
import type { FlowConversation } from "../../src/bot/conversations/flow-ui.js";
import type { OfferSource, OffersPurpose, QuoteOutcome } from "../../src/bot/conversations/offers.js";
import type { Offer } from "../../src/service/schemas.js";
import { currency } from "./step.js";

/**
 * Quotes for a step that asks for them (offers.ts's OfferSource), from the test: each method is
 * read through the conversation's log as the real source's is (offer-source.ts), so a replay
 * sees what the first run saw. The state lives outside the step, across its replays.
 */
export interface Quotes {
  /** The answers of withoutWaiting, in order; null (or none left): the quote would wait in line. */
  ready: (QuoteOutcome | null)[];
  /** The quote delivered in the background to the step that waits; null while it is on its way. */
  delivered: QuoteOutcome | null;
  /** What the step asked for, in order: "now", "now fresh", "deliver #<message> <purpose>", "delivered", "forget". */
  asked: string[];
}

export function quotes(ready: (QuoteOutcome | null)[] = []): Quotes {
  return { ready, delivered: null, asked: [] };
}

/** The step's OfferSource on `quotes`; build it inside the step (it reads through the conversation). */
export function offerSourceOf(conversation: FlowConversation, quotes: Quotes): OfferSource {
  return {
    withoutWaiting: (fresh) =>
      conversation.external(() => {
        quotes.asked.push(fresh ? "now fresh" : "now");
        return quotes.ready.shift() ?? null;
      }),
    deliver: (messageId: number, fresh: boolean, purpose: OffersPurpose = "offers") =>
      conversation.external(() => void quotes.asked.push(`deliver #${messageId} ${purpose}${fresh ? " fresh" : ""}`)),
    delivered: () =>
      conversation.external(() => {
        quotes.asked.push("delivered");
        return quotes.delivered;
      }),
    forget: () => conversation.external(() => void quotes.asked.push("forget")),
  };
}

/** Offers quoted at `at`, best first as the real source sorts them. */
export function offered(offers: Offer[], at: number): QuoteOutcome {
  return { kind: "ok", offers, fetchedAt: at, now: at };
}

/** An offer as the service makes one: Changelly's floating 3401.2 unless told otherwise. */
export function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    provider_name: "Changelly",
    exchange_type: "floating",
    amount: "3401.2",
    min_amount: "0.001",
    max_amount: null,
    tags: [],
    ...overrides,
  };
}

/** A Tron address the checks take (the sandbox's and the tests' usual receiving address). */
export const TRON_ADDRESS = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

/**
 * Every answer of a flow at its summary, quoted at `quotedAt`: 0.05 BTC to USDT on Tron,
 * Changelly's floating offer (`offer()`), paid to TRON_ADDRESS; `overrides` change any of it.
 */
export function answeredFlow(quotedAt: number, overrides: Partial<FlowState> = {}): FlowState {
  return {
    from: currency("btc"),
    to: currency("usdt", "trx"),
    amount: "0.05",
    offer: offer(),
    quotedAt,
    address: TRON_ADDRESS,
    ...overrides,
  };
}
