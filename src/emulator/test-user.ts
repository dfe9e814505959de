/** The people and groups a test plays: they push updates and read what the bot showed them. */
import type { InlineKeyboardButton, MessageEntity, User } from "grammy/types";
import { flattenButtons } from "./keyboard.js";
import type { ChatRecord, EmulatorState } from "./state.js";
import type { CallbackAnswer, InlineAnswer, StoredMessage } from "./types.js";

/** What users and chats need from the emulator around them. */
export interface UserEnvironment {
  state: EmulatorState;
  defaultTimeoutMs: number;
  setBlocked(userId: number, blocked: boolean): void;
  /** A readable dump of a chat and of recent failed calls, for timeout messages. */
  describeChat(chatId: number): string;
  /** The message an inline result sends (validated like sendMessage). */
  inlineResultMessage(result: Record<string, unknown>): Pick<StoredMessage, "text" | "html" | "entities" | "reply_markup">;
}

export class TestChat {
  constructor(
    private readonly env: UserEnvironment,
    /** @internal */ readonly record: ChatRecord,
  ) {}

  get id(): number {
    return this.record.id;
  }

  get title(): string {
    return this.record.title ?? "";
  }

  get type(): ChatRecord["type"] {
    return this.record.type;
  }

  /** Current messages (edits applied, deletions removed), both directions, in order. */
  messages(): StoredMessage[] {
    return this.record.messages.filter((message) => !message.deleted);
  }

  /** The last message the bot sent here that is still visible. */
  lastMessage(): StoredMessage | undefined {
    return this.messages()
      .filter((message) => message.from_bot)
      .at(-1);
  }

  /** The last chat action (typing, upload_photo, ...) the bot sent here. */
  get lastChatAction(): string | undefined {
    return this.record.lastChatAction;
  }

  addMember(user: TestUser): void {
    this.record.members.add(user.id);
    this.env.state.ensureUser(user.info).seen = true;
  }
}

export class TestUser {
  readonly info: User;
  /** Per chat: the id of the last bot message nextMessage() returned. */
  private readonly cursors = new Map<number, number>();

  constructor(
    private readonly env: UserEnvironment,
    info: User,
  ) {
    this.info = info;
  }

  get id(): number {
    return this.info.id;
  }

  /** The private chat's id equals the user's id. */
  get chatId(): number {
    return this.info.id;
  }

  private get state(): EmulatorState {
    return this.env.state;
  }

  /**
   * Sends a text message (to the private chat, or into `chat`) and returns its message_id.
   * A leading command gets a bot_command entity, like real clients add. Writing to a bot you
   * blocked unblocks it first, as the Telegram apps' "Restart" button does.
   */
  async send(text: string, options: { chat?: TestChat; replyTo?: StoredMessage | number } = {}): Promise<number> {
    const record = this.state.ensureUser(this.info);
    record.seen = true;
    let chat: ChatRecord;
    if (options.chat === undefined) {
      if (record.blocked) this.env.setBlocked(this.id, false);
      record.privateChatOpen = true;
      chat = this.state.privateChat(this.info);
    } else {
      chat = options.chat.record;
      chat.members.add(this.id);
    }
    const replyTo = typeof options.replyTo === "number" ? options.replyTo : options.replyTo?.message_id;
    const entities = commandEntities(text);
    const message = this.state.addMessage(chat, {
      from_bot: false,
      from: this.info,
      text,
      html: text,
      ...(entities.length > 0 ? { entities } : {}),
      ...(replyTo === undefined ? {} : { reply_to_message_id: replyTo }),
    });
    if (this.botReceives(chat, message)) this.state.pushUpdate({ message: this.state.toTelegramMessage(message) });
    else this.state.changed();
    return message.message_id;
  }

  /**
   * Group privacy mode: unless the bot reads all group messages or is an admin, it only gets
   * commands (its own or without @), replies to its messages and mentions of it.
   */
  private botReceives(chat: ChatRecord, message: StoredMessage): boolean {
    if (chat.type === "private") return true;
    if (chat.botLeft) return false;
    const bot = this.state.bot;
    if (bot.can_read_all_group_messages || chat.botIsAdmin) return true;
    const text = message.text ?? "";
    const command = /^\/[A-Za-z0-9_]+(?:@([A-Za-z0-9_]+))?/.exec(text);
    if (command !== null) return command[1] === undefined || command[1].toLowerCase() === bot.username.toLowerCase();
    const repliedTo = message.reply_to_message_id === undefined ? undefined : chat.byId.get(message.reply_to_message_id);
    if (repliedTo?.from_bot === true) return true;
    return text.toLowerCase().includes(`@${bot.username.toLowerCase()}`);
  }

