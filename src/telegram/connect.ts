import { type Bot, type Context, GrammyError } from "grammy";
import type { Logger } from "pino";
import { Backoff, type RetryTiming, reasonOf, sleep } from "./backoff.js";

/** Telegram does not know the token: no retry will help. */
export class TokenRefusedError extends Error {
  override name = "TokenRefusedError";
  /** What the operator does about it. */
  static readonly HINT = "check BOT_TOKEN, or ask @BotFather for the current one";

  /** `answer`: Telegram's, e.g. "401 Unauthorized". */
  constructor(readonly answer: string) {
    super(`Telegram refused the bot token (${answer}): ${TokenRefusedError.HINT}.`);
  }
}

/** How long one attempt may take before it counts as "Telegram cannot be reached". */
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Learns who the bot is (getMe). A refused token stops here with one clear line; a network
 * that is down or slow is retried with a growing wait, each failure logged on one line.
 * Resolves false when `signal` ends the wait first.
 */
export async function connectToTelegram<C extends Context>(
  bot: Bot<C>,
  options: { apiRoot: string; logger: Logger; signal: AbortSignal; retry?: RetryTiming },
): Promise<boolean> {
  const { logger, signal } = options;
  if (bot.isInited()) return true;
  const backoff = new Backoff(options.retry?.firstMs, options.retry?.maxMs);
  for (;;) {
    try {
      const attempt = AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]);
      // getMe itself, not bot.init(): init retries network errors silently, for as long as it takes.
      // (grammY types its signal after the abort-controller package; it is the same object.)
      bot.botInfo = await bot.api.getMe(attempt as Parameters<typeof bot.api.getMe>[0]);
      if (backoff.failures > 0) logger.info({ attempts: backoff.failures + 1 }, "Telegram reached");
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
        throw new TokenRefusedError(`${error.error_code} ${error.description}`);
      }
      const waitMs = backoff.next();
      logger.warn(
        { apiRoot: options.apiRoot, reason: reasonOf(error), retryInSeconds: waitMs / 1000 },
        "Telegram cannot be reached, and the bot tries again after a wait",
      );
      await sleep(waitMs, signal);
      if (signal.aborted) return false;
    }
  }
}
