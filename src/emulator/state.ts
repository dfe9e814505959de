/** Everything the emulated Telegram knows: users, chats, messages, the update queue, queries. */
import type { BotCommand, Chat, Message, Update, User, UserFromGetMe } from "grammy/types";
import type { CallbackAnswer, InlineAnswer, StoredFile, StoredMessage, WebhookConfig } from "./types.js";

export interface UserRecord {
  user: User;
  /** The user pressed Start (wrote in the private chat): the bot may write to them. */
  privateChatOpen: boolean;
  /** The bot has seen the user somewhere (group, inline query): they exist, but may not be writable. */
  seen: boolean;
  blocked: boolean;
}

export interface ChatRecord {
  id: number;
  type: "private" | "group" | "supergroup";
  title?: string;
  /** The other side of a private chat. */
  user?: User;
  admins: number[];
  botIsAdmin: boolean;
  members: Set<number>;
  messages: StoredMessage[];
  byId: Map<number, StoredMessage>;
  nextMessageId: number;
  botLeft: boolean;
  lastChatAction?: string;
  /** Real time (ms) of the last sendChatAction. */
  lastChatActionAt?: number;
  /** The chat's last message id when the action was sent (a later message ends it). */
  lastChatActionAfter?: number;
  menuButton?: unknown;
}

export interface CallbackQueryRecord {
  id: string;
  userId: number;
  chatId: number;
  messageId: number;
  data: string;
  answer?: CallbackAnswer;
}

export interface InlineQueryRecord {
  id: string;
  userId: number;
  query: string;
  answer?: InlineAnswer;
}

/** Update types Telegram sends when allowed_updates is empty or was never set. */
const DEFAULT_EXCLUDED_UPDATES = new Set(["chat_member", "message_reaction", "message_reaction_count"]);

export class EmulatorClosedError extends Error {
  constructor() {
    super("the Bot API emulator was closed");
    this.name = "EmulatorClosedError";
  }
}

export class EmulatorState {
  readonly users = new Map<number, UserRecord>();
  readonly chats = new Map<number, ChatRecord>();
  readonly callbackQueries = new Map<string, CallbackQueryRecord>();
  readonly inlineQueries = new Map<string, InlineQueryRecord>();
  readonly files = new Map<string, StoredFile>();
  readonly commands = new Map<string, BotCommand[]>();
  /** Updates not yet confirmed by a getUpdates offset (or, with a webhook, by a 2xx answer). */
  updates: Update[] = [];
  allowedUpdates: string[] = [];
  /** Set by setWebhook: updates are POSTed to it, and getUpdates is refused. */
  webhook: WebhookConfig | undefined;
  defaultMenuButton: unknown = { type: "default" };
  readonly warnings: string[] = [];
  closed = false;

  private nextUpdateId = 100_001;
  private nextQueryId = 1;
  private nextFileId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(
    /** Replaced (never changed in place) when the bot is renamed: a bot keeps what getMe told it. */
    public bot: UserFromGetMe,
    /** Milliseconds, like Date.now; message dates are derived from it. */
    readonly clock: () => number,
  ) {}

