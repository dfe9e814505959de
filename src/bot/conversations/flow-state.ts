import { parseAmount } from "../../domain/amount.js";
import type { CatalogueService, CreateTransactionRequest, Currency, Offer, Pair } from "../../exchange/index.js";
import type { SwapPrefill } from "../deep-link.js";

/**
 * What the person has answered so far, rebuilt on every replay from the logged answers. A deep
 * link's prefill is logged as this shape (applyPrefill runs in `external`): changing the shape
 * changes what a stored flow replays.
 */
export interface FlowState {
  from?: Currency;
  to?: Currency;
  amount?: string;
  offer?: Offer;
  quotedAt?: number;
  address?: string;
  /** null: the person confirmed that their wallet needs no memo. */
  memo?: string | null;
}

export type Step = "from" | "to" | "amount" | "offers" | "address" | "memo" | "confirm";

/** The first question not answered yet. */
export function nextStep(state: FlowState): Step {
  if (!state.from) return "from";
  if (!state.to) return "to";
  if (!state.amount) return "amount";
  if (!state.offer) return "offers";
  if (!state.address) return "address";
  if (state.to.memo && state.memo === undefined) return "memo";
  return "confirm";
}

/** An answer the person may change; what depends on it is forgotten with it. */
export type Answer = "from" | "to" | "amount" | "offer" | "address" | "memo";

/** Forgets what depends on a changed answer, so the flow asks again from there. */
export function forget(state: FlowState, what: Answer): void {
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

/** The two currencies of the swap, as the service names them. */
export function pairOf(state: FlowState): Pair {
  return { symbolFrom: state.from!.symbol, networkFrom: state.from!.network, symbolTo: state.to!.symbol, networkTo: state.to!.network };
}

/** What the service is asked to create for a flow that has every answer. */
export function createRequestOf(state: FlowState): CreateTransactionRequest {
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

/** Fills what a deep link named, where the catalogue and the amount rules agree. */
export function applyPrefill(catalogue: Pick<CatalogueService, "find">, prefill: SwapPrefill | undefined): FlowState {
  const state: FlowState = {};
  if (!prefill) return state;
  const from = catalogue.find(prefill.from.symbol, prefill.from.network);
  const to = catalogue.find(prefill.to.symbol, prefill.to.network);
  if (from) state.from = from;
  if (to && !(from && from.symbol === to.symbol && from.network === to.network)) state.to = to;
  if (from && prefill.amount !== undefined) {
    const amount = parseAmount(prefill.amount);
    if (amount.ok) state.amount = amount.value;
  }
  return state;
}
