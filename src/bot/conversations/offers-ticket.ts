import { type Clock, sleep } from "../../clock.js";
import type { KeyValueStore } from "../../db/index.js";
import { USER_WAIT_MS } from "../waiting.js";
import type { OffersPurpose, QuoteOutcome } from "./offers.js";
import type { RecordedCurrency } from "./slim-record.js";

/**
 * The quote a chat's flow waits for (one row per chat): the flow step it goes to, the process
 * asking the service for it, and the answer once it came.
 */
export interface Ticket {
  flowId: string;
  /** The flow step (its prompt) the quote goes to: the one that reads it (`delivered`). */
  step: number;
  /**
   * The step the quote was asked at, before its prompt (withoutWaiting); with `flowId`, which
   * quote this is: the delivery after the prompt goes on with it, and a process that takes the
   * chat and asks again at that point finds it. None: a quote asked by its delivery (tickets of
   * older versions), known by its step.
   */
  ask?: number;
  outcome?: QuoteOutcome;
  /** The process asking the service for it, which writes its answer (tickets of older versions say nothing). */
  owner?: string;
  /** The message it fills, and how it was asked; none while it is asked before its prompt. */
  about?: OffersAbout;
  /**
   * Who asked, and for what: enough to ask again and draw the screen outside the conversation
   * (offers-recovery.ts). Tickets of older versions have neither: they are asked again only
   * when the person writes (`stalled`). In a private chat the user is the chat; kept apart anyway.
   */
  userId?: number;
  swap?: OffersSwap;
}

/** The swap a quote is for, with currencies as the flow's record keeps them. */
export interface OffersSwap {
  from: RecordedCurrency;
  to: RecordedCurrency;
  amount: string;
}

/** What a background quote was for: the message it replaces, and how it was asked. */
export interface OffersAbout {
  messageId: number;
  fresh: boolean;
  purpose: OffersPurpose;
}

/** What a ticket is written with: the quote, the flow step it goes to, who asks; the message it fills once there is one. */
export interface OffersRequest {
  flowId: string;
  step: number;
  ask?: number;
  userId: number;
  swap: OffersSwap;
  about?: OffersAbout;
}

/** Who answers a quote: its answer came; this process asks for it (its ticket says so); another, running, does. */
export type Claim =
  | { kind: "answered"; ticket: Ticket & { outcome: QuoteOutcome } }
  | { kind: "mine"; ticket: Ticket }
  | { kind: "theirs"; ticket: Ticket & { owner: string } };

/** How often a ticket another process asks for is read again while its answer is awaited. */
export const TICKET_POLL_MS = 500;
/**
 * How long an answer is awaited from a process that runs: its own call gives up within
 * USER_WAIT_MS (an error is an answer too), so one still missing well past that was lost.
 */
export const TICKET_PATIENCE_MS = USER_WAIT_MS + 30_000;

export const OFFERS_PREFIX = "offers";

/** Where the chat's flow keeps the offers list it waits for. */
export function offersKey(chatId: number): string {
  return `${OFFERS_PREFIX}:${chatId}`;
}
const keyOf = offersKey;

/** Whether `ticket` is the quote `quote` names: the same flow and ask (or, asked by a delivery, the same step). */
export function sameQuote(ticket: Ticket, quote: Pick<Ticket, "flowId" | "step" | "ask">): boolean {
  return ticket.flowId === quote.flowId && ticket.ask === quote.ask && (ticket.ask !== undefined || ticket.step === quote.step);
}

/**
 * The chats' offers tickets, and the rules that make a quote asked once whichever process
 * holds the chat (issue 38): the ticket is written before the call; the answer into it as soon
 * as it comes; a process that takes the chat reads it first, and reuses the answer, or waits
 * while the process asking runs, and asks again only once that one is counted gone (src/cluster/).
 * Every write is a compare-and-set on the ticket as read: the ticket is its own fence.
 */
export class OffersTickets {
  private readonly pollMs: number;
  private readonly patienceMs: number;

  constructor(
    private readonly deps: {
      kv: KeyValueStore;
      clock: Clock;
      /** This process, as the tickets it asks for name it. */
      owner: string;
      /** Whether a process of the bot still runs (src/cluster/): its answer may still come. */
      isRunning: (owner: string) => Promise<boolean>;
      pollMs?: number;
      patienceMs?: number;
    },
  ) {
    this.pollMs = deps.pollMs ?? TICKET_POLL_MS;
    this.patienceMs = deps.patienceMs ?? TICKET_PATIENCE_MS;
  }

  /** The chat's ticket: as read ahead for the update being handled, or (`stored`) as it is now. */
  read(chatId: number, stored = false): Promise<Ticket | undefined> {
    return stored ? this.deps.kv.getStored<Ticket>(keyOf(chatId)) : this.deps.kv.get<Ticket>(keyOf(chatId));
  }

