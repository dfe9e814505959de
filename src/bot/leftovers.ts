import { type BotError, GrammyError, HttpError } from "grammy";
import type { Logger } from "pino";
import type { Metrics } from "../ops/metrics.js";
import { flowButton } from "./callback-data.js";
import { DirectComposer } from "./composer.js";
import type { BotContext } from "./context.js";

/** What no feature took. (Filters on a DirectComposer: the bot's own would build per update.) */
export function leftoversFeature(logger: Logger): DirectComposer<BotContext> {
  const leftovers = new DirectComposer<BotContext>();
  // A button whose flow or message is gone: say so instead of acting.
  leftovers.on("callback_query", async (ctx) => {
    const stale = ctx.callbackQuery.data !== undefined && flowButton.pattern.test(ctx.callbackQuery.data);
    await ctx.answerCallbackQuery({ text: ctx.t("button-expired") });
    if (!stale) logger.debug({ data: ctx.callbackQuery.data }, "unknown callback data");
  });
  leftovers.chatType("private").on("message", async (ctx) => {
    await ctx.reply(ctx.message.text?.startsWith("/") ? ctx.t("unknown-command") : ctx.t("fallback-text"), { parse_mode: "HTML" });
  });
  return leftovers;
}

/** What a handler threw: logged (by what failed: Telegram, the network, the rest) and counted. */
export function handlerErrors(logger: Logger, metrics: Pick<Metrics, "handlerError">): (error: BotError<BotContext>) => void {
  return (error) => {
    const cause = error.error;
    // (ctx.log is missing only if the very first middleware failed.)
    const log = error.ctx.log ?? logger.child({ updateId: error.ctx.update.update_id });
    if (cause instanceof GrammyError) {
      metrics.handlerError("telegram");
      log.error({ method: cause.method, description: cause.description }, "Bot API error");
    } else if (cause instanceof HttpError) {
      metrics.handlerError("network");
      log.error({ err: cause.error }, "could not reach Telegram");
    } else {
      metrics.handlerError("other");
      log.error({ err: cause }, "unhandled error in a handler");
    }
  };
}
