import type { Api } from "grammy";
import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import type { KeyValueStore } from "../db/kv.js";
import type { UserRepository } from "../db/users.js";
import { OFFERS_PREFIX } from "./conversations/offers-ticket.js";
import { sendFailure } from "./telegram-errors.js";

export const FLOW_IDLE_MS = 30 * 60_000;
/**
 * A flow whose stored state is larger than this is closed by the sweep; the storage refuses to
 * keep one four times this size at all (src/bot/flows.ts). Far above any real flow: one with ten
 * page turns in each picker weighs about 26 kB at the summary (measured through the bot), since
 * browsing restarts a step quietly and wrong input asks it again (STEP_INPUTS_MAX, STEP_TAKEN_KEPT).
 */
export const FLOW_STATE_MAX_BYTES = 256_000;
/** The kv prefix under which each chat's flow (its conversation state) is kept: `conv:<chat id>`. */
export const FLOW_PREFIX = "conv";

interface StoredConversations {
  state?: Record<string, unknown[]>;
}

/**
 * Ends flows left alone for 30 minutes, with a short note. A conversation only wakes up
 * when an update arrives, so the sweep runs on its own timer over the stored flows. Offers
 * tickets left alone as long go too: no flow waits for them any more (a quote asked before a
 * step's prompt stays until the chat's next quote, whether or not a delivery followed).
 */
export function startFlowSweeper(deps: {
  kv: KeyValueStore;
  clock: Clock;
  api: Api;
  logger: Logger;
  /** Who blocked the bot (private chats: the chat id is the user's). */
  users: Pick<UserRepository, "find" | "setBlocked">;
  note: (chatId: number) => Promise<string>;
  /** What a person whose flow grew too large is told. */
  tooLargeNote: (chatId: number) => Promise<string>;
  /** A flow was ended for being left alone, or for its size (metrics; a card it held unshown is let go). Done before the note. */
  onTimedOut?: (chatId: number) => Promise<void>;
  everyMs?: number;
  idleMs?: number;
}): { stop(): Promise<void>; sweep(): Promise<void> } {
  const idleMs = deps.idleMs ?? FLOW_IDLE_MS;
  let timer: Timer | undefined;
  let stopped = false;
  /** Sweeps under way (the timer's, or one asked for): stop() waits for them. */
  const sweeping = new Set<Promise<void>>();

  const close = async (key: string, note: (chatId: number) => Promise<string>) => {
    const chatId = Number(key);
    if (!Number.isSafeInteger(chatId)) return;
    await deps.onTimedOut?.(chatId);
    // Nothing more goes to a person who blocked the bot, until they write again.
    if ((await deps.users.find(chatId))?.blocked) return;
    await deps.api.sendMessage(chatId, await note(chatId), { parse_mode: "HTML" }).catch(async (error: unknown) => {
      if (sendFailure(error) === "blocked") return deps.users.setBlocked(chatId, true);
      deps.logger.warn({ err: error, chatId }, "could not tell a user their flow was closed");
    });
  };
  const sweepOnce = async () => {
    const before = deps.clock.now() - idleMs;
    for (const { key, value } of await deps.kv.idleSince<StoredConversations>(FLOW_PREFIX, before)) {
      // Stopping: the flows not taken yet are left for the next process's sweep.
      if (stopped) return;
      const active = Object.values(value.state ?? {}).some((list) => Array.isArray(list) && list.length > 0);
      // Whoever deletes it closes it: a flow that got input meanwhile is not idle any more.
      if (!(await deps.kv.deleteIfIdle(FLOW_PREFIX, key, before)) || !active) continue;
      await close(key, deps.note);
    }
    // A flow that keeps getting input is never idle; one whose state grew this large is closed.
    for (const key of await deps.kv.largerThan(FLOW_PREFIX, FLOW_STATE_MAX_BYTES)) {
      if (stopped) return;
      // Unless it shrank (or ended) meanwhile.
      if (!(await deps.kv.deleteIfLarger(FLOW_PREFIX, key, FLOW_STATE_MAX_BYTES))) continue;
      deps.logger.warn({ chatId: key }, "closed a flow whose stored state grew too large");
      await close(key, deps.tooLargeNote);
    }
    if (!stopped) await deps.kv.deleteIdle(OFFERS_PREFIX, before);
  };
  const sweep = () => {
    const run = sweepOnce();
    const tracked = run.then(
      () => {},
      () => {},
    );
    sweeping.add(tracked);
    void tracked.finally(() => sweeping.delete(tracked));
    return run;
  };
  const schedule = () => {
    timer = deps.clock.setTimer(() => {
      sweep()
        .catch((error: unknown) => deps.logger.error({ err: error }, "flow sweep failed"))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, deps.everyMs ?? 60_000);
  };
  schedule();
  return {
    /** No sweep starts from now on; resolves once the one under way has ended (the database may close then). */
    async stop() {
      stopped = true;
      timer?.cancel();
      await Promise.all(sweeping);
    },
    sweep,
  };
}
