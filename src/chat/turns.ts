import type { Transformer } from "grammy";
import type { Logger } from "pino";
import { type Outbox, postsMessage } from "../telegram/outbox.js";
import { chatKeyOfChat } from "./key.js";
import type { ChatLeases } from "./lease.js";

/**
 * Telegram's second between two messages into a chat, kept across the processes that send into
 * it: the API transformers for what is sent from outside a chat's updates (the fleet's paceChats
 * gives them; with one process they let every call by, the outbox alone keeping the gap).
 */
export interface ChatPacing {
  /** For status messages: they give up soon (the tracker owes them and comes back). */
  status: Transformer;
  /** For everything else sent from outside the chat's updates. */
  other: Transformer;
}

export interface ChatTurnsDeps {
  /**
   * The chats' leases a turn is taken on (src/chat/lease.ts), shared by every process, judged on
   * the database's clock (durations and ages cross processes, never times) and fenced by their
   * tokens: held under the turns' own owner and timing (TURN_LEASE).
   */
  leases: Pick<ChatLeases, "renewEveryMs" | "takeTurn" | "release" | "renew">;
  outbox: Pick<Outbox, "sentEarlier" | "lastMessageAt">;
  /** Whether this process handles an update of the chat now (it holds the chat's lease already). */
  handlesChat: (chatKey: string) => boolean;
  logger: Logger;
  /** The outbox's clock (when the chat last got a message is told to it, and asked of it, on it). */
  now?: () => number;
  /** How often to look whether the chat is free again. */
  pollMs?: number;
}

/**
 * Telegram allows about one message a second into a chat, and counts the bot's, not a process's.
 * A private chat's replies come from the process holding the chat's lease (src/inbox/); a message
 * sent from outside that (a status message or an alert from the leader, a reply finished in the
 * background after the update was done) takes the chat's turn first: the same lease, under an
 * owner of its own, so that the chat's updates wait for it and it waits for them. The lease row
 * says when the chat last got a message, whichever process sent it, and this process's outbox
 * keeps the gap from there. With one process (SQLite) the outbox alone keeps the gap: not installed.
 *
 * Groups are left to the outbox: every process keeps to its share of a group's gap and minute.
 */
export class ChatTurns {
  private readonly now: () => number;
  /** This process's messages into one chat take the turn one after another, whichever API sends them. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly deps: ChatTurnsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The API transformer; `waitMs`: how long a message waits for a chat another process is busy with. */
  transformer(options: { waitMs: number }): Transformer {
    const { deps } = this;
    return async (prev, method, payload, signal) => {
      const chatId = (payload as { chat_id?: unknown }).chat_id;
      if (typeof chatId !== "number" || chatId <= 0 || !postsMessage(method)) return prev(method, payload, signal);
      const chatKey = chatKeyOfChat(chatId);
      if (deps.handlesChat(chatKey)) return prev(method, payload, signal);

      const before = this.queues.get(chatKey) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((resolve) => (done = resolve));
      this.queues.set(chatKey, mine);
      try {
        await before;
        let taken: { token: number } | undefined;
        try {
          taken = await this.take(chatKey, chatId, options.waitMs, signal);
        } catch (error) {
          // The database is away: the message goes as before the turns were kept (a 429 at worst).
          deps.logger.warn({ err: error, chatId }, "could not take a chat's turn, so the message goes without it");
          return await prev(method, payload, signal);
        }
        if (!taken) {
          deps.logger.info({ chatId, method }, "a chat stayed busy with another process, so the message is answered 429");
          return {
            ok: false,
            error_code: 429,
            description: "Too Many Requests: the chat is busy with another process of the bot",
            parameters: { retry_after: 1 },
          } as Awaited<ReturnType<typeof prev>>;
        }
        // The outbox may hold the message longer than a lease lasts (its turn in the chat, a 429 waited out).
        const turn = { chatKey, token: taken.token };
        const renewal = setInterval(() => {
          deps.leases.renew([turn]).catch((error: unknown) => deps.logger.warn({ err: error, chatId }, "could not renew a chat's turn"));
        }, deps.leases.renewEveryMs);
        try {
          return await prev(method, payload, signal);
        } finally {
          clearInterval(renewal);
          const sentAt = deps.outbox.lastMessageAt(chatId);
          await deps.leases
            .release(turn, sentAt === undefined ? null : this.now() - sentAt)
            .catch((error: unknown) =>
              deps.logger.warn({ err: error, chatId }, "could not let a chat's turn go, so it runs out by itself"),
            );
        }
      } finally {
        done();
        if (this.queues.get(chatKey) === mine) this.queues.delete(chatKey);
      }
    };
  }

  /**
   * Takes the chat's turn, waiting up to `waitMs` while another process holds the chat; tells the
   * outbox when the chat last got a message.
   */
  private async take(
    chatKey: string,
    chatId: number,
    waitMs: number,
    signal?: { aborted: boolean },
  ): Promise<{ token: number } | undefined> {
    const { deps } = this;
    // Waited out on this process's monotonic time: the wall clock may be set meanwhile.
    const giveUpAt = performance.now() + waitMs;
    for (;;) {
      const turn = await deps.leases.takeTurn(chatKey);
      if (turn) {
        if (turn.sentAgoMs !== null) deps.outbox.sentEarlier(chatId, this.now() - turn.sentAgoMs);
        return turn;
      }
      // Given up at the bound, or when the call is (the process is stopping).
      if (performance.now() >= giveUpAt || signal?.aborted) return undefined;
      await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 100));
    }
  }
}
