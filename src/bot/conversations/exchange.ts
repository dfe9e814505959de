import { type Repositories, requestKeyOf } from "../../db/index.js";
import type { CatalogueService, ExchangeClient } from "../../exchange/index.js";
import type { Metrics } from "../../ops/metrics.js";
import type { BaseContext } from "../context.js";
import type { SwapPrefill } from "../deep-link.js";
import { flowStarted } from "../flow-created.js";
import { escapeHtml, moment } from "../format.js";
import { type AddressDeps, addressStep, askMemo } from "./address-step.js";
import { type AfterCreationDeps, showCreated } from "./after-creation.js";
import { type CreateDeps, createStep } from "./create.js";
import { applyPrefill, type FlowState, forget, nextStep } from "./flow-state.js";
import { type FlowConversation, FlowUi } from "./flow-ui.js";
import { nextBestOffer } from "./next-best.js";
import { type OfferSourceDeps, offerSourceOf } from "./offer-source.js";
import { chooseOffer, problemText } from "./offers.js";
import { askAmount, type PairDeps, pickerDataOf } from "./pair-and-amount.js";
import { pickCurrency } from "./pick-currency.js";
import { type RateAlertDeps, setRateAlert } from "./rate-alert.js";
import { externalWithCurrencies } from "./slim-record.js";
import { confirm, requoteIfOld } from "./summary.js";

export { USER_WAIT_MS } from "../waiting.js";
export { FIXED_QUOTE_MAX_AGE_MS, MAX_SILENT_WORSENING, QUOTE_MAX_AGE_MS, quoteMaxAge } from "./summary.js";

/** Everything the flow's steps use; each step names the part it needs (its own Deps). */
export interface ExchangeFlowDeps extends PairDeps, OfferSourceDeps, AddressDeps, RateAlertDeps, CreateDeps, AfterCreationDeps {
  repos: Repositories;
  catalogue: CatalogueService;
  client: ExchangeClient;
  /** Flows started, the step each is at, how they end (metrics). */
  flows: Pick<Metrics, "flowStarted" | "flowAt" | "flowCompleted" | "flowAbandoned">;
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
    const ui = new FlowUi(conversation, ctx, flowId);
    const state: FlowState = await externalWithCurrencies(conversation, () => applyPrefill(deps.catalogue, prefill));
    let confirmations = 0;
    /** Said above the next summary, in the same message: a refusal, and the next best offer. */
    let preface: string | undefined;

    const pickerData = pickerDataOf(conversation, deps, userId);
    const offerSource = offerSourceOf(conversation, deps, { chatId, userId, flowId, ui, state });
    const cancelled = async () => {
      await conversation.external(() => deps.flows.flowAbandoned(chatId));
      await ui.say(ui.t("flow-cancelled"));
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
            await setRateAlert(conversation, ui, deps, {
              userId,
              chatId,
              swap: { from: state.from!, to: state.to!, amount: state.amount! },
              best: choice.best,
            });
          } else {
            state.offer = choice.offer;
            state.quotedAt = choice.fetchedAt;
          }
          break;
        }
        case "address": {
          const chosen = await addressStep(conversation, ui, deps, userId, state.to!);
          state.address = chosen.address;
          // A new address never keeps the memo of the one before: it comes with it, or is asked again.
          if (chosen.memo !== undefined) state.memo = chosen.memo;
          else delete state.memo;
          break;
        }
        case "memo":
          state.memo = await askMemo(ui, state.to!);
          break;
        case "confirm": {
          const decision = await confirm(ui, state, preface);
          preface = undefined;
          if (decision === "cancel") return cancelled();
          if (decision !== "confirm") {
            forget(state, decision);
            break;
          }
          const checked = await requoteIfOld(ui, offerSource, () => conversation.external(() => deps.clock.now()), state);
          if (checked === "cancel") return cancelled();
          if (checked === "summary") break;
          confirmations++;
          const requestKey = requestKeyOf(userId, flowId, confirmations);
          const created = await conversation.external(() => createStep(deps, { chatId, userId, requestKey, state, ui }));
          if (created.kind === "refused") {
            // The summary again: nothing was created, so confirming again is safe. When the
            // provider refused (not the service), with the next best offer in its place.
            const refusal = problemText(ui, created.error);
            const refusedBy = state.offer!.provider_name;
            const next =
              created.error.kind === "bad-request"
                ? await nextBestOffer(ui, offerSource, state, refusal)
                : { kind: "none" as const, told: false };
            if (next.kind === "cancel") return cancelled();
            if (next.kind === "offer") {
              state.offer = next.offer;
              state.quotedAt = next.fetchedAt;
              const instead = ui.t("flow-next-best", { refused: escapeHtml(refusedBy), provider: escapeHtml(next.offer.provider_name) });
              preface = next.told ? instead : `${refusal}\n\n${instead}`;
            } else if (!next.told) await ui.say(refusal);
            break;
          }
          if (created.kind === "unknown") {
            // Never confirmed again: this confirmation's key stays claimed, and the flow ends here.
            await ui.say(ui.t("flow-create-unknown", { reference: escapeHtml(created.reference), time: moment(created.at) }));
            return;
          }
          if (created.kind === "in-flight") {
            // The same: its outcome (the card, or the refusal) comes from whichever process learns it.
            await ui.say(ui.t("flow-create-in-flight", { reference: escapeHtml(created.reference), time: moment(created.at) }));
            return;
          }
          // Another process took this Confirm over and told the person; the outcome is told from the database.
          if (created.kind === "taken-over") return;
          await showCreated(conversation, ui, deps, created, state.from!);
          return;
        }
      }
    }
  };
}
