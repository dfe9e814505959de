import { Bot, type Context } from "grammy";
import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { chatIdOf, chatIdOfKey, chatKeyOf, chatKeyOfChat } from "../../../src/chat/index.js";
import { botUserFor } from "../../../src/emulator/index.js";

const me = botUserFor("1:token");

const person = { id: 42, is_bot: false, first_name: "Ana" };
const privateChat = { id: 42, type: "private" as const, first_name: "Ana" };
const group = { id: -100777, type: "supergroup" as const, title: "Traders" };
const message = (chat: typeof privateChat | typeof group) => ({ message_id: 5, date: 1, chat, from: person, text: "hi" });

/** One update of each kind the bot is sent (src/telegram/feed.ts's ALLOWED_UPDATES) and some it is not. */
const updates: Update[] = [
  { update_id: 1, message: message(privateChat) },
  { update_id: 2, edited_message: { ...message(group), edit_date: 2 } },
  { update_id: 3, callback_query: { id: "q", from: person, chat_instance: "i", data: "x", message: message(privateChat) } },
  { update_id: 4, callback_query: { id: "q", from: person, chat_instance: "i", data: "x", inline_message_id: "inline" } },
  { update_id: 5, inline_query: { id: "q", from: person, query: "btc", offset: "" } },
  {
    update_id: 6,
    my_chat_member: {
      chat: group,
      from: person,
      date: 1,
      old_chat_member: { status: "left", user: me },
      new_chat_member: { status: "member", user: me },
    },
  },
  { update_id: 7, chat_join_request: { chat: group, from: person, user_chat_id: 42, date: 1 } },
  { update_id: 8, message_reaction: { chat: group, message_id: 5, date: 1, old_reaction: [], new_reaction: [] } },
  { update_id: 9, channel_post: { message_id: 1, date: 1, chat: { id: -100555, type: "channel", title: "News" }, text: "x" } },
] as Update[];

describe("naming a chat (src/chat/key.ts)", () => {
  it("names the chat grammY's ctx.chatId names, for every kind of update", async () => {
    const bot = new Bot("1:token", { botInfo: me });
    const seen = new Map<number, number | undefined>();
    bot.use((ctx: Context) => void seen.set(ctx.update.update_id, ctx.chatId));
    for (const update of updates) await bot.handleUpdate(update);
    for (const update of updates) expect(chatIdOf(update), `update ${update.update_id}`).toBe(seen.get(update.update_id));
    // Not vacuous: chats and no chats are both among them.
    expect([...seen.values()].filter((id) => id === undefined)).toHaveLength(2);
  });

  it("keys each chat's updates together, and an update of no chat on its own", () => {
    expect(chatKeyOf(updates[0]!)).toBe(chatKeyOf(updates[2]!));
    expect(chatKeyOf(updates[0]!)).toBe(chatKeyOfChat(42));
    expect(chatKeyOf(updates[1]!)).toBe(chatKeyOf(updates[5]!));
    expect(chatKeyOf(updates[3]!)).toBe("u:4");
    expect(chatKeyOf(updates[4]!)).not.toBe(chatKeyOf(updates[3]!));
    expect(chatIdOfKey(chatKeyOfChat(-100777))).toBe(-100777);
    expect(chatIdOfKey("u:4")).toBeUndefined();
  });
});
