import type { Transformer } from "grammy";
import type { Logger } from "pino";
import type { Clock } from "../clock.js";

/**
 * Telegram's flood limits, kept on our side so that Telegram rarely has to answer 429.
 * A "message" is anything that posts into a chat (send*, copy, forward); edits, callback
 * answers and chat actions are not counted, but calls in one chat still go out one at a time.
 */
export interface FloodLimits {
  /** Gap between two messages in one chat ("about one a second"). */
  chatGapMs: number;
  /** Messages per rolling minute in one group ("about 20 a minute"). */
  groupPerMinute: number;
  /** Gap between two messages overall ("about 30 a second"). */
  globalGapMs: number;
  /** How long one call may wait in all (pacing and Telegram's retry_after) before it is given up. */
  maxWaitMs: number;
  /** Calls that may wait in one chat; more means a runaway loop, and the newest is refused. */
  maxQueuedPerChat: number;
}

export const TELEGRAM_FLOOD_LIMITS: FloodLimits = {
  chatGapMs: 1_000,
  groupPerMinute: 20,
  globalGapMs: 34,
  maxWaitMs: 120_000,
  maxQueuedPerChat: 50,
};

/** No pacing at all: for tests whose fake clock stands still while messages go out. */
export const UNPACED: FloodLimits = {
  chatGapMs: 0,
  groupPerMinute: Number.POSITIVE_INFINITY,
  globalGapMs: 0,
  maxWaitMs: 120_000,
  maxQueuedPerChat: 1_000,
};

/** What the transformer chain answers, as far as pacing needs to know. */
interface Answer {
  ok: boolean;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}
type Signal = Parameters<Transformer>[3];

const CHAT_ACTION = "sendChatAction";
const MESSAGE_METHODS = /^(send[A-Z]\w*|copyMessages?|forwardMessages?)$/;

/** Whether `method` posts into a chat (and so counts against its gap), as Telegram's limits count. */
export function postsMessage(method: string): boolean {
  return method !== CHAT_ACTION && MESSAGE_METHODS.test(method);
}

/** One chat's line in the outbox: one call at a time, in the order they came, and the chat's limits. */
class ChatLine {
  tail: Promise<void> = Promise.resolve();
  queued = 0;
  /** Earliest time the next message may go (the per-chat gap). */
  nextMessageAt = 0;
  /** When the last message went (0: none remembered). */
  lastMessageAt = 0;
  /** Telegram asked us to wait until then (retry_after). */
  blockedUntil = 0;
  /** Send times of the last messages in a group, oldest first. */
  readonly recent: number[] = [];
  /** Telegram's 403 "bot was blocked by the user": every call here gets it, unsent, until they write (`wrote`). */
  blocked: Answer | undefined;
}

/**
 * When a chat last got a message, as an age, by the chat's id: what the chat's lease carries from
 * one process to the next (ages, not times: their clocks may differ). The inbox's worker asks it
 * of the chat whose lease it holds (src/chat/ names a lease's chat).
 */
export interface ChatSends {
  /** The chat got a message `agoMs` ago (from another process): its next one here keeps the gap from then. */
  sentEarlier(chatId: number, agoMs: number): void;
  /** How long ago this process last sent a message into the chat; null when it does not remember one. */
  lastSentAgo(chatId: number): number | null;
}

export interface OutboxDeps {
  clock: Clock;
  logger: Logger;
  limits: FloodLimits;
  /** Told each time a call waited in its chat's line (metrics), in ms. */
  onWait?: (ms: number) => void;
}

/**
 * Every call the bot makes into a chat goes through here: it waits in the chat's line under the
 * flood limits, and a 429 holds the whole chat for the retry_after Telegram asked (so order is kept)
 * before the call is tried again. Replies retry until `maxWaitMs`; status messages do not
 * retry here (the tracker owes them and tries again itself). Giving up is logged loudly.
 * After "bot was blocked by the user" the chat's calls, queued or new, get that answer without
 * reaching Telegram, until the person writes again (`wrote`).
 */
export class Outbox {
  private readonly lines = new Map<string, ChatLine>();
  private nextGlobalAt = 0;
  /** Processes sharing Telegram's limits (shareWith). */
  private processes = 1;
  private lastSweepAt = 0;

  /** This outbox's memory of each chat's last message, as ages (for the inbox's worker). */
  readonly chatSends: ChatSends = {
    sentEarlier: (chatId, agoMs) => this.sentEarlier(chatId, this.deps.clock.now() - agoMs),
    lastSentAgo: (chatId) => {
      const at = this.lastMessageAt(chatId);
      return at === undefined ? null : this.deps.clock.now() - at;
    },
  };

  constructor(private readonly deps: OutboxDeps) {}

