import type { MiddlewareFn } from "grammy";
import type { Logger } from "pino";
import type { Metrics } from "../ops/metrics.js";
import type { BotContext } from "./context.js";

/**
 * The updates being handled, counted first thing: the runner's stop() may resolve while
 * handlers still run. Each update gets its log (ctx.log) and is counted by type.
 */
export function handlingCount(deps: { logger: Logger; metrics: Pick<Metrics, "update"> }): {
  middleware: MiddlewareFn<BotContext>;
  /** How many updates are being handled now. */
  handling(): number;
  /** Resolves once no update is being handled. */
  idle(): Promise<void>;
} {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  return {
    middleware: async (ctx, next) => {
      inFlight++;
      ctx.log = deps.logger.child({ updateId: ctx.update.update_id });
      deps.metrics.update(Object.keys(ctx.update).find((key) => key !== "update_id") ?? "unknown");
      try {
        await next();
      } finally {
        inFlight--;
        if (inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
      }
    },
    handling: () => inFlight,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}
