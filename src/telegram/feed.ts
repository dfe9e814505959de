import { createConcurrentSink, createRunner, createSource, type RunnerHandle, type UpdateSupplier } from "@grammyjs/runner";
import type { Bot, Context } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import type { HealthResult } from "../ops/server.js";

/** Where updates come from (long polling or a webhook), as the rest of the process sees it. */
export interface UpdateFeed {
  /** Takes no new updates; resolves when none is waiting to be handed to the bot. */
  stop(): Promise<void>;
  health(): HealthResult;
}

/** Update types the bot handles; Telegram sends no others. */
export const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "my_chat_member"] as const;

/**
 * The runner's pipeline for any supplier: the same concurrent sink (and so the same per-chat
 * order, from the bot's sequentialize) whether updates are polled or pushed.
 */
export function runUpdates<C extends Context>(bot: Bot<C>, supply: (batchSize: number, signal: AbortSignal) => Promise<Update[]>, logger: Logger): RunnerHandle {
  // (The runner types its signal after the abort-controller package; it is the same object.)
  const supplier = { supply } as unknown as UpdateSupplier<Update>;
  const sink = createConcurrentSink<Update>({ consume: (update) => bot.handleUpdate(update) }, async (error) => {
    try {
      await bot.errorHandler(error as Parameters<typeof bot.errorHandler>[0]);
    } catch (failure) {
      logger.error({ err: failure }, "the error handler failed");
    }
  });
  const runner = createRunner(createSource(supplier), sink);
  runner.start();
  // A supplier only throws when stopped; anything else is a bug worth a loud line, not a crash.
  void runner.task()?.catch((error: unknown) => logger.error({ err: error }, "the update runner stopped"));
  return runner;
}
