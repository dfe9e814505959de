import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { Logger } from "pino";

/** What every handler sees: translations. Also the context inside conversations. */
export type BaseContext = Context & I18nFlavor;

/** The outside middleware's context: can enter and leave conversations. */
export type BotContext = ConversationFlavor<BaseContext & LogFlavor>;

/** A logger for this update: every line carries its update id. */
export interface LogFlavor {
  log: Logger;
}
