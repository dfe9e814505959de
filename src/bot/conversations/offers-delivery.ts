import type { Logger } from "pino";
import type { Clock } from "../../clock.js";
import type { KeyValueStore } from "../../db/index.js";
import type { QueuePlace } from "../../exchange/index.js";
import type { BackgroundTasks } from "../background.js";
import { GRACE_MS, startWithGrace } from "../grace.js";
import type { QuoteOutcome } from "./offers.js";
import {
  type Claim,
  OFFERS_PREFIX,
  type OffersAbout,
  type OffersRequest,
  OffersTickets,
  offersKey,
  sameQuote,
  type Ticket,
} from "./offers-ticket.js";

export { type OffersAbout, type OffersRequest, type OffersSwap, offersKey, type Ticket } from "./offers-ticket.js";

/** A ticket whose process stopped before its quote came: what it was asked with, and the ticket as stored (to take it over). */
export interface StalledOffers {
  about: OffersAbout;
  ticket: Ticket;
}

/** A stalled ticket that says enough to be fetched again without the person (`orphans`). */
export interface OrphanedOffers {
  chatId: number;
  ticket: Ticket & Required<Pick<Ticket, "owner" | "about" | "userId" | "swap">>;
}

export interface OffersJob {
  /** Fetches the quote (waiting for the budget as long as it takes); tells the place in line. */
  fetch(onQueued: (place: QueuePlace) => void): Promise<QuoteOutcome>;
  /** Shows the place in line on the waiting screen (again as it goes down). */
  showQueued(place: QueuePlace): Promise<void>;
  /** Replaces the waiting screen with the offers. */
  showOutcome(outcome: QuoteOutcome): Promise<void>;
}

/**
 * The offers step's quote is fetched outside the conversation: a wait for the rate budget
 * must never hold the chat, or a person's /cancel or /help would wait behind it. The flow
 * shows a "getting offers" screen and goes on waiting for input; when the quote comes it is
 * stored for the flow step that asked (one row per chat) and the screen becomes the offers.
 * A tap on an offer then reads the stored quote back, inside the conversation's replay log.
 * Whichever process asks, the quote is asked once (offers-ticket.ts).
 */
export class OffersDelivery {
  private readonly tickets: OffersTickets;
  private readonly graceMs: number;

  constructor(
    private readonly deps: {
      kv: KeyValueStore;
      background: BackgroundTasks;
      logger: Logger;
      clock: Clock;
      /** This process, as the tickets it asks for name it. */
      owner: string;
      /** Whether a process of the bot still runs (src/cluster/): its answers may still come. */
      isRunning: (owner: string) => Promise<boolean>;
      /** How long a handler waits for a quote before the delivery takes it on (grace.ts). */
      graceMs?: number;
      /** How often another process's ticket is read while its answer is awaited (offers-ticket.ts). */
      pollMs?: number;
    },
  ) {
    this.tickets = new OffersTickets(deps);
    this.graceMs = deps.graceMs ?? GRACE_MS;
  }

  /**
   * The quote of the flow step asking now (`request.ask`), if it needs no wait: the answer its
   * ticket has (a process that lost the chat asked, and it came); another running process's,
   * if it comes within the grace; a recent one from the cache (`cached`, no call); else asked
   * here (`ask`), its ticket written first and its answer into it as soon as it comes. Null when
   * it takes longer: the delivery after the step's prompt goes on with the same quote.
   */
  async withoutWaiting(
    chatId: number,
    request: OffersRequest & { ask: number },
    ask: (onQueued: (place: QueuePlace) => void) => Promise<QuoteOutcome>,
    cached: () => QuoteOutcome | undefined,
  ): Promise<QuoteOutcome | null> {
    const stored = await this.tickets.read(chatId);
    if (stored === undefined || !sameQuote(stored, request)) {
      // Not asked before: an answer from the cache costs no call, and needs no ticket.
      const hit = cached();
      if (hit) return hit;
    }
    let claim: Claim = await this.tickets.claim(chatId, request);
    const until = this.deps.clock.now() + this.graceMs;
    while (claim.kind === "theirs") {
      claim = (await this.tickets.answerOf(chatId, claim.ticket, until)) ?? (await this.tickets.claim(chatId, request));
      // Still on its way past the grace: the delivery waits on for it, outside the chat.
      if (claim.kind === "theirs") return null;
    }
    if (claim.kind === "answered") return claim.ticket.outcome;
    const { ticket } = claim;
    const started = await startWithGrace(
      this.deps.clock,
      async (onQueued) => {
        const outcome = await ask(onQueued);
        await this.tickets.settle(chatId, ticket, outcome);
        return outcome;
      },
      this.graceMs,
    );
    if (started.kind === "done") return started.value;
    // On its way: written down when it comes, for the delivery (whichever process holds the chat then).
    this.deps.background.run(async () => void (await started.result));
    return null;
  }

  /**
   * Delivers the quote `request` names to its step's message, in the background: the ticket
   * moved to that step and message first. Asked here, unless it was answered already (shown at
   * once) or another running process asks for it (its answer awaited, and asked here only once
   * that process is counted gone). A quote withoutWaiting left on its way goes on (the same
   * `ask`): it joins the call made then (estimates.ts), or the other process's answer.
   */
  async start(chatId: number, request: OffersRequest & { about: OffersAbout }, job: OffersJob): Promise<void> {
    const claim = await this.tickets.claim(chatId, request);
    this.deliver(chatId, claim, request.about, job);
  }

