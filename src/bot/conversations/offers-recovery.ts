import type { Logger } from "pino";
import type { Clock, Timer } from "../../clock.js";
import { FLOW_IDLE_MS } from "../flow-sweeper.js";
import type { Translator } from "../i18n.js";
import { flowButtons } from "./flow-ui.js";
import { type OfferSourceDeps, offersJob } from "./offer-source.js";
import { fromRecord } from "./slim-record.js";

/** How often the leader looks for offers lists whose process stopped before they came, while another process has one unanswered. */
export const OFFERS_RECOVERY_EVERY_MS = 5_000;
/**
 * How often it looks when the last look found no other process's list unanswered: then only a
 * list started since can be orphaned, by its process stopping, and a process counted gone wakes
 * the pass at once (`wake`). A look every 5 s for nothing was a read a pass on an idle database,
 * and a timer that outnumbered all the others in a simulated week.
 */
export const OFFERS_RECOVERY_IDLE_MS = 60_000;
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
export async function recoverOffers(deps: OffersRecoveryDeps, signal?: AbortSignal): Promise<RecoveryPass> {
  // Older than a flow may stay idle: its flow has been closed (or the person wrote, and it was asked again then).
  const { orphans, watching } = await deps.offers.orphans({
    since: deps.clock.now() - FLOW_IDLE_MS,
    limit: OFFERS_RECOVERED_PER_PASS,
    scan: SCANNED_PER_PASS,
  });
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
  return { taken, watching };
}

/** What a pass did: how many lists it took over, and whether another process has one unanswered (look again soon). */
export interface RecoveryPass {
  taken: number;
  watching: boolean;
}

/**
 * Runs `pass` on `clock` (a duty of the leader), one at a time: `everyMs` after the start and
 * after a pass that is watching another process's lists, `idleMs` after one that is not, and at
 * once when woken (a process was counted gone). stop() aborts the one under way (it takes
 * nothing more over) and waits for it.
 */
export function startOffersRecovery(deps: {
  clock: Clock;
  logger: Logger;
  pass: (signal: AbortSignal) => Promise<RecoveryPass>;
  everyMs?: number;
  idleMs?: number;
}): { wake(): void; stop(): Promise<void> } {
  const everyMs = deps.everyMs ?? OFFERS_RECOVERY_EVERY_MS;
  const idleMs = deps.idleMs ?? OFFERS_RECOVERY_IDLE_MS;
  let timer: Timer | undefined;
  let running: Promise<void> | undefined;
  /** Woken while a pass ran: the next one follows it at once (a process may have gone after it read). */
  let wokenDuring = false;
  const stopping = new AbortController();
  const run = () => {
    timer = undefined;
    wokenDuring = false;
    let next = idleMs;
    running = deps
      .pass(stopping.signal)
      .then(
        (done) => {
          if (done.watching) next = everyMs;
        },
        (error: unknown) => {
          deps.logger.error({ err: error }, "the offers' recovery pass failed");
          next = everyMs;
        },
      )
      .finally(() => {
        running = undefined;
        if (!stopping.signal.aborted) schedule(wokenDuring ? 0 : next);
      });
  };
  const schedule = (delayMs: number) => {
    timer = deps.clock.setTimer(run, delayMs);
  };
  schedule(everyMs);
  return {
    wake() {
      if (stopping.signal.aborted) return;
      if (running) {
        wokenDuring = true;
        return;
      }
      timer?.cancel();
      schedule(0);
    },
    async stop() {
      stopping.abort();
      timer?.cancel();
      await running;
    },
  };
}