  /** The API transformer; `retry: false` returns Telegram's 429 to the caller at once. */
  transformer(options: { retry: boolean }): Transformer {
    return (prev, method, payload, signal) => {
      const chatId = (payload as { chat_id?: unknown }).chat_id;
      if ((typeof chatId !== "number" && typeof chatId !== "string") || method === CHAT_ACTION || method.startsWith("get")) {
        return prev(method, payload, signal);
      }
      return this.inLine(String(chatId), method, options.retry, () => prev(method, payload, signal), signal) as ReturnType<typeof prev>;
    };
  }

  private async inLine(chat: string, method: string, retry: boolean, call: () => Promise<Answer>, signal: Signal): Promise<Answer> {
    const line = this.line(chat);
    if (line.queued >= this.deps.limits.maxQueuedPerChat) {
      this.deps.logger.error({ chatId: chat, method, queued: line.queued }, "too many messages wait for one chat, so this one is refused");
      return tooMany(1);
    }
    const queuedAt = this.deps.clock.now();
    line.queued++;
    const ahead = line.tail;
    let done!: () => void;
    line.tail = new Promise((resolve) => (done = resolve));
    try {
      await ahead;
      const message = MESSAGE_METHODS.test(method);
      for (;;) {
        if (line.blocked) return line.blocked;
        const now = this.deps.clock.now();
        // A status message is not held behind Telegram's wait: the tracker owes it and comes back.
        if (!retry && line.blockedUntil > now) return tooMany(Math.ceil((line.blockedUntil - now) / 1000));
        const readyAt = this.readyAt(line, chat, message, now);
        if (readyAt - queuedAt > this.deps.limits.maxWaitMs) {
          this.deps.logger.error(
            { chatId: chat, method, waitedMs: readyAt - queuedAt, boundMs: this.deps.limits.maxWaitMs },
            "a message would wait past the bound in a chat's line, so it is given up",
          );
          return tooMany(Math.max(1, Math.ceil((readyAt - now) / 1000)));
        }
        await this.waitForSlot(line, chat, message, signal);
        const result = await this.reached(call, chat, method, retry, queuedAt, signal);
        if (message) this.answered(line, chat);
        if (isBlocked(result)) line.blocked = result;
        if (result.ok || result.error_code !== 429) return result;
        const retryAfterMs = Math.max(1, result.parameters?.retry_after ?? 1) * 1000;
        line.blockedUntil = this.deps.clock.now() + retryAfterMs;
        if (!retry) return result;
        const waited = this.deps.clock.now() + retryAfterMs - queuedAt;
        if (waited > this.deps.limits.maxWaitMs) {
          this.deps.logger.error(
            { chatId: chat, method, waitedMs: waited, boundMs: this.deps.limits.maxWaitMs },
            "Telegram kept answering 429 past the bound, so the message is given up",
          );
          return result;
        }
        this.deps.logger.warn(
          { chatId: chat, method, retryAfterMs },
          "Telegram asked to wait (429), so the chat's messages wait and this one goes again",
        );
      }
    } finally {
      line.queued--;
      done();
      this.forgetIdleLines();
    }
  }

