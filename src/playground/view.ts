/**
 * What the page shows, computed from the emulator's state: messages with their formatting as
 * Telegram renders entities, keyboards, photos, the command menu of a chat.
 */
import type { InlineKeyboardButton, MessageEntity } from "grammy/types";
import type { BotApiEmulator, StoredMessage } from "../emulator/index.js";

export interface ButtonView {
  text: string;
  /**
   * callback: pressed through the bot; url: opened (a t.me link to this bot stays in the
   * playground); copy: `copy` goes to the clipboard in the page, the bot hears nothing.
   */
  kind: "callback" | "url" | "switch_inline" | "copy" | "other";
  url?: string;
  query?: string;
  copy?: string;
  /** Bot API 9.4: drawn green, red or blue. */
  style?: "success" | "danger" | "primary";
}

export interface MessageView {
  id: number;
  fromBot: boolean;
  author: string;
  viaBot?: string;
  /** Safe HTML of the text or caption. */
  html: string;
  photo?: string;
  /** A document the bot sent (the /export CSV): its name and where the page downloads it. */
  document?: { name: string; url: string };
  buttons: ButtonView[][];
  edited: boolean;
  /** Unix seconds on the bot's clock. */
  date: number;
}

/** How long a client shows "typing…" after sendChatAction, unless a message comes first. */
const CHAT_ACTION_SHOWN_MS = 5_000;
/** The page shows the latest messages of a chat. */
const MESSAGES_SHOWN = 150;

export function messageViews(emulator: BotApiEmulator, chatId: number): MessageView[] {
  return emulator.messages(chatId).slice(-MESSAGES_SHOWN).map(messageView);
}

export function messageView(message: StoredMessage): MessageView {
  const photo = message.photo === undefined ? undefined : `/api/files/${encodeURIComponent(message.photo.file_id)}`;
  const document =
    message.document === undefined
      ? undefined
      : { name: message.document.filename ?? "file", url: `/api/files/${encodeURIComponent(message.document.file_id)}` };
  const text = message.text ?? message.caption ?? "";
  const entities = message.text === undefined ? message.caption_entities : message.entities;
  return {
    id: message.message_id,
    fromBot: message.from_bot,
    author: message.from.first_name,
    ...(message.via_bot?.username === undefined ? {} : { viaBot: message.via_bot.username }),
    html: renderEntities(text, entities ?? []),
    ...(photo === undefined ? {} : { photo }),
    ...(document === undefined ? {} : { document }),
    buttons: (message.reply_markup?.inline_keyboard ?? []).map((row) => row.map(buttonView)),
    edited: message.edited > 0,
    date: message.date,
  };
}

export function buttonView(button: InlineKeyboardButton): ButtonView {
  const view = buttonKind(button);
  return button.style === undefined ? view : { ...view, style: button.style };
}

function buttonKind(button: InlineKeyboardButton): ButtonView {
  if ("callback_data" in button && button.callback_data !== undefined) return { text: button.text, kind: "callback" };
  if ("url" in button && button.url !== undefined) return { text: button.text, kind: "url", url: button.url };
  if ("copy_text" in button && button.copy_text !== undefined) return { text: button.text, kind: "copy", copy: button.copy_text.text };
  if ("switch_inline_query_current_chat" in button && button.switch_inline_query_current_chat !== undefined) {
    return { text: button.text, kind: "switch_inline", query: button.switch_inline_query_current_chat };
  }
  if ("switch_inline_query" in button && button.switch_inline_query !== undefined)
    return { text: button.text, kind: "switch_inline", query: button.switch_inline_query };
  return { text: button.text, kind: "other" };
}

/** "typing" while the bot's last chat action is fresh and no bot message has come since. */
export function chatAction(emulator: BotApiEmulator, chatId: number, nowMs = Date.now()): string | undefined {
  const last = emulator.chatInfo(chatId)?.lastChatAction;
  if (last === undefined || nowMs - last.at > CHAT_ACTION_SHOWN_MS) return undefined;
  const lastBotMessage = emulator
    .messages(chatId)
    .filter((message) => message.from_bot)
    .at(-1);
  return lastBotMessage !== undefined && lastBotMessage.message_id > last.afterMessageId ? undefined : last.action;
}

/**
 * Telegram's order for the command menu (Bot API, "Determining list of commands"): the most
 * specific scope that has commands wins, each with the user's language (its two letters) first.
 */
