import type { BotError} from "grammy";
import { Bot, GrammyError, HttpError } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Logger } from "pino";
import type { Clock } from "../clock.js";
import type { Repositories } from "../db/index.js";
import type { RateBudget } from "../exchange/budget.js";
import type { CatalogueService } from "../exchange/catalogue.js";
import type { ExchangeClient } from "../exchange/client.js";
import type { EstimateService } from "../exchange/estimates.js";
import type { BotContext } from "./context.js";
import { sandboxNotice } from "./sandbox-notice.js";

export interface BotDeps {
  clock: Clock;
  logger: Logger;
  repos: Repositories;
  exchange: {
    client: ExchangeClient;
    budget: RateBudget;
    catalogue: CatalogueService;
    estimates: EstimateService;
  };
  /** True when the bot runs on the embedded sandbox exchange: no real funds. */
  sandbox: boolean;
  supportUserIds: readonly number[];
}

export interface BotOptions {
  token: string;
  apiRoot: string;
  /** Known bot info skips getMe at start-up (tests). */
  botInfo?: UserFromGetMe;
}

/** Builds the bot: every piece of middleware is wired here, in order. */
export function createBot(options: BotOptions, deps: BotDeps): Bot<BotContext> {
  const bot = new Bot<BotContext>(options.token, {
    client: { apiRoot: options.apiRoot },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  if (deps.sandbox) bot.api.config.use(sandboxNotice(() => "🧪 <i>Sandbox exchange: no real funds move.</i>"));

  bot.use(async (ctx, next) => {
    if (ctx.from && !ctx.from.is_bot && ctx.chat?.type === "private") {
      deps.repos.users.touch({ id: ctx.from.id, username: ctx.from.username, firstName: ctx.from.first_name });
    }
    await next();
  });

  const privateChat = bot.chatType("private");
  privateChat.command("start", (ctx) =>
    ctx.reply("👋 <b>Welcome!</b> I swap cryptocurrencies through an exchange aggregator: compare offers from several providers and swap in a few taps.", {
      parse_mode: "HTML",
    }),
  );

  bot.catch((error: BotError<BotContext>) => {
    const cause = error.error;
    const updateId = error.ctx.update.update_id;
    if (cause instanceof GrammyError) deps.logger.error({ updateId, method: cause.method, description: cause.description }, "Bot API error");
    else if (cause instanceof HttpError) deps.logger.error({ updateId, err: cause.error }, "could not reach Telegram");
    else deps.logger.error({ updateId, err: cause }, "unhandled error in a handler");
  });
  return bot;
}
