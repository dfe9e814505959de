import { type Api, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";

/**
 * The one place that names the chat an update belongs to. A chat's updates are handled one at
 * a time, in order, across every process (under the chat's lease, src/chat/lease.ts, by the
 * inbox's worker); its conversation is stored under the same chat; its messages keep Telegram's
 * gap of a second (the outbox and the chat's turn, src/chat/turns.ts). All of them name the chat
 * through here, so that they can never disagree.
 *
 * The chat is the one grammY's `ctx.chatId` reads (a callback's message, a member update, a
 * reaction, a business connection's private chat…): read through grammY's own getters rather
 * than a second list of update kinds that could drift from them.
 */
export function chatIdOf(update: Update): number | undefined {
  // Context's getters only read the update: no API call, no bot information.
  return new Context(update, undefined as unknown as Api, undefined as unknown as UserFromGetMe).chatId;
}

/**
 * The key a chat's updates are kept in order under. An update of no chat (an inline query, a
 * tap on a message sent inline) is a key of its own, handled beside anything else.
 */
export function chatKeyOf(update: Update): string {
  const chatId = chatIdOf(update);
  return chatId === undefined ? `u:${update.update_id}` : chatKeyOfChat(chatId);
}

/** A chat's key. */
export function chatKeyOfChat(chatId: number): string {
  return `c:${chatId}`;
}

/** The chat a key names; undefined for an update of no chat. */
export function chatIdOfKey(chatKey: string): number | undefined {
  return chatKey.startsWith("c:") ? Number(chatKey.slice(2)) : undefined;
}