  /**
   * Fetches again, in this process, the quote of a ticket whose process stopped (`orphans`):
   * only if the ticket is still as listed, so one process does it, and the person's next
   * message finds it fetched by a running process (`stalled`). False when it was not taken.
   */
  async takeOver(orphan: OrphanedOffers, job: OffersJob): Promise<boolean> {
    const ticket: Ticket = { ...orphan.ticket, owner: this.deps.owner };
    if (!(await this.deps.kv.replace(offersKey(orphan.chatId), orphan.ticket, ticket))) return false;
    this.deliver(orphan.chatId, { kind: "mine", ticket }, orphan.ticket.about, job);
    return true;
  }

  /**
   * The quote `claim` names, in the background: asked here or awaited, written into its ticket,
   * and shown on `about`'s message if the flow still waits there.
   */
  private deliver(chatId: number, claim: Claim, about: OffersAbout, job: OffersJob): void {
    this.deps.background.run(async () => {
      const settled = claim.kind === "theirs" ? await this.tickets.answerOf(chatId, claim.ticket) : claim;
      if (settled === undefined || settled.kind === "theirs") return;
      const answered = settled.kind === "answered" ? settled.ticket : await this.fetch(chatId, settled.ticket, about, job);
      // Only to the step and message that asked, if the flow is still there: it moved on
      // (another amount, /cancel) while the quote was on its way: dropped.
      if (answered && (await this.showsOn(chatId, answered, about))) await job.showOutcome(answered.outcome);
    });
  }

  /**
   * Asks for the quote of `ticket` here and writes its answer into it: the ticket answered, or
   * undefined when it is not this process's now.
   */
  private async fetch(chatId: number, ticket: Ticket, about: OffersAbout, job: OffersJob) {
    // Every edit is of one message, in order: a place in line must never land after the outcome.
    let shown = Promise.resolve();
    const outcome = await job.fetch((place) => {
      if (place.position === 0) return;
      shown = shown
        .then(async () => {
          if (await this.showsOn(chatId, ticket, about)) await job.showQueued(place);
        })
        .catch((error: unknown) => this.deps.logger.warn({ err: error, chatId }, "could not show the place in line"));
    });
    await shown;
    return this.tickets.settle(chatId, ticket, outcome);
  }

  /** Whether the chat's flow still waits for `ticket`'s quote on `about`'s message. */
  private async showsOn(chatId: number, ticket: Ticket, about: OffersAbout): Promise<boolean> {
    const stored = await this.tickets.read(chatId, true);
    return stored !== undefined && sameQuote(stored, ticket) && stored.about?.messageId === about.messageId;
  }

  /** The quote delivered to this flow step, or null while it is on its way (or was dropped). */
  async delivered(chatId: number, flow: { flowId: string; step: number }): Promise<QuoteOutcome | null> {
    return (await this.ticket(chatId, flow))?.outcome ?? null;
  }

  /**
   * The quote of this flow step will never come: the process fetching it stopped (killed, or
   * past its grace) before it did. What it was asked with, to ask again; undefined otherwise.
   */
  async stalled(chatId: number, flow: { flowId: string; step: number }): Promise<StalledOffers | undefined> {
    const ticket = await this.ticket(chatId, flow);
    if (!ticket || ticket.outcome !== undefined || ticket.owner === undefined || ticket.about === undefined) return undefined;
    if (ticket.owner === this.deps.owner || (await this.deps.isRunning(ticket.owner))) return undefined;
    return { about: ticket.about, ticket };
  }

  /**
   * Tickets written within `since` whose quote never came and whose process stopped, and that
   * say enough to be fetched again without the person: at most `limit`, oldest first, from the
   * `scan` oldest unanswered ones. None: one read of the kv table's key range, no rows.
   * `watching`: another process's unanswered ticket was among them (orphaned or not yet), so
   * one may be orphaned by the next look.
   */
  async orphans(options: { since: number; limit: number; scan: number }): Promise<{ orphans: OrphanedOffers[]; watching: boolean }> {
    const unanswered = await this.deps.kv.matchingSince<Ticket>(OFFERS_PREFIX, {
      since: options.since,
      contains: '"swap":',
      lacks: '"outcome":',
      limit: options.scan,
    });
    const running = new Map<string, Promise<boolean>>();
    const orphans: OrphanedOffers[] = [];
    let watching = false;
    for (const { key, value } of unanswered) {
      const chatId = Number(key);
      const { owner, about, userId, swap } = value;
      if (
        !Number.isSafeInteger(chatId) ||
        value.outcome !== undefined ||
        owner === undefined ||
        about === undefined ||
        userId === undefined ||
        swap === undefined
      )
        continue;
      if (owner === this.deps.owner) continue;
      watching = true;
      // Asked once per owner and pass: a few processes hold every ticket.
      if (!running.has(owner)) running.set(owner, this.deps.isRunning(owner));
      if (await running.get(owner)) continue;
      orphans.push({ chatId, ticket: { ...value, owner, about, userId, swap } });
      if (orphans.length >= options.limit) break;
    }
    return { orphans, watching };
  }

  /** The flow left the offers step or ended: nothing more is delivered to it. */
  forget(chatId: number): Promise<void> {
    return this.deps.kv.delete(offersKey(chatId));
  }

  private async ticket(chatId: number, flow: { flowId: string; step: number }): Promise<Ticket | undefined> {
    const stored = await this.tickets.read(chatId);
    return stored && stored.flowId === flow.flowId && stored.step === flow.step ? stored : undefined;
  }
}
