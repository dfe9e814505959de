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
  | { at: number; kind: "violation"; invariant: string; chatId?: number; detail: string }
  | { at: number; kind: "note"; detail: string };

/** What the people did that the invariants need: appended as it happens. */
export interface PeopleFacts {
  /** Each tap on a summary's Confirm: the chat, the summary's message id, when (ms since start). */
  confirms: { chatId: number; messageId: number; at: number }[];
  /** Each update a person sent (a message, a tap, an inline query) and when the bot answered it, if it did. */
  updates: { chatId: number; kind: string; sentAt: number; answeredAt?: number }[];
  /** Exchanges a person finished the flow for (the service's id, as the card showed it), and the scenario steered. */
  exchanges: { chatId: number; exchangeId: string; scenario: "finished" | "failed" | "refunded" | "overdue"; at: number }[];
}

export interface SoakWorld {
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
}