  /** Unix time in seconds, as in message dates. */
  now(): number {
    return Math.floor(this.clock() / 1000);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tell waiters (long polls, nextMessage, ...) that something happened. */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  newQueryId(): string {
    // Real ids are long decimal strings.
    return `${4_000_000_000_000 + this.nextQueryId++}`;
  }

  newFileId(): { file_id: string; file_unique_id: string } {
    const n = this.nextFileId++;
    return { file_id: `AgACAgIAAxkBAAI${n.toString(36).padStart(6, "0")}`, file_unique_id: `AQAD${n.toString(36)}` };
  }

  /** Queues an update (the object without update_id, e.g. `{ message }`). */
  pushUpdate(update: Record<string, unknown>): Update {
    const full = { update_id: this.nextUpdateId++, ...update } as Update;
    this.updates.push(full);
    this.changed();
    return full;
  }

  /** Drop updates below the offset (confirming them); a negative offset keeps only the last -offset. */
  confirmUpdates(offset: number): void {
    if (offset > 0) this.updates = this.updates.filter((update) => update.update_id >= offset);
    else if (offset < 0) this.updates = this.updates.slice(offset);
  }

  isAllowed(update: Update): boolean {
    const type = Object.keys(update).find((key) => key !== "update_id") ?? "";
    return this.allowedUpdates.length === 0 ? !DEFAULT_EXCLUDED_UPDATES.has(type) : this.allowedUpdates.includes(type);
  }

  /** Updates ready for getUpdates; updates of types the bot did not ask for are dropped, as Telegram does. */
  takeDeliverable(limit: number): Update[] {
    this.updates = this.updates.filter((update) => this.isAllowed(update));
    return this.updates.slice(0, limit);
  }

  ensureUser(user: User): UserRecord {
    let record = this.users.get(user.id);
    if (record === undefined) {
      record = { user, privateChatOpen: false, seen: false, blocked: false };
      this.users.set(user.id, record);
    }
    return record;
  }

  privateChat(user: User): ChatRecord {
    let chat = this.chats.get(user.id);
    if (chat === undefined) {
      chat = this.newChat({ id: user.id, type: "private", user });
      this.chats.set(user.id, chat);
    }
    return chat;
  }

  newChat(init: Pick<ChatRecord, "id" | "type"> & Partial<ChatRecord>): ChatRecord {
    return {
      admins: [],
      botIsAdmin: false,
      members: new Set(),
      messages: [],
      byId: new Map(),
      nextMessageId: 1,
      botLeft: false,
      ...init,
    };
  }

  chatObject(chat: ChatRecord): Chat {
    if (chat.type === "private") {
      const user = chat.user as User;
      return {
        id: chat.id,
        type: "private",
        first_name: user.first_name,
        ...(user.last_name === undefined ? {} : { last_name: user.last_name }),
        ...(user.username === undefined ? {} : { username: user.username }),
      };
    }
    return { id: chat.id, type: chat.type, title: chat.title ?? "" } as Chat;
  }

  addMessage(chat: ChatRecord, init: Omit<StoredMessage, "message_id" | "chat_id" | "date" | "edited" | "deleted">): StoredMessage {
    const message: StoredMessage = {
      message_id: chat.nextMessageId++,
      chat_id: chat.id,
      date: this.now(),
      edited: 0,
      deleted: false,
      ...init,
    };
    chat.messages.push(message);
    chat.byId.set(message.message_id, message);
    return message;
  }

  /** The message as the Bot API returns it (and as it appears in updates). */
  toTelegramMessage(message: StoredMessage, withReply = true): Message {
    const chat = this.chats.get(message.chat_id) as ChatRecord;
    const replyTo = message.reply_to_message_id === undefined ? undefined : chat.byId.get(message.reply_to_message_id);
    const out: Record<string, unknown> = {
      message_id: message.message_id,
      from: message.from,
      chat: this.chatObject(chat),
      date: message.date,
    };
    if (message.edit_date !== undefined) out.edit_date = message.edit_date;
    if (message.via_bot !== undefined) out.via_bot = message.via_bot;
    if (replyTo !== undefined && withReply) out.reply_to_message = this.toTelegramMessage(replyTo, false);
    if (message.text !== undefined) out.text = message.text;
    if (message.entities !== undefined && message.entities.length > 0) out.entities = message.entities;
    if (message.photo !== undefined) {
      const file = this.files.get(message.photo.file_id);
      out.photo = [
        {
          file_id: message.photo.file_id,
          file_unique_id: file?.file_unique_id ?? message.photo.file_id,
          width: 1280,
          height: 720,
          file_size: message.photo.size,
        },
      ];
    }
    if (message.document !== undefined) {
      const file = this.files.get(message.document.file_id);
      out.document = {
        file_id: message.document.file_id,
        file_unique_id: file?.file_unique_id ?? message.document.file_id,
        file_size: message.document.size,
        ...(message.document.filename === undefined ? {} : { file_name: message.document.filename }),
      };
    }
    if (message.caption !== undefined && message.caption !== "") out.caption = message.caption;
    if (message.caption_entities !== undefined && message.caption_entities.length > 0) out.caption_entities = message.caption_entities;
    if (message.reply_markup !== undefined && message.reply_markup.inline_keyboard.length > 0) out.reply_markup = message.reply_markup;
    return out as unknown as Message;
  }

  /**
   * Resolves with the first value `check` returns (other than undefined), re-checking on every
   * change. Rejects after `timeoutMs` with `describe()` in the message, or when the emulator closes.
   */
  waitUntil<T>(check: () => T | undefined, timeoutMs: number, describe: () => string): Promise<T> {
    if (this.closed) return Promise.reject(new EmulatorClosedError());
    const first = check();
    if (first !== undefined) return Promise.resolve(first);
    // Created now so that a timeout points at the test line that waited, not at a timer.
    const timeoutError = new Error("timed out");
    return new Promise<T>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        unsubscribe();
      };
      const unsubscribe = this.onChange(() => {
        if (this.closed) {
          finish();
          reject(new EmulatorClosedError());
          return;
        }
        const value = check();
        if (value !== undefined) {
          finish();
          resolve(value);
        }
      });
      const timer = setTimeout(() => {
        unsubscribe();
        const message = describe();
        timeoutError.stack = timeoutError.stack?.replace("timed out", message);
        timeoutError.message = message;
        reject(timeoutError);
      }, timeoutMs);
    });
  }
}
