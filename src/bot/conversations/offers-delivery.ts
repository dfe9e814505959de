import type { Logger } from "pino";
import type { KeyValueStore } from "../../db/index.js";
import type { QueuePlace } from "../../exchange/budget.js";
import type { BackgroundTasks } from "../background.js";
import type { QuoteOutcome } from "./offers.js";

/** The flow step a quote was asked for; the delivered outcome once it came. */
interface Ticket {
  flowId: string;
  step: number;
  outcome?: QuoteOutcome;
  /** The process fetching it (tickets of older versions say nothing). */
  owner?: string;
  /** What the fetch was started with, to start it again if that process stops before it came. */
  about?: OffersAbout;
}

/** What a background quote was for: the message it replaces, and how it was asked. */
export interface OffersAbout {
  messageId: number;
  fresh: boolean;
  purpose: "offers" | "recheck";
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

  /** Keeps the ticket for this flow step, then fetches in the background. */
  async start(chatId: number, flow: { flowId: string; step: number }, about: OffersAbout, job: OffersJob): Promise<void> {
    const ticket: Ticket = { flowId: flow.flowId, step: flow.step, owner: this.deps.owner, about };
    await this.deps.kv.set(keyOf(chatId), ticket);
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
  async stalled(chatId: number, flow: { flowId: string; step: number }): Promise<OffersAbout | undefined> {
    const ticket = await this.ticket(chatId, flow);
    if (!ticket || ticket.outcome !== undefined || ticket.owner === undefined || ticket.about === undefined) return undefined;
    if (ticket.owner === this.deps.owner || (await this.deps.isRunning(ticket.owner))) return undefined;
    return ticket.about;
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

/** Where the chat's flow keeps the offers list it waits for. */
export function offersKey(chatId: number): string {
  return `offers:${chatId}`;
}
const keyOf = offersKey;
