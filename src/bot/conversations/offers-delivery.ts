import type { Logger } from "pino";
import type { KeyValueStore } from "../../db/index.js";
import type { QueuePlace } from "../../exchange/index.js";
import type { BackgroundTasks } from "../background.js";
import type { OffersPurpose, QuoteOutcome } from "./offers.js";
import type { RecordedCurrency } from "./slim-record.js";

/** The flow step a quote was asked for; the delivered outcome once it came. */
export interface Ticket {
  flowId: string;
  step: number;
  outcome?: QuoteOutcome;
  /** The process fetching it (tickets of older versions say nothing). */
  owner?: string;
  /** What the fetch was started with, to start it again if that process stops before it came. */
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

/** What a new ticket says: the flow step, what it asks and who for. */
export interface OffersRequest {
  flowId: string;
  step: number;
  about: OffersAbout;
  userId: number;
  swap: OffersSwap;
}

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

/** What a background quote was for: the message it replaces, and how it was asked. */
export interface OffersAbout {
  messageId: number;
  fresh: boolean;
  purpose: OffersPurpose;
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
 */
export class OffersDelivery {
  constructor(
    private readonly deps: {
      kv: KeyValueStore;
      background: BackgroundTasks;
      logger: Logger;
      /** This process, as the tickets it fetches for name it. */
      owner: string;
      /** Whether a process of the bot still runs (src/cluster/): its fetches may still come. */
      isRunning: (owner: string) => Promise<boolean>;
    },
  ) {}

  /**
   * Keeps the ticket for this flow step, then fetches in the background. With `instead` (a
   * stalled ticket, asked again), only if that ticket is still as it was: false, and nothing
   * started, when another process took it over (or the flow moved on) meanwhile.
   */
  async start(chatId: number, request: OffersRequest, job: OffersJob, instead?: Ticket): Promise<boolean> {
    const { flowId, step, about, userId, swap } = request;
    const ticket: Ticket = { flowId, step, owner: this.deps.owner, about, userId, swap };
    if (instead === undefined) await this.deps.kv.set(keyOf(chatId), ticket);
    else if (!(await this.deps.kv.replace(keyOf(chatId), instead, ticket))) return false;
    this.fetch(chatId, ticket, job);
    return true;
  }

  /**
   * Fetches again, in this process, the quote of a ticket whose process stopped (`orphans`):
   * only if the ticket is still as listed, so one process does it, and the person's next
   * message finds it fetched by a running process (`stalled`). False when it was not taken.
   */
  async takeOver(orphan: OrphanedOffers, job: OffersJob): Promise<boolean> {
    const ticket: Ticket = { ...orphan.ticket, owner: this.deps.owner };
    if (!(await this.deps.kv.replace(keyOf(orphan.chatId), orphan.ticket, ticket))) return false;
    this.fetch(orphan.chatId, ticket, job);
    return true;
  }

  /** The quote of `ticket` (as stored), in the background, delivered to it and shown if it is still there. */
  private fetch(chatId: number, ticket: Ticket, job: OffersJob): void {
    const stillWanted = async () => (await this.ticket(chatId, ticket)) !== undefined;
    this.deps.background.run(async () => {
      // Every edit is of one message, in order: a place in line must never land after the outcome.
      let shown = Promise.resolve();
      const outcome = await job.fetch((place) => {
        if (place.position === 0) return;
        shown = shown
          .then(async () => {
            if (await stillWanted()) await job.showQueued(place);
          })
          .catch((error: unknown) => this.deps.logger.warn({ err: error, chatId }, "could not show the place in line"));
      });
      await shown;
      // Only to the step that asked, if the flow is still there (compare-and-set on its ticket):
      // it moved on (another amount, /cancel) while the quote was on its way: dropped.
      if (!(await this.deps.kv.replace(keyOf(chatId), ticket, { ...ticket, outcome } satisfies Ticket))) return;
      await job.showOutcome(outcome);
    });
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
    return this.deps.kv.delete(keyOf(chatId));
  }

  private async ticket(chatId: number, flow: { flowId: string; step: number }): Promise<Ticket | undefined> {
    const stored = await this.deps.kv.get<Ticket>(keyOf(chatId));
    return stored && stored.flowId === flow.flowId && stored.step === flow.step ? stored : undefined;
  }
}

const OFFERS_PREFIX = "offers";

/** Where the chat's flow keeps the offers list it waits for. */
export function offersKey(chatId: number): string {
  return `${OFFERS_PREFIX}:${chatId}`;
}
const keyOf = offersKey;
