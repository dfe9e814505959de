import { GrammyError, type Bot, type Context } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import { Backoff, reasonOf, sleep, type RetryTiming } from "./backoff.js";
import { ALLOWED_UPDATES, runUpdates, type UpdateFeed } from "./feed.js";

/** getUpdates waits this long for news; a poll that has not come back well after it is stuck. */
const POLL_TIMEOUT_S = 30;
const HEALTHY_WITHIN_MS = (POLL_TIMEOUT_S * 2 + 30) * 1000;

/**
 * Long polling through @grammyjs/runner, with our own fetch loop: every failure is one log
 * line with the wait before the next try (the runner's own loop retries silently, and stops
 * the bot for good on a 409).
 */
export function startPolling<C extends Context>(bot: Bot<C>, options: { logger: Logger; now?: () => number; retry?: RetryTiming }): UpdateFeed {
  const { logger } = options;
  const now = options.now ?? Date.now;
  const backoff = new Backoff(options.retry?.firstMs, options.retry?.maxMs);
  let offset = 0;
  let lastAnswerAt = now();
  let lastProblem = "";

  const supply = async (batchSize: number, signal: AbortSignal): Promise<Update[]> => {
    for (;;) {
      try {
        // (grammY types its signal after the abort-controller package; it is the same object.)
        const updates = await bot.api.getUpdates(
          { offset, limit: Math.max(1, Math.min(batchSize, 100)), timeout: POLL_TIMEOUT_S, allowed_updates: [...ALLOWED_UPDATES] },
          signal as Parameters<typeof bot.api.getUpdates>[1],
        );
        lastAnswerAt = now();
        if (backoff.failures > 0) logger.info({ failures: backoff.failures }, "Telegram answers again; polling resumed");
        backoff.reset();
        const last = updates.at(-1);
        if (last) offset = last.update_id + 1;
        return updates;
      } catch (error) {
        if (signal.aborted) throw error;
        lastProblem = reasonOf(error);
        let waitMs = backoff.next();
        if (error instanceof GrammyError && error.error_code === 429) waitMs = Math.max(waitMs, (error.parameters.retry_after ?? 1) * 1000);
        logger.warn({ reason: lastProblem, retryInSeconds: waitMs / 1000 }, `${explain(error)}; polling again in ${waitMs / 1000} s`);
        await sleep(waitMs, signal);
        if (signal.aborted) throw error;
      }
    }
  };
  const runner = runUpdates(bot, supply, logger);
  return {
    async stop() {
      if (runner.isRunning()) await runner.stop();
    },
    health: () => {
      const silentMs = now() - lastAnswerAt;
      if (silentMs <= HEALTHY_WITHIN_MS) return { ok: true };
      return { ok: false, reason: `no answer to getUpdates for ${Math.round(silentMs / 1000)} s (${lastProblem || "still waiting"})` };
    },
  };
}

function explain(error: unknown): string {
  if (error instanceof GrammyError) {
    if (error.error_code === 401) return "Telegram refused the bot token (was it revoked?)";
    if (error.error_code === 409) return "Telegram reports a conflict: another process polls with this token, or a webhook is set";
    return `Telegram answered getUpdates with ${error.error_code} ${error.description}`;
  }
  return `Telegram cannot be reached (${reasonOf(error)})`;
}