  /**
   * Presses an inline button of `message` (found by exact text, else by unique partial text or
   * RegExp) and returns the callback query id. Throws, listing the buttons, if none matches.
   */
  async click(message: StoredMessage, buttonText: string | RegExp): Promise<string> {
    const { current, button } = this.findButton(message, buttonText, "click");
    return this.pressCallback(current, button);
  }

  /**
   * Presses a copy button (`copy_text`) of `message`, found like click() finds one, and returns
   * what the app puts on the clipboard. Nothing reaches the bot, as in Telegram.
   */
  copy(message: StoredMessage, buttonText: string | RegExp): string {
    const { current, button } = this.findButton(message, buttonText, "copy");
    if (!("copy_text" in button) || button.copy_text === undefined) {
      throw new Error(`copy: button "${button.text}" on message #${current.message_id} is not a copy button: ${JSON.stringify(button)}`);
    }
    return button.copy_text.text;
  }

  private findButton(
    message: StoredMessage,
    buttonText: string | RegExp,
    what: string,
  ): { current: StoredMessage; button: InlineKeyboardButton } {
    const current = this.currentMessage(message, what);
    const buttons = flattenButtons(current.reply_markup);
    if (buttons.length === 0) throw new Error(`${what}: message #${current.message_id} ("${preview(current)}") has no inline keyboard`);

    const matches = (button: InlineKeyboardButton): boolean =>
      typeof buttonText === "string"
        ? button.text.includes(buttonText)
        : new RegExp(buttonText.source, buttonText.flags.replace("g", "")).test(button.text);
    const candidates = buttons.filter(matches);
    const button = candidates.find((candidate) => candidate.text === buttonText) ?? (candidates.length === 1 ? candidates[0] : undefined);
    if (button === undefined) {
      const why = candidates.length === 0 ? "no button matches" : `${candidates.length} buttons match`;
      throw new Error(
        `${what}: ${why} ${String(buttonText)} on message #${current.message_id} ` +
          `("${preview(current)}"). Buttons:\n${describeKeyboard(current)}`,
      );
    }
    return { current, button };
  }

  /** Presses the button at `row`, `column` (from 0) of the message's inline keyboard; returns the callback query id. */
  async pressButton(message: StoredMessage, row: number, column: number): Promise<string> {
    const current = this.currentMessage(message, "pressButton");
    const button = current.reply_markup?.inline_keyboard[row]?.[column];
    if (button === undefined) throw new Error(`pressButton: message #${current.message_id} has no button at ${row}, ${column}`);
    return this.pressCallback(current, button);
  }

  private currentMessage(message: Pick<StoredMessage, "chat_id" | "message_id">, what: string): StoredMessage {
    const current = this.state.chats.get(message.chat_id)?.byId.get(message.message_id);
    if (current === undefined) throw new Error(`${what}: unknown message #${message.message_id} in chat ${message.chat_id}`);
    if (current.deleted) throw new Error(`${what}: message #${current.message_id} ("${preview(current)}") was deleted by the bot`);
    return current;
  }

  private pressCallback(current: StoredMessage, button: InlineKeyboardButton): string {
    if (!("callback_data" in button) || button.callback_data === undefined) {
      throw new Error(`click: button "${button.text}" is not a callback button: ${JSON.stringify(button)}`);
    }
    const chatId = current.chat_id;
    const id = this.state.newQueryId();
    this.state.ensureUser(this.info).seen = true;
    this.state.callbackQueries.set(id, { id, userId: this.id, chatId, messageId: current.message_id, data: button.callback_data });
    this.state.pushUpdate({
      callback_query: {
        id,
        from: this.info,
        message: this.state.toTelegramMessage(current),
        chat_instance: chatInstance(chatId),
        data: button.callback_data,
      },
    });
    return id;
  }

  /**
   * Picks result `resultId` of an answered inline query: its message appears in `chat` (the
   * private chat by default) as sent by this user "via @bot". Returns the message.
   */
  chooseInlineResult(queryId: string, resultId: string, options: { chat?: TestChat } = {}): StoredMessage {
    const answer = this.state.inlineQueries.get(queryId)?.answer;
    if (answer === undefined) throw new Error(`chooseInlineResult: inline query ${queryId} has no answer`);
    const result = (answer.results as Record<string, unknown>[]).find((candidate) => candidate.id === resultId);
    if (result === undefined) throw new Error(`chooseInlineResult: the answer to ${queryId} has no result ${resultId}`);
    const content = this.env.inlineResultMessage(result);
    const chat = options.chat?.record ?? this.state.privateChat(this.info);
    if (chat.type !== "private") chat.members.add(this.id);
    const message = this.state.addMessage(chat, { from_bot: false, from: this.info, via_bot: this.state.bot, ...content });
    if (this.botReceives(chat, message)) this.state.pushUpdate({ message: this.state.toTelegramMessage(message) });
    else this.state.changed();
    return message;
  }

