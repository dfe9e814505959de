import type { Context } from "grammy";

export type BotContext = Context;