  /**
   * Who answers the quote `request` names, its ticket written first: the answer it has; another
   * process that runs and asks for it; else this process (a new ticket in place of another
   * quote's, or the quote taken over from a process counted gone). A request with a message
   * (a delivery) moves the ticket to its step and message, whoever asks.
   */
  async claim(chatId: number, request: OffersRequest): Promise<Claim> {
    let stored = await this.read(chatId);
    for (;;) {
      if (stored !== undefined && sameQuote(stored, request)) {
        const moved: Ticket = request.about === undefined ? stored : { ...stored, step: request.step, about: request.about };
        if (moved === stored || (await this.write(chatId, stored, moved))) {
          const claim = await this.judge(chatId, moved);
          if (claim) return claim;
        }
      } else {
        const { flowId, step, ask, userId, swap, about } = request;
        const ticket: Ticket = {
          flowId,
          step,
          ...(ask === undefined ? {} : { ask }),
          owner: this.deps.owner,
          ...(about === undefined ? {} : { about }),
          userId,
          swap,
        };
        if (await this.write(chatId, stored, ticket)) return { kind: "mine", ticket };
      }
      // Written meanwhile (an answer, a takeover): judged again as it is now.
      stored = await this.read(chatId, true);
    }
  }

  /**
   * Writes `outcome` into the ticket of `quote` as soon as it came, if this process still asks
   * for it (not taken over, the flow still waiting for it): whoever holds the chat next reuses
   * it. Conditioned on the ticket alone, not on the chat's lease: an answer is worth keeping
   * even when the process that asked lost the chat meanwhile. The ticket as written (or
   * answered already), or undefined when it is not this process's to answer.
   */
  async settle(chatId: number, quote: Ticket, outcome: QuoteOutcome): Promise<(Ticket & { outcome: QuoteOutcome }) | undefined> {
    let stored = await this.read(chatId, true);
    for (;;) {
      if (stored === undefined || !sameQuote(stored, quote) || stored.owner !== this.deps.owner) return undefined;
      if (stored.outcome !== undefined) return { ...stored, outcome: stored.outcome };
      const answered = { ...stored, outcome };
      // The service's answer: kept whoever holds the chat by now (the ticket's compare-and-set guards it).
      if (await this.deps.kv.replace(keyOf(chatId), stored, answered, { outsideFence: true })) return answered;
      stored = await this.read(chatId, true);
    }
  }

  /**
   * Waits for the answer to `ticket`, which another process asks for, reading it again every
   * pollMs: "answered" once it came; "mine" once that process is counted gone (or has not
   * answered long past its own deadline), the quote taken over; "theirs" when `until` (clock ms)
   * came first. Undefined: the flow no longer waits for that quote.
   */
  async answerOf(chatId: number, ticket: Ticket, until?: number): Promise<Claim | undefined> {
    const patience = this.deps.clock.now() + this.patienceMs;
    for (;;) {
      const left = until === undefined ? this.pollMs : Math.min(this.pollMs, until - this.deps.clock.now());
      if (left > 0) await sleep(this.deps.clock, left);
      const stored = await this.read(chatId, true);
      if (stored === undefined || !sameQuote(stored, ticket)) return undefined;
      const claim = this.deps.clock.now() < patience ? await this.judge(chatId, stored) : await this.takeOver(chatId, stored);
      if (claim?.kind === "theirs" && until !== undefined && this.deps.clock.now() >= until) return claim;
      if (claim !== undefined && claim.kind !== "theirs") return claim;
    }
  }

  /** Who answers `ticket` as stored; undefined when it changed before this process could take it over. */
  private async judge(chatId: number, ticket: Ticket): Promise<Claim | undefined> {
    if (ticket.outcome !== undefined) return { kind: "answered", ticket: { ...ticket, outcome: ticket.outcome } };
    if (ticket.owner === this.deps.owner) return { kind: "mine", ticket };
    if (ticket.owner !== undefined && (await this.deps.isRunning(ticket.owner)))
      return { kind: "theirs", ticket: { ...ticket, owner: ticket.owner } };
    return this.takeOver(chatId, ticket);
  }

  /** This process asks for `ticket` from now on, if it is still as read. */
  private async takeOver(chatId: number, ticket: Ticket): Promise<Claim | undefined> {
    if (ticket.outcome !== undefined) return { kind: "answered", ticket: { ...ticket, outcome: ticket.outcome } };
    const taken: Ticket = { ...ticket, owner: this.deps.owner };
    return (await this.write(chatId, ticket, taken)) ? { kind: "mine", ticket: taken } : undefined;
  }

  /** `ticket` in place of `stored` if it is still as read (none: a new entry). */
  private async write(chatId: number, stored: Ticket | undefined, ticket: Ticket): Promise<boolean> {
    if (stored !== undefined) return this.deps.kv.replace(keyOf(chatId), stored, ticket);
    await this.deps.kv.set(keyOf(chatId), ticket);
    return true;
  }
}
