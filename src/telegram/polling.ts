import { type Bot, type Context, GrammyError } from "grammy";
import type { Logger } from "pino";
import { Backoff, type RetryTiming, reasonOf, sleep } from "./backoff.js";
import { type AcceptUpdates, ALLOWED_UPDATES, type UpdateFeed } from "./feed.js";

/** getUpdates waits this long for news; a poll that has not come back well after it is stuck. */
const POLL_TIMEOUT_S = 30;
const HEALTHY_WITHIN_MS = (POLL_TIMEOUT_S * 2 + 30) * 1000;

/**
 * Long polling: each batch of updates is stored (`accept`, the inbox) before the next
 * getUpdates moves the offset past it, which is when Telegram forgets them; a process killed
 * in between gets the same updates again and the inbox drops the repeats. Every failure is one
 * log line with the wait before the next try.
 */
export function startPolling<C extends Context>(
  bot: Bot<C>,
  options: { logger: Logger; accept: AcceptUpdates; now?: () => number; retry?: RetryTiming },
): UpdateFeed {
  const { logger, accept } = options;
  const now = options.now ?? Date.now;
  const backoff = new Backoff(options.retry?.firstMs, options.retry?.maxMs);
  const stopping = new AbortController();
  const signal = stopping.signal;
  let offset = 0;
  let lastAnswerAt = now();
  let lastProblem = "";

  const loop = (async () => {
    while (!signal.aborted) {
      try {
        // (grammY types its signal after the abort-controller package; it is the same object.)
        const updates = await bot.api.getUpdates(
          { offset, limit: 100, timeout: POLL_TIMEOUT_S, allowed_updates: [...ALLOWED_UPDATES] },
          signal as Parameters<typeof bot.api.getUpdates>[1],
        );
        lastAnswerAt = now();
        if (updates.length > 0) await accept(updates).catch((error: unknown) => Promise.reject(new NotStoredError(error)));
        if (backoff.failures > 0) logger.info({ failures: backoff.failures }, "Telegram answers again, so polling resumes");
        backoff.reset();
        const last = updates.at(-1);
        if (last) offset = last.update_id + 1;
      } catch (error) {
        if (signal.aborted) break;
        lastProblem = reasonOf(error instanceof NotStoredError ? error.cause : error);
        let waitMs = backoff.next();
        if (error instanceof GrammyError && error.error_code === 429) waitMs = Math.max(waitMs, (error.parameters.retry_after ?? 1) * 1000);
        logger.warn({ reason: lastProblem, retryInSeconds: waitMs / 1000 }, explain(error));
        await sleep(waitMs, signal);
      }
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
    health: () => {
      const silentMs = now() - lastAnswerAt;
      if (silentMs <= HEALTHY_WITHIN_MS) return { ok: true };
      return { ok: false, reason: `no answer to getUpdates for ${Math.round(silentMs / 1000)} s (${lastProblem || "still waiting"})` };
    },
  };
}

/** The inbox did not take a batch: the offset stays, and Telegram sends the batch again. */
class NotStoredError extends Error {
  constructor(cause: unknown) {
    super("the updates could not be stored", { cause });
  }
}

function explain(error: unknown): string {
  if (error instanceof NotStoredError) return "the updates polled could not be stored, so Telegram keeps them until they are";
  if (error instanceof GrammyError) {
    if (error.error_code === 401) return "Telegram refused the bot token, which may have been revoked";
    if (error.error_code === 409) return "Telegram reports another poller with this token, or a webhook set";
    return "Telegram answered getUpdates with an error";
  }
  return "Telegram cannot be reached, so polling waits";
}
