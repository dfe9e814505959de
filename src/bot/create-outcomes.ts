import type { Api } from "grammy";
import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import type { CreateRequestRepository } from "../db/create-requests.js";
import { type CreateRequestRecord, isUnknownOutcome } from "../db/create-requests.js";
import type { UserRepository } from "../db/users.js";
import { escapeHtml, moment } from "./format.js";
import { sendFailure } from "./telegram-errors.js";

/** How often the leader looks for outcomes owed to people told their exchange may be being created, while some are. */
export const OWED_OUTCOMES_EVERY_MS = 5_000;
/**
 * How often it looks while none is owed: a Confirm taken over, or an outcome learned late, wakes
 * it at once (through the tracker's wake, across processes), so this look only backs that up: a
 * wake lost (a NOTIFY sent while the leader's listening connection was cut) costs at most this,
 * as it costs the tracker its longest sleep. One indexed query.
 */
export const OWED_OUTCOMES_IDLE_MS = 30_000;
/**
 * An attempt whose process is counted gone is declared unknown only this long after it was
 * made: a killed process and a frozen one look alike to the registry (no beat), and a frozen one
 * that wakes (a VM pause, a long GC) still learns the outcome and shows it. Two minutes cover
 * the pauses seen in practice; past UNKNOWN_AFTER_MS no answer is awaited anyway.
 */
export const GONE_FOR_GOOD_AFTER_MS = 2 * 60_000;
const BATCH = 20;

/**
 * The outcome of a Confirm that another process took over (src/bot/conversations/create.ts:
 * the person was told their exchange may be being created and that its outcome comes here),
 * when it is not a card: the service refused it, or the process making the attempt is gone
 * (killed: nobody will ever learn whether it was created). Told once, by the leader, in the
 * person's language; a created exchange's card is the card's own protocol.
 */
export function startOwedOutcomes(deps: {
  createRequests: Pick<CreateRequestRepository, "owedOutcomes" | "claimOutcome" | "releaseOutcome" | "markOutcomeTold">;
  users: Pick<UserRepository, "find" | "setBlocked">;
  api: Pick<Api, "sendMessage">;
  /** Text in a user's language. */
  translate: (userId: number, key: string, variables: Record<string, string>) => Promise<string>;
  isRunning: (owner: string) => Promise<boolean>;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
}): { stop(): Promise<void>; pass(): Promise<void>; wake(): void } {
  let timer: Timer | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;
  /** Whether the last pass found any outcome owed (told or not yet tellable). */
  let owing = false;

  const tell = async (userId: number, key: string, variables: Record<string, string>): Promise<boolean> => {
    if ((await deps.users.find(userId))?.blocked) return true;
    // A private flow: the chat's id is the person's.
    return deps.api
      .sendMessage(userId, await deps.translate(userId, key, variables), { parse_mode: "HTML" })
      .then(() => true)
      .catch(async (error: unknown) => {
        if (sendFailure(error) === "blocked") {
          await deps.users.setBlocked(userId, true);
          return true;
        }
        deps.logger.warn({ err: error, userId }, "could not tell a person how their exchange's creation ended, and tries again");
        return false;
      });
  };

  /** What is owed for `request` now: a refusal, that nobody will learn more, or nothing yet. */
  const owedKey = async (request: CreateRequestRecord & { attemptedBy: string | null }) => {
    if (request.state === "failed") return "create-refused-later";
    // Still pending: owed only once nobody can learn more (no answer will come, or its process is gone for good).
    if (nobodyWillLearn(request, deps.clock.now())) return "flow-create-unknown";
    if (request.createdAt <= deps.clock.now() - GONE_FOR_GOOD_AFTER_MS && !(await deps.isRunning(request.attemptedBy!))) {
      return "flow-create-unknown";
    }
    return undefined;
  };

  const passOnce = async () => {
    const owed = await deps.createRequests.owedOutcomes(BATCH);
    // Held by another process (a leader stepping down) counts too: should it go, this one tells it.
    owing = owed.length > 0;
    for (const request of owed) {
      if (stopped) return;
      if (request.held) continue;
      const key = await owedKey(request);
      // Claimed before it is sent, marked after: of two leaders at once, one sends it.
      if (key === undefined || !(await deps.createRequests.claimOutcome(request.key))) continue;
      const variables = { reference: escapeHtml(request.key), time: moment(request.createdAt) };
      if (await tell(request.userId, key, variables)) await deps.createRequests.markOutcomeTold(request.key, deps.clock.now());
      else await deps.createRequests.releaseOutcome(request.key);
    }
  };
  const pass = () => {
    running ??= passOnce()
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, "could not tell the owed outcomes of creations, and tries again shortly"),
      )
      .finally(() => (running = undefined));
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer?.cancel();
    timer = deps.clock.setTimer(() => void pass().then(schedule), owing ? (deps.everyMs ?? OWED_OUTCOMES_EVERY_MS) : OWED_OUTCOMES_IDLE_MS);
  };
  // The first look at once: a leader that just took over finds what the last one left.
  owing = true;
  schedule();
  return {
    pass,
    wake: () => {
      if (stopped) return;
      owing = true;
      timer?.cancel();
      void pass().then(schedule);
    },
    stop: async () => {
      stopped = true;
      timer?.cancel();
      await running;
    },
  };
}

/** No answer will come: its process said so (an error), it never said who made it, or it is past UNKNOWN_AFTER_MS. */
function nobodyWillLearn(request: CreateRequestRecord & { attemptedBy: string | null }, now: number): boolean {
  return request.attemptedBy === null || isUnknownOutcome(request, now);
}