  /** Types `@bot query` in a chat of the given type; returns the inline query id. */
  async inlineQuery(query: string, chatType?: "sender" | "private" | "group" | "supergroup" | "channel"): Promise<string> {
    const id = this.state.newQueryId();
    this.state.ensureUser(this.info).seen = true;
    this.state.inlineQueries.set(id, { id, userId: this.id, query });
    this.state.pushUpdate({
      inline_query: { id, from: this.info, query, offset: "", ...(chatType === undefined ? {} : { chat_type: chatType }) },
    });
    return id;
  }

  /**
   * Waits for the next bot message in the private chat (or `chat`) that this user has not been
   * given yet. Messages deleted in the meantime are still returned (with `deleted: true`): the
   * user saw them, and skipping them would make tests depend on timing.
   */
  nextMessage(options: { timeoutMs?: number; chat?: TestChat } = {}): Promise<StoredMessage> {
    const chatId = options.chat?.id ?? this.chatId;
    const timeoutMs = options.timeoutMs ?? this.env.defaultTimeoutMs;
    return this.state.waitUntil(
      () => {
        const messages = this.state.chats.get(chatId)?.messages ?? [];
        // Message ids are 1, 2, 3... in array order, so the scan starts right after the cursor.
        for (let index = this.cursors.get(chatId) ?? 0; index < messages.length; index++) {
          const message = messages[index] as StoredMessage;
          if (message.from_bot) {
            this.cursors.set(chatId, message.message_id);
            return message;
          }
        }
        return undefined;
      },
      timeoutMs,
      () => `${label(this.info)} got no new bot message in chat ${chatId} within ${timeoutMs} ms.\n${this.env.describeChat(chatId)}`,
    );
  }

  /** Counts every message so far as given: the next nextMessage() waits for a new one. */
  catchUp(chat?: TestChat): void {
    const chatId = chat?.id ?? this.chatId;
    const messages = this.state.chats.get(chatId)?.messages ?? [];
    this.cursors.set(chatId, messages.at(-1)?.message_id ?? 0);
  }

  /** The last visible message the bot sent to this user (or into `chat`). */
  lastMessage(chat?: TestChat): StoredMessage | undefined {
    return this.messages(chat)
      .filter((message) => message.from_bot)
      .at(-1);
  }

  /** Current messages of the private chat (or `chat`), both directions. */
  messages(chat?: TestChat): StoredMessage[] {
    return this.state.chats.get(chat?.id ?? this.chatId)?.messages.filter((message) => !message.deleted) ?? [];
  }

  callbackAnswer(queryId: string, timeoutMs = this.env.defaultTimeoutMs): Promise<CallbackAnswer> {
    return this.state.waitUntil(
      () => this.state.callbackQueries.get(queryId)?.answer,
      timeoutMs,
      () =>
        `callback query ${queryId} of ${label(this.info)} was not answered within ${timeoutMs} ms.\n${this.env.describeChat(this.chatId)}`,
    );
  }

  inlineAnswer(queryId: string, timeoutMs = this.env.defaultTimeoutMs): Promise<InlineAnswer> {
    return this.state.waitUntil(
      () => this.state.inlineQueries.get(queryId)?.answer,
      timeoutMs,
      () =>
        `inline query ${queryId} of ${label(this.info)} was not answered within ${timeoutMs} ms.\n${this.env.describeChat(this.chatId)}`,
    );
  }

  block(): void {
    this.env.setBlocked(this.id, true);
  }

  unblock(): void {
    this.env.setBlocked(this.id, false);
  }
}

/** Real clients mark a leading /command (optionally /command@bot) as a bot_command. */
function commandEntities(text: string): MessageEntity[] {
  const match = /^\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![A-Za-z0-9_@])/.exec(text);
  return match === null ? [] : [{ type: "bot_command", offset: 0, length: match[0].length }];
}

function chatInstance(chatId: number): string {
  // Stable per chat, numeric-looking like the real thing.
  return String(BigInt(Math.abs(chatId)) * 7919n + 1_000_000_007n);
}

function label(user: User): string {
  return `user ${user.id}${user.username === undefined ? "" : ` (@${user.username})`}`;
}

export function preview(message: StoredMessage): string {
  const text =
    message.text ??
    (message.photo !== undefined
      ? `[photo] ${message.caption ?? ""}`
      : message.document !== undefined
        ? `[document ${message.document.filename ?? ""}] ${message.caption ?? ""}`
        : "");
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function describeKeyboard(message: StoredMessage): string {
  return (message.reply_markup?.inline_keyboard ?? []).map((row) => `  ${row.map((button) => `[${button.text}]`).join(" ")}`).join("\n");
}
