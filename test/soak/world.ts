/**
 * What the soak's parts share (issue 39): the fleet under test, the seeded randomness every choice
 * draws from, the run's timeline of events, and the facts the simulated people record for the
 * invariants to judge. `main.ts` builds it; `people.ts` acts in it; `faults.ts` breaks it;
 * `invariants.ts` judges it; `report.ts` sums it up.
 */
import type { Fleet } from "../harness/fleet.js";
import type { Random } from "./random.js";

/** One line of the run's timeline, kept in order; times are ms since the run began (real time). */
export type SoakEvent =
  | { at: number; kind: "fault"; fault: string; target?: number; detail?: string }
  | { at: number; kind: "fault-over"; fault: string; target?: number; detail?: string }
  | { at: number; kind: "takeover"; after: string; ms: number }
  /** `at`: when it was found; `happenedAt`: when what broke happened, if the check knows (its Violation's `at`). */
  | { at: number; kind: "violation"; invariant: string; chatId?: number; detail: string; happenedAt?: number }
  | { at: number; kind: "note"; detail: string }
  /**
   * An instance's process ended. `cause`: "injected" (a fault or the runner stopped it), "fault"
   * (it stopped itself while a fault that may end it was on, e.g. a hung database), "unexpected"
   * (anything else: main.ts reports it as the violation "no process dies other than by a fault").
   */
  | { at: number; kind: "exit"; target: number; cause: "injected" | "fault" | "unexpected"; detail: string };

/** A broken invariant, as checkInvariants finds it (main.ts adds the time, the seed and the faults around). */
export interface Violation {
  invariant: string;
  chatId?: number;
  detail: string;
  /**
   * When what broke happened (elapsed ms: the update sent, the second card shown…), if known: the
   * report names the faults around then. Without it, the faults around the check that found it.
   */
  at?: number;
}

/**
 * people.ts's entry point: `options.people` simulated people act until `options.until` is
 * aborted, then finish what they are doing (answers they wait for) and resolve.
 */
export type RunPeople = (world: SoakWorld, options: { people: number; until: AbortSignal }) => Promise<void>;

/**
 * invariants.ts's entry point: what is broken now. `final`: the run is over, every fault healed
 * and the fleet idle, so what was still owed must have come (a card in its final status…).
 * Called every ~30 s and once at the end; the same violation may be returned again (main.ts prints it once).
 */
export type CheckInvariants = (world: SoakWorld, final: boolean) => Promise<Violation[]>;

/** What the people did that the invariants need: appended as it happens. */
export interface PeopleFacts {
  /** Each tap on a summary's Confirm: the chat, the summary's message id, when (ms since start). */
  confirms: { chatId: number; messageId: number; at: number }[];
  /**
   * Each update a person sent (a message, a tap, an inline query) and when the bot answered it, if
   * it did. `userId`: who sent it (in a group, `chatId` is the group's); `messageId`: the message
   * sent, `queryId`: the callback or inline query's id, so the answer can be looked up again later.
   */
  updates: {
    chatId: number;
    kind: string;
    sentAt: number;
    answeredAt?: number;
    userId?: number;
    messageId?: number;
    queryId?: string;
  }[];
  /** Exchanges a person finished the flow for (the service's id, as the card showed it), and the scenario steered. */
  exchanges: { chatId: number; exchangeId: string; scenario: "finished" | "failed" | "refunded" | "overdue"; at: number }[];
  /**
   * Each exchange a person set out to make (people.ts fills it in; absent until then): the pair as
   * the service names it ("btc/btc>usdt/trx") and the amount typed, unique to the attempt, so
   * that every exchange the service created is traced to its chat and to the one summary it came from.
   */
  attempts?: { chatId: number; pair: string; amount: string; at: number }[];
}

export interface SoakWorld {
  /**
   * Its emulator must record calls (`recordCalls: true`): invariants.ts keeps a journal of them
   * (test/soak/journal.ts), which reads and empties `tg.calls` every 2 s.
   */
  fleet: Fleet;
  random: Random;
  /** Real ms since the run began. */
  elapsed(): number;
  /** Adds an event to the timeline (and prints faults and violations as they come). */
  record(event: SoakEvent): void;
  readonly events: readonly SoakEvent[];
  facts: PeopleFacts;
  /** Aborted when the run's time is up: people finish what they are doing and stop. */
  stopping: AbortSignal;
  /** The instance count (3) and each one's feed mode. */
  instanceCount: number;
  /** The run's seed (printed with every violation; `--seed N` replays it). */
  seed: number;
  /** Date.now() when elapsed() was 0: the sandbox's requests (`at`) and the emulator's dates are epoch ms. */
  startedAt: number;
  /**
   * The service's limit over the run, in order: from `from` (elapsed ms) on, every 60 s window
   * holds at most `perMinute` calls. A lower limit's entry starts a minute after it is in force
   * everywhere (the sandbox and every instance), so that no window judged by it holds calls made
   * under the higher one; a higher limit's starts when the sandbox takes it.
   */
  rateLimits: { from: number; perMinute: number }[];
  /** The Telegram user id the bot takes for support (SUPPORT_USER_IDS): the people's support lookups come from it. */
  supportUserId: number;
}
