import type { Logger } from "pino";
import type { Clock, Timer } from "../../clock.js";
import type { Translator } from "../i18n.js";
import { FLOW_IDLE_MS } from "../flow-sweeper.js";
import { flowButtons } from "./flow-ui.js";
import { offersJob, type OfferSourceDeps } from "./offer-source.js";
import { fromRecord } from "./slim-record.js";

/** How often the leader looks for offers lists whose process stopped before they came. */
export const OFFERS_RECOVERY_EVERY_MS = 5_000;
/** Taken over per pass, at most: the rest wait for the next one (each waits in line for the budget anyway). */
export const OFFERS_RECOVERED_PER_PASS = 10;
/** Unanswered tickets read per pass, oldest first (most belong to processes still fetching them). */
const SCANNED_PER_PASS = 100;

export interface OffersRecoveryDeps extends OfferSourceDeps {
  /** Text in the language the person's flow speaks (private chats: their own). */
  translatorFor: (userId: number) => Promise<Translator>;
}

/**
 * One pass: every offers list whose process stopped (killed, or past its grace) before its quote
 * came is fetched again here and drawn on its waiting screen, as the flow would have drawn it
 * (its language, the buttons of the step that asked), with nobody writing: a tap on an offer
 * then finds the quote stored for its step. Tickets of older versions, which do not say what
 * they were for, are left for the person's next message (offer-source.ts). How many were taken.
 */
export async function recoverOffers(deps: OffersRecoveryDeps, signal?: AbortSignal): Promise<number> {
  // Older than a flow may stay idle: its flow has been closed (or the person wrote, and it was asked again then).
  const orphans = await deps.offers.orphans({ since: deps.clock.now() - FLOW_IDLE_MS, limit: OFFERS_RECOVERED_PER_PASS, scan: SCANNED_PER_PASS });
  let taken = 0;
  for (const orphan of orphans) {
    // Stopping: the rest are left for the next leader's pass.
    if (signal?.aborted) break;
    const { flowId, step, about, userId, swap } = orphan.ticket;
    const job = offersJob(deps, {
      chatId: orphan.chatId,
      userId,
      about,
      swap: { from: fromRecord(swap.from), to: fromRecord(swap.to), amount: swap.amount },
      t: await deps.translatorFor(userId),
      button: flowButtons(flowId, step),
    });
    if (await deps.offers.takeOver(orphan, job)) taken++;
  }
  if (taken > 0) deps.logger.info({ taken }, "fetching again offers lists whose process stopped before they came");
  return taken;
}

/**
 * Runs `pass` every `everyMs` on `clock` (a duty of the leader), one at a time; stop() aborts
 * the one under way (it takes nothing more over) and waits for it.
 */
export function startOffersRecovery(deps: { clock: Clock; logger: Logger; pass: (signal: AbortSignal) => Promise<number>; everyMs?: number }): { stop(): Promise<void> } {
  let timer: Timer | undefined;
  let running: Promise<void> | undefined;
  const stopping = new AbortController();
  const schedule = () => {
    timer = deps.clock.setTimer(() => {
      running = deps
        .pass(stopping.signal)
        .then(
          () => {},
          (error: unknown) => deps.logger.error({ err: error }, "the offers' recovery pass failed"),
        )
        .finally(() => {
          running = undefined;
          if (!stopping.signal.aborted) schedule();
        });
    }, deps.everyMs ?? OFFERS_RECOVERY_EVERY_MS);
  };
  schedule();
  return {
    async stop() {
      stopping.abort();
      timer?.cancel();
      await running;
    },
  };
}
