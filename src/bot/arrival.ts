import type { MiddlewareFn } from "grammy";
import type { Repositories, UserRecord } from "../db/index.js";
import type { Outbox } from "../telegram/outbox.js";
import type { BotContext } from "./context.js";
import { offersKey } from "./conversations/offers-ticket.js";
import { addressLabelKey } from "./features/addresses.js";
import { groupSettings } from "./features/quotes.js";
import { flowCreatedKey } from "./flow-created.js";
import { FLOW_PREFIX } from "./flow-sweeper.js";
import { DEFAULT_LOCALE, localeOfUser, supportedLocale } from "./i18n.js";

/**
 * Who writes: a person arriving in a private chat is stored (or found) with what the update reads
 * of their chat at once, in one round trip. The person writing in each private chat whose update
 * is being handled (updates of one chat run one at a time) is kept as stored when their update
 * came in: every language lookup of that update (and there is one per replayed step inside the
 * flow) is answered without asking the database.
 */
export function arrivals(deps: { repos: Repositories; outbox: Pick<Outbox, "wrote"> }): {
  /** Stores who arrived (and who blocked the bot) and tells the outbox they wrote; early, before the flows read the chat. */
  middleware: MiddlewareFn<BotContext>;
  /** The person as their update read them, else as stored. */
  userOf(userId: number): Promise<UserRecord | undefined>;
  /** The language a chat is spoken to in: the person's, or (groups) the one their admins chose. */
  localeOf(chatId: number | string | undefined): Promise<string>;
  /** Stores the language a person chose; the rest of their update speaks it too (the sandbox notice of the answer, say). */
  setLanguage(userId: number, locale: string): Promise<void>;
} {
  const { repos, outbox } = deps;
  const writers = new Map<number, UserRecord>();
  const userOf = async (userId: number) => writers.get(userId) ?? (await repos.users.find(userId));
  return {
    middleware: async (ctx, next) => {
      const member = ctx.myChatMember;
      if (member && ctx.chat?.type === "private") {
        // Blocking the bot arrives as an update too: it must not count as "wrote again".
        await repos.users.setBlocked(member.from.id, member.new_chat_member.status === "kicked");
        if (member.new_chat_member.status !== "kicked") outbox.wrote(ctx.chat.id);
        return next();
      }
      if (ctx.from && !ctx.from.is_bot && ctx.chat?.type === "private") {
        const chatId = ctx.chat.id;
        outbox.wrote(chatId);
        // The person, and what this update reads of their chat at once (the flow, the questions
        // the bot may have left open), in one round trip: the rest of the update reads them from there.
        const { user, entries } = await repos.users.arrive(
          { id: ctx.from.id, username: ctx.from.username, firstName: ctx.from.first_name, languageCode: ctx.from.language_code },
          [`${FLOW_PREFIX}:${chatId}`, addressLabelKey(ctx.from.id), offersKey(chatId), flowCreatedKey(chatId)],
        );
        writers.set(chatId, user);
        const forget = repos.kv.remember(entries);
        try {
          return await next();
        } finally {
          forget();
          writers.delete(chatId);
        }
      }
      await next();
    },
    userOf,
    localeOf: async (chatId) => {
      if (typeof chatId !== "number") return DEFAULT_LOCALE;
      // Groups have negative ids and the language their admins chose.
      if (chatId < 0) return supportedLocale((await groupSettings(repos, chatId)).language) ?? DEFAULT_LOCALE;
      return localeOfUser(await userOf(chatId));
    },
    setLanguage: async (userId, locale) => {
      await repos.users.setLanguage(userId, locale);
      const writer = writers.get(userId);
      if (writer) writers.set(userId, { ...writer, language: locale });
    },
  };
}