  /**
   * The call's answer, trying it again while Telegram refuses the connection: a refused
   * connection carried nothing, so a reply goes again once Telegram is back (1 s, then doubling
   * to 8 s, real time) until the bound. Any other failure (a timeout, a connection cut after the
   * request left) may have been carried out, and is passed on: sending it again could double it.
   */
  private async reached(
    call: () => Promise<Answer>,
    chat: string,
    method: string,
    retry: boolean,
    queuedAt: number,
    signal: Signal,
  ): Promise<Answer> {
    const giveUpAt = performance.now() + Math.max(0, this.deps.limits.maxWaitMs - (this.deps.clock.now() - queuedAt));
    for (let waitMs = 1_000; ; waitMs = Math.min(waitMs * 2, 8_000)) {
      try {
        return await call();
      } catch (error) {
        if (!retry || !connectionRefused(error) || signal?.aborted || performance.now() + waitMs > giveUpAt) throw error;
        this.deps.logger.warn({ err: error, chatId: chat, method, waitMs }, "Telegram refused the connection, so the message goes again");
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
  }

  /**
   * Another process sent a message into this chat at `at` (this outbox's clock): the chat's
   * next message here keeps the gap from it (a chat's turn: src/chat/turns.ts).
   */
  sentEarlier(chatId: number | string, at: number): void {
    const line = this.line(String(chatId));
    line.nextMessageAt = Math.max(line.nextMessageAt, at + this.deps.limits.chatGapMs);
  }

  /** When this process last sent a message into the chat, if it still remembers (it forgets after the gap). */
  lastMessageAt(chatId: number | string): number | undefined {
    const at = this.lines.get(String(chatId))?.lastMessageAt;
    return at ? at : undefined;
  }

  /**
   * Telegram's limits are the bot's, not a process's: with `count` processes on the database
   * (src/cluster/), this one keeps to its share of the overall rate and of each group's minute,
   * so that together they stay inside; a group's gap between messages too. A private chat's gap
   * is kept as it is: its replies come from the one process handling the chat.
   */
  shareWith(count: number): void {
    this.processes = Math.max(1, Math.floor(count));
  }

  /** Messages a minute this process may send into one group. */
  private groupShare(): number {
    const { groupPerMinute } = this.deps.limits;
    return Number.isFinite(groupPerMinute) ? Math.max(1, Math.floor(groupPerMinute / this.processes)) : groupPerMinute;
  }

  /** The person wrote (or unblocked the bot): their chat takes calls again. */
  wrote(chatId: number | string): void {
    const line = this.lines.get(String(chatId));
    if (line) line.blocked = undefined;
  }

  /** Sleeps until this chat, its group minute and the overall rate all allow the call; takes the slot. */
  private async waitForSlot(line: ChatLine, chat: string, message: boolean, signal: Signal): Promise<void> {
    const { clock, limits } = this.deps;
    const group = chat.startsWith("-");
    let waitedMs = 0;
    for (;;) {
      const now = clock.now();
      const at = this.readyAt(line, chat, message, now);
      if (at <= now || signal?.aborted) break;
      waitedMs += at - now;
      await sleepUnlessAborted(clock, at - now, signal);
    }
    if (waitedMs > 0) this.deps.onWait?.(waitedMs);
    if (!message) return;
    const now = clock.now();
    // A group hears from every process (replies, alerts): each keeps to its share of its gap too.
    line.nextMessageAt = now + limits.chatGapMs * (group ? this.processes : 1);
    this.nextGlobalAt = Math.max(this.nextGlobalAt, now) + limits.globalGapMs * this.processes;
    if (group && Number.isFinite(limits.groupPerMinute)) line.recent.push(now);
  }

  /**
   * A message's call was answered: Telegram took it somewhere between the slot and now, so the
   * chat's gap counts from now (the next message, from this process or another, cannot reach
   * Telegram less than the gap after this one, however long this one took on the way).
   */
  private answered(line: ChatLine, chat: string): void {
    const now = this.deps.clock.now();
    line.lastMessageAt = now;
    line.nextMessageAt = Math.max(line.nextMessageAt, now + this.deps.limits.chatGapMs * (chat.startsWith("-") ? this.processes : 1));
  }

  /** When this chat, its group minute and the overall rate next allow the call. */
  private readyAt(line: ChatLine, chat: string, message: boolean, now: number): number {
    while (line.recent.length > 0 && (line.recent[0] ?? 0) <= now - 60_000) line.recent.shift();
    let at = Math.max(now, line.blockedUntil);
    if (message) {
      at = Math.max(at, line.nextMessageAt, this.nextGlobalAt);
      if (chat.startsWith("-") && line.recent.length >= this.groupShare()) at = Math.max(at, (line.recent[0] ?? now) + 60_000);
    }
    return at;
  }

  private line(chat: string): ChatLine {
    let line = this.lines.get(chat);
    if (!line) {
      line = new ChatLine();
      this.lines.set(chat, line);
    }
    return line;
  }

  /** A chat's line with nothing waiting and no limit left to remember is dropped (bounded memory), at most once a second. */
  private forgetIdleLines(): void {
    const now = this.deps.clock.now();
    if (this.lines.size < 1_000 || now - this.lastSweepAt < 1_000) return;
    this.lastSweepAt = now;
    for (const [chat, line] of this.lines) {
      const remembered = Math.max(line.nextMessageAt, line.blockedUntil, (line.recent.at(-1) ?? 0) + 60_000);
      // A blocked chat dropped here costs one more call, whose 403 marks it again.
      if (line.queued === 0 && remembered <= now) this.lines.delete(chat);
    }
  }

  /** Chats whose line is remembered (calls waiting, or a limit still counting), for tests. */
  chatsRemembered(): number {
    return this.lines.size;
  }

  /** Chats with calls waiting, for tests and metrics. */
  waiting(): number {
    let total = 0;
    for (const line of this.lines.values()) total += line.queued;
    return total;
  }
}

/** A blocked bot: Telegram would refuse every call into this chat the same way. */
function isBlocked(answer: Answer): boolean {
  return !answer.ok && answer.error_code === 403 && /blocked by the user/i.test(answer.description ?? "");
}

/** Whether `error` (grammY's HttpError, or what it wraps) is a connection refused: nothing reached Telegram. */
function connectionRefused(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === "ECONNREFUSED") return true;
    cause = (cause as { error?: unknown; cause?: unknown }).error ?? (cause as { cause?: unknown }).cause;
  }
  return false;
}

function tooMany(retryAfter: number): Answer & { description: string } {
  return {
    ok: false as const,
    error_code: 429,
    description: "Too Many Requests: too many messages waiting for this chat",
    parameters: { retry_after: retryAfter },
  };
}

function sleepUnlessAborted(clock: Clock, ms: number, signal: Signal): Promise<void> {
  return new Promise((resolve) => {
    const timer = clock.setTimer(finish, ms);
    function finish() {
      timer.cancel();
      signal?.removeEventListener("abort", finish);
      resolve();
    }
    signal?.addEventListener("abort", finish, { once: true });
  });
}
