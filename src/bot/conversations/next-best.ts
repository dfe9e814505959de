import type { Offer } from "../../exchange/index.js";
import type { FlowState } from "./flow-state.js";
import type { FlowUi } from "./flow-ui.js";
import { type OfferSource, outsideLimits, recheckInLine } from "./offers.js";

export type NextBest =
  /** `told`: the refusal was said already, while the quote waited in line. */
  { kind: "offer"; offer: Offer; fetchedAt: number; told: boolean } | { kind: "none"; told: boolean } | { kind: "cancel" };

/**
 * After a provider refused the exchange at create time: the next best offer for the same swap,
 * from a fresh quote with the refused provider left out, for the person to confirm in one tap on
 * the summary that follows (the same Confirm, so its age is checked and its request key is new).
 * "none" when no other provider takes the amount or the quote failed; "cancel" when the person
 * gave up waiting for it. `refusal`: the sentence that says what happened, said first when the
 * quote has to wait in line (its waiting message would otherwise come out of nowhere).
 */
export async function nextBestOffer(ui: FlowUi, source: OfferSource, state: FlowState, refusal: string): Promise<NextBest> {
  const refused = state.offer!;
  let told = false;
  let fresh = await source.withoutWaiting(true);
  if (fresh === null) {
    await ui.say(refusal);
    told = true;
    const waited = await recheckInLine(ui, source, "next-best");
    if (waited === "cancel") return { kind: "cancel" };
    fresh = waited;
  }
  if (fresh.kind !== "ok") return { kind: "none", told };
  // Best first already; an offer of the refused provider at the other rate type is left out too.
  const offer = fresh.offers.find((o) => o.provider_name !== refused.provider_name && !outsideLimits(o, state.amount!));
  return offer ? { kind: "offer", offer, fetchedAt: fresh.fetchedAt, told } : { kind: "none", told };
}
