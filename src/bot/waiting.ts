import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import type { QueuePlace } from "../exchange/index.js";

/** Telegram shows a chat action for about five seconds: renewed a little sooner. */
export const TYPING_EVERY_MS = 4_500;
/** How often a place in line is shown again with the wait counted down. */
export const COUNTDOWN_EVERY_MS = 10_000;
/** The longest a person's call in the exchange flow may wait for the rate budget before they are told to retry. */
export const USER_WAIT_MS = 3 * 60_000;

/**
 * "typing…" in a chat for as long as anything there is being waited for. Waits in one chat
 * share one indicator (sixteen queued quote cards in a group renew it once, not sixteen times).
 */
export class TypingIndicator {
  private readonly chats = new Map<number, { holders: number; timer: Timer | undefined }>();

  constructor(
    private readonly deps: {
      clock: Clock;
      logger: Logger;
      /** sendChatAction(chatId, "typing"); its failures only cost the indicator. */
      send: (chatId: number) => Promise<unknown>;
    },
  ) {}

  /** Shows it now and every few seconds, until the returned function is called (once per call). */
  keep(chatId: number): () => void {
    const existing = this.chats.get(chatId);
    if (existing) existing.holders++;
    else {
      const entry = { holders: 1, timer: undefined as Timer | undefined };
      this.chats.set(chatId, entry);
      const type = () => {
        if (this.chats.get(chatId) !== entry) return;
        this.deps.send(chatId).catch((error: unknown) => this.deps.logger.debug({ err: error, chatId }, "could not show typing"));
        entry.timer = this.deps.clock.setTimer(type, TYPING_EVERY_MS);
      };
      type();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const entry = this.chats.get(chatId);
      if (!entry || --entry.holders > 0) return;
      entry.timer?.cancel();
      this.chats.delete(chatId);
    };
  }
}

export interface WaitingDeps {
  clock: Clock;
  typing: Pick<TypingIndicator, "keep">;
}

/**
 * Runs `work` (a call that may wait for the rate budget or a slow service) while the chat shows
 * "typing…". Each place in line the budget tells is passed to `showPlace` at once, and again
 * every ten seconds with the wait counted down, until the work ends: a long wait is never silence.
 */
export async function whileWaiting<T>(
  deps: WaitingDeps,
  chatId: number,
  work: (onQueued: (place: QueuePlace) => void) => Promise<T>,
  showPlace?: (place: QueuePlace) => void,
): Promise<T> {
  let over = false;
  const stopTyping = deps.typing.keep(chatId);

  let told: { place: QueuePlace; at: number } | undefined;
  let countdown: Timer | undefined;
  const tick = () => {
    if (over || !told) return;
    const left = told.place.waitMs - (deps.clock.now() - told.at);
    if (left < 1_000) return;
    showPlace?.({ position: told.place.position, waitMs: left });
    countdown = deps.clock.setTimer(tick, COUNTDOWN_EVERY_MS);
  };
  try {
    return await work((place) => {
      if (over || place.position === 0) return;
      told = { place, at: deps.clock.now() };
      countdown?.cancel();
      showPlace?.(place);
      countdown = deps.clock.setTimer(tick, COUNTDOWN_EVERY_MS);
    });
  } finally {
    over = true;
    stopTyping();
    countdown?.cancel();
  }
}
