import type { Update } from "grammy/types";

/**
 * Which updates are handled one at a time, in order: those of one chat (a conversation's state
 * is that chat's, and a stale copy must never overwrite it). An update of no chat (an inline
 * query, a tap on a message sent inline) is a key of its own, handled beside anything else.
 */
export function chatKeyOf(update: Update): string {
  const chat =
    update.message?.chat ??
    update.edited_message?.chat ??
    update.callback_query?.message?.chat ??
    update.my_chat_member?.chat ??
    update.chat_member?.chat ??
    update.channel_post?.chat ??
    update.edited_channel_post?.chat;
  return chat ? chatKeyOfChat(chat.id) : `u:${update.update_id}`;
}

/** A chat's key. */
export function chatKeyOfChat(chatId: number): string {
  return `c:${chatId}`;
}

/** The chat a key names; undefined for an update of no chat. */
export function chatIdOfKey(chatKey: string): number | undefined {
  return chatKey.startsWith("c:") ? Number(chatKey.slice(2)) : undefined;
}
