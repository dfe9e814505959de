import type { Logger } from "pino";
import type { Clock, Timer } from "../clock.js";
import type { QueuePlace } from "../exchange/budget.js";

/** Telegram shows a chat action for about five seconds: renewed a little sooner. */
export const TYPING_EVERY_MS = 4_500;
/** How often a place in line is shown again with the wait counted down. */
export const COUNTDOWN_EVERY_MS = 10_000;

export interface WaitingDeps {
  clock: Clock;
  logger: Logger;
  /** sendChatAction(chatId, "typing"); its failures only cost the indicator. */
  typing: (chatId: number) => Promise<unknown>;
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
  let typingTimer: Timer | undefined;
  const type = () => {
    if (over) return;
    deps.typing(chatId).catch((error: unknown) => deps.logger.debug({ err: error, chatId }, "could not show typing"));
    typingTimer = deps.clock.setTimer(type, TYPING_EVERY_MS);
  };
  type();

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
    typingTimer?.cancel();
    countdown?.cancel();
  }
}