export function commandMenu(
  emulator: BotApiEmulator,
  chat: { id: number; type: "private" | "group" | "supergroup" },
  user: { id: number; languageCode: string; isAdmin: boolean },
): { command: string; description: string }[] {
  const scopes: Record<string, unknown>[] =
    chat.type === "private"
      ? [{ type: "chat", chat_id: chat.id }, { type: "all_private_chats" }, { type: "default" }]
      : [
          { type: "chat_member", chat_id: chat.id, user_id: user.id },
          ...(user.isAdmin ? [{ type: "chat_administrators", chat_id: chat.id }] : []),
          { type: "chat", chat_id: chat.id },
          ...(user.isAdmin ? [{ type: "all_chat_administrators" }] : []),
          { type: "all_group_chats" },
          { type: "default" },
        ];
  for (const scope of scopes) {
    // Menus are registered under two-letter codes: an app in "pt-br" gets the "pt" menu.
    for (const language of [user.languageCode.slice(0, 2).toLowerCase(), ""]) {
      const commands = emulator.commands(scope, language);
      if (commands.length > 0) return commands;
    }
  }
  return [];
}

const SIMPLE_TAGS: Partial<Record<MessageEntity["type"], [string, string]>> = {
  bold: ["<b>", "</b>"],
  italic: ["<i>", "</i>"],
  underline: ["<u>", "</u>"],
  strikethrough: ["<s>", "</s>"],
  spoiler: ['<span class="spoiler">', "</span>"],
  code: ["<code>", "</code>"],
  blockquote: ["<blockquote>", "</blockquote>"],
  expandable_blockquote: ['<blockquote class="expandable">', "</blockquote>"],
};

/**
 * Text with entities as HTML, escaped. Offsets are UTF-16 code units, as in JavaScript strings.
 * Entities from the Bot API nest; one that would cross another is cut at the crossing.
 */
export function renderEntities(text: string, entities: readonly MessageEntity[]): string {
  const sorted = [...entities, ...commandsIn(text, entities)].sort((a, b) => a.offset - b.offset || b.length - a.length);
  const opens = new Map<number, MessageEntity[]>();
  for (const entity of sorted) opens.set(entity.offset, [...(opens.get(entity.offset) ?? []), entity]);
  const stack: { entity: MessageEntity; end: number; close: string }[] = [];
  let out = "";
  for (let index = 0; index <= text.length; index++) {
    while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= index) out += (stack.pop() as { close: string }).close;
    for (const entity of opens.get(index) ?? []) {
      const parentEnd = stack.at(-1)?.end ?? text.length;
      const [open, close] = tagsOf(entity, text.slice(entity.offset, entity.offset + entity.length));
      out += open;
      stack.push({ entity, end: Math.min(entity.offset + entity.length, parentEnd), close });
    }
    if (index < text.length) out += escapeHtml(text[index] as string);
  }
  while (stack.length > 0) out += (stack.pop() as { close: string }).close;
  return out;
}

/** Entity types inside which Telegram finds no /command. */
const NO_COMMANDS_INSIDE = new Set<MessageEntity["type"]>(["code", "pre", "url", "text_link", "bot_command", "email", "mention"]);

/**
 * Telegram's apps make a /command in a message tappable even without an entity (the emulator
 * adds no automatic entities): one that crosses no entity and lies in no code or link.
 */
function commandsIn(text: string, entities: readonly MessageEntity[]): MessageEntity[] {
  const found: MessageEntity[] = [];
  for (const match of text.matchAll(/(?<=^|[\s(])\/[A-Za-z0-9_]{1,32}(?=$|[\s.,!?:;)])/g)) {
    const start = match.index;
    const end = start + match[0].length;
    const clashes = entities.some((entity) => {
      const entityEnd = entity.offset + entity.length;
      const overlaps = entity.offset < end && start < entityEnd;
      const inside = entity.offset <= start && end <= entityEnd;
      return overlaps && (!inside || NO_COMMANDS_INSIDE.has(entity.type));
    });
    if (!clashes) found.push({ type: "bot_command", offset: start, length: end - start });
  }
  return found;
}

function tagsOf(entity: MessageEntity, covered: string): [string, string] {
  const simple = SIMPLE_TAGS[entity.type];
  if (simple !== undefined) return simple;
  switch (entity.type) {
    case "pre":
      return ["<pre><code>", "</code></pre>"];
    case "text_link":
      return linkTags(entity.url);
    case "url":
      return linkTags(/^[a-z][a-z0-9+.-]*:/i.test(covered) ? covered : `https://${covered}`);
    case "bot_command":
      return [`<span class="command" data-command="${escapeHtml(covered)}">`, "</span>"];
    default:
      return ["", ""];
  }
}

function linkTags(url: string): [string, string] {
  // Only web and Telegram links: nothing a page could run.
  if (!/^(https?:|tg:)/i.test(url)) return ["", ""];
  return [`<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">`, "</a>"];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
