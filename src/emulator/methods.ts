/**
 * The Bot API methods (all but getUpdates, which lives in the server because it long-polls).
 * Each handler validates like Telegram, changes the state and returns the `result`.
 */
import type { BotCommand, InlineKeyboardMarkup, MessageEntity, User } from "grammy/types";
import { markupKey, type ParsedMarkup, parseInlineKeyboard, parseReplyMarkup } from "./keyboard.js";
import { intParam, jsonParam, stringParam, type UploadedFile } from "./request.js";
import type { ChatRecord, EmulatorState } from "./state.js";
import { formatText, MAX_CAPTION_LENGTH, MAX_TEXT_LENGTH } from "./text.js";
import { badRequest, forbidden, type StoredFile, type StoredMessage } from "./types.js";
import type { WebhookSender } from "./webhook.js";

export interface MethodInput {
  params: Record<string, unknown>;
  files: Map<string, UploadedFile>;
}

export type MethodHandler = (input: MethodInput) => unknown;

export interface MethodOptions {
  strictAmpersand: boolean;
  strictButtons: boolean;
}

const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a " +
  "current content and reply markup of the message";
const QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid";

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

const COMMAND_PATTERN = /^[a-z0-9_]{1,32}$/;
const MAX_COMMAND_DESCRIPTION = 256;
const MAX_INLINE_RESULTS = 50;

export class BotApiMethods {
  /** Handlers by lower-case method name: Telegram matches method names case-insensitively. */
  readonly handlers = new Map<string, MethodHandler>();

  constructor(
    private readonly state: EmulatorState,
    private readonly options: MethodOptions,
    private readonly webhook: WebhookSender,
  ) {
    const table: Record<string, MethodHandler> = {
      getMe: () => this.state.bot,
      logOut: () => true,
      close: () => true,
      setWebhook: ({ params }) => this.webhook.set(params),
      deleteWebhook: ({ params }) => this.webhook.delete(params),
      getWebhookInfo: () => this.webhook.info(),
      setMyCommands: ({ params }) => this.setMyCommands(params),
      getMyCommands: ({ params }) => this.state.commands.get(this.commandsKey(params)) ?? [],
      deleteMyCommands: ({ params }) => {
        this.state.commands.delete(this.commandsKey(params));
        return true;
      },
      setChatMenuButton: ({ params }) => this.setChatMenuButton(params),
      getChatMenuButton: ({ params }) => this.getChatMenuButton(params),
      sendMessage: ({ params }) => this.sendMessage(params),
      sendPhoto: ({ params, files }) => this.sendPhoto(params, files),
      sendDocument: ({ params, files }) => this.sendDocument(params, files),
      copyMessage: ({ params }) => this.copyMessage(params),
      editMessageText: ({ params }) => this.editMessageText(params),
      editMessageCaption: ({ params }) => this.editMessageCaption(params),
      editMessageReplyMarkup: ({ params }) => this.editMessageReplyMarkup(params),
      deleteMessage: ({ params }) => this.deleteMessage(params),
      deleteMessages: ({ params }) => this.deleteMessages(params),
      answerCallbackQuery: ({ params }) => this.answerCallbackQuery(params),
      answerInlineQuery: ({ params }) => this.answerInlineQuery(params),
      sendChatAction: ({ params }) => this.sendChatAction(params),
      getChat: ({ params }) => this.getChat(params),
      getChatMember: ({ params }) => this.getChatMember(params),
      getChatAdministrators: ({ params }) => this.getChatAdministrators(params),
      getChatMemberCount: ({ params }) => this.getChatMemberCount(params),
      leaveChat: ({ params }) => this.leaveChat(params),
    };
    for (const [name, handler] of Object.entries(table)) this.handlers.set(name.toLowerCase(), handler);
  }

  // --- chats -------------------------------------------------------------------------------

  /**
   * The chat a method addresses, or Telegram's error for an unknown one. `sending`: a user the
   * bot has met (in a group, inline) but who never opened the private chat gets a 403 instead.
   */
  private chatFor(value: unknown, sending = false): ChatRecord {
    if (value === undefined || value === null || value === "") throw badRequest("chat_id is empty");
    const id = typeof value === "string" && value.startsWith("@") ? undefined : intParam(value);
    const chat = id === undefined ? undefined : this.state.chats.get(id);
    if (chat !== undefined) return chat;
    const user = id === undefined ? undefined : this.state.users.get(id);
    if (sending && user?.seen === true) throw forbidden("bot can't initiate conversation with a user");
    throw badRequest("chat not found");
  }

  /** Errors for sending into a chat the bot can no longer write to. */
  private assertWritable(chat: ChatRecord): void {
    if (chat.type === "private") {
      if (this.state.users.get(chat.id)?.blocked === true) throw forbidden("bot was blocked by the user");
    } else if (chat.botLeft) {
      throw forbidden(`bot is not a member of the ${chat.type === "supergroup" ? "supergroup" : "group"} chat`);
    }
  }

  private get botUser(): User {
    return this.state.bot;
  }

  // --- sending -----------------------------------------------------------------------------

  private format(raw: string, parseMode: unknown, entities: unknown, caption: boolean) {
    return formatText(
      { raw, parseMode, entities: jsonParam(entities, "entities") },
      {
        strictAmpersand: this.options.strictAmpersand,
        allowEmpty: caption,
        maxLength: caption ? MAX_CAPTION_LENGTH : MAX_TEXT_LENGTH,
        tooLong: caption ? "message caption is too long" : "message is too long",
        warn: (message) => this.state.warnings.push(message),
      },
    );
  }

  private markup(params: Record<string, unknown>): ParsedMarkup {
    return parseReplyMarkup(params.reply_markup, { strictButtons: this.options.strictButtons });
  }

  private markupFields(markup: ParsedMarkup): Pick<StoredMessage, "reply_markup" | "reply_keyboard"> {
    if (markup?.kind === "inline") return markup.markup.inline_keyboard.length > 0 ? { reply_markup: markup.markup } : {};
    if (markup?.kind === "reply") return { reply_keyboard: markup.markup };
    return {};
  }

  private replyTarget(chat: ChatRecord, params: Record<string, unknown>): number | undefined {
    const replyParameters = jsonParam(params.reply_parameters, "reply_parameters") as Record<string, unknown> | undefined;
    let messageId: number | undefined;
    let allowWithout = params.allow_sending_without_reply === true || params.allow_sending_without_reply === "true";
    if (replyParameters !== undefined && replyParameters !== null) {
      messageId = intParam(replyParameters.message_id);
      if (messageId === undefined) throw badRequest(`can't find field "message_id"`);
      allowWithout = replyParameters.allow_sending_without_reply === true;
    } else {
      messageId = intParam(params.reply_to_message_id);
    }
    if (messageId === undefined) return undefined;
    const target = chat.byId.get(messageId);
    if (target !== undefined && !target.deleted) return messageId;
    if (allowWithout) return undefined;
    throw badRequest("message to be replied not found");
  }

  private sendMessage(params: Record<string, unknown>) {
    const raw = stringParam(params.text);
    if (raw === undefined || raw === "") throw badRequest("message text is empty");
    const markup = this.markup(params);
    const chat = this.chatFor(params.chat_id, true);
    const formatted = this.format(raw, params.parse_mode, params.entities, false);
    this.assertWritable(chat);
    const replyTo = this.replyTarget(chat, params);
    const message = this.state.addMessage(chat, {
      from_bot: true,
      from: this.botUser,
      text: formatted.text,
      html: raw,
      entities: formatted.entities,
      ...this.markupFields(markup),
      ...(replyTo === undefined ? {} : { reply_to_message_id: replyTo }),
    });
    this.state.changed();
    return this.state.toTelegramMessage(message);
  }

  private sendPhoto(params: Record<string, unknown>, files: Map<string, UploadedFile>) {
    const markup = this.markup(params);
    const chat = this.chatFor(params.chat_id, true);
    const photo = this.resolvePhoto(params.photo, files);
    const rawCaption = stringParam(params.caption) ?? "";
    const caption = this.format(rawCaption, params.parse_mode, params.caption_entities, true);
    this.assertWritable(chat);
    const replyTo = this.replyTarget(chat, params);
    const message = this.state.addMessage(chat, {
      from_bot: true,
      from: this.botUser,
      photo: {
        size: photo.size,
        file_id: photo.file_id,
        ...(photo.filename === undefined ? {} : { filename: photo.filename }),
        ...(photo.url === undefined ? {} : { url: photo.url }),
      },
      caption: caption.text,
      caption_html: rawCaption,
      caption_entities: caption.entities,
      ...this.markupFields(markup),
      ...(replyTo === undefined ? {} : { reply_to_message_id: replyTo }),
    });
    this.state.changed();
    return this.state.toTelegramMessage(message);
  }

  private sendDocument(params: Record<string, unknown>, files: Map<string, UploadedFile>) {
    const markup = this.markup(params);
    const chat = this.chatFor(params.chat_id, true);
    const document = this.resolvePhoto(params.document, files, "document");
    const rawCaption = stringParam(params.caption) ?? "";
    const caption = this.format(rawCaption, params.parse_mode, params.caption_entities, true);
    this.assertWritable(chat);
    const message = this.state.addMessage(chat, {
      from_bot: true,
      from: this.botUser,
      document: {
        size: document.size,
        file_id: document.file_id,
        ...(document.filename === undefined ? {} : { filename: document.filename }),
      },
      caption: caption.text,
      caption_html: rawCaption,
      caption_entities: caption.entities,
      ...this.markupFields(markup),
    });
    this.state.changed();
    return this.state.toTelegramMessage(message);
  }

  /** A photo (or document) is an upload (`attach://name` or a file field), a known file_id, or an HTTP URL. */
  private resolvePhoto(value: unknown, files: Map<string, UploadedFile>, field = "photo"): StoredFile {
    let upload = files.get(field);
    if (typeof value === "string" && value.startsWith("attach://")) {
      upload = files.get(value.slice("attach://".length));
      if (upload === undefined) throw badRequest("wrong file identifier/HTTP URL specified");
    }
    if (upload !== undefined) {
      if (upload.data.length === 0) throw badRequest("file must be non-empty");
      const file: StoredFile = { ...this.state.newFileId(), size: upload.data.length, filename: upload.filename, data: upload.data };
      this.state.files.set(file.file_id, file);
      return file;
    }
    if (typeof value !== "string" || value === "") throw badRequest(`there is no ${field} in the request`);
    const known = this.state.files.get(value);
    if (known !== undefined) return known;
    if (/^https?:\/\/[^\s/]+\.[^\s/]+/i.test(value)) {
      // Telegram would download it; the emulator stays off the network and records the URL.
      const file: StoredFile = { ...this.state.newFileId(), size: 0, url: value };
      this.state.files.set(file.file_id, file);
      return file;
    }
    throw badRequest("wrong file identifier/HTTP URL specified");
  }

  private copyMessage(params: Record<string, unknown>) {
    const fromChat = this.chatFor(params.from_chat_id);
    const source = fromChat.byId.get(intParam(params.message_id) ?? -1);
    if (source === undefined || source.deleted) throw badRequest("message to copy not found");
    const markup = params.reply_markup === undefined ? undefined : this.markup(params);
    const chat = this.chatFor(params.chat_id, true);
    this.assertWritable(chat);
    const copy = this.state.addMessage(chat, {
      from_bot: true,
      from: this.botUser,
      ...(source.text === undefined ? {} : { text: source.text, html: source.html ?? source.text, entities: source.entities ?? [] }),
      ...(source.photo === undefined
        ? {}
        : {
            photo: source.photo,
            caption: source.caption ?? "",
            caption_html: source.caption_html ?? "",
            caption_entities: source.caption_entities ?? [],
          }),
      ...(markup === undefined
        ? source.reply_markup === undefined
          ? {}
          : { reply_markup: source.reply_markup }
        : this.markupFields(markup)),
    });
    this.state.changed();
    return { message_id: copy.message_id };
  }

  // --- editing -----------------------------------------------------------------------------

  private editable(params: Record<string, unknown>): { chat: ChatRecord; message: StoredMessage } {
    // Messages sent via inline mode are not emulated.
    if (params.inline_message_id !== undefined) throw badRequest("MESSAGE_ID_INVALID");
    const chat = this.chatFor(params.chat_id);
    const id = intParam(params.message_id);
    if (id === undefined) throw badRequest("message identifier is not specified");
    const message = chat.byId.get(id);
    if (message === undefined || message.deleted) throw badRequest("message to edit not found");
    if (!message.from_bot) throw badRequest("message can't be edited");
    this.assertWritable(chat);
    return { chat, message };
  }

  private inlineMarkup(params: Record<string, unknown>): InlineKeyboardMarkup | undefined {
    const markup = this.markup(params);
    if (markup?.kind === "reply") throw badRequest("inline keyboard expected");
    return markup === undefined || markup.markup.inline_keyboard.length === 0 ? undefined : markup.markup;
  }

  private touch(message: StoredMessage): unknown {
    message.edited++;
    message.edit_date = this.state.now();
    this.state.changed();
    return this.state.toTelegramMessage(message);
  }

  private editMessageText(params: Record<string, unknown>) {
    const raw = stringParam(params.text);
    if (raw === undefined || raw === "") throw badRequest("message text is empty");
    const markup = this.inlineMarkup(params);
    const { message } = this.editable(params);
    if (message.text === undefined) throw badRequest("there is no text in the message to edit");
    const formatted = this.format(raw, params.parse_mode, params.entities, false);
    // Without reply_markup an edit removes the keyboard, as in Telegram.
    if (
      formatted.text === message.text &&
      sameEntities(formatted.entities, message.entities) &&
      markupKey(markup) === markupKey(message.reply_markup)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    message.text = formatted.text;
    message.html = raw;
    message.entities = formatted.entities;
    setMarkup(message, markup);
    return this.touch(message);
  }

  private editMessageCaption(params: Record<string, unknown>) {
    const markup = this.inlineMarkup(params);
    const { message } = this.editable(params);
    if (message.photo === undefined) throw badRequest("there is no caption in the message to edit");
    const raw = stringParam(params.caption) ?? "";
    const caption = this.format(raw, params.parse_mode, params.caption_entities, true);
    if (
      caption.text === (message.caption ?? "") &&
      sameEntities(caption.entities, message.caption_entities) &&
      markupKey(markup) === markupKey(message.reply_markup)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    message.caption = caption.text;
    message.caption_html = raw;
    message.caption_entities = caption.entities;
    setMarkup(message, markup);
    return this.touch(message);
  }

  private editMessageReplyMarkup(params: Record<string, unknown>) {
    const markup = this.inlineMarkup(params);
    const { message } = this.editable(params);
    if (markupKey(markup) === markupKey(message.reply_markup)) throw badRequest(NOT_MODIFIED);
    setMarkup(message, markup);
    return this.touch(message);
  }

  private deleteMessage(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    const message = chat.byId.get(intParam(params.message_id) ?? -1);
    if (message === undefined || message.deleted) throw badRequest("message to delete not found");
    if (chat.type !== "private" && !message.from_bot && !chat.botIsAdmin) throw badRequest("message can't be deleted");
    message.deleted = true;
    this.state.changed();
    return true;
  }

  private deleteMessages(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    const ids = jsonParam(params.message_ids, "message_ids");
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) throw badRequest("message identifiers are not specified");
    // Telegram skips the ones it cannot find.
    for (const id of ids) {
      const message = chat.byId.get(intParam(id) ?? -1);
      if (message !== undefined) message.deleted = true;
    }
    this.state.changed();
    return true;
  }

  // --- queries -----------------------------------------------------------------------------

  private answerCallbackQuery(params: Record<string, unknown>) {
    const query = this.state.callbackQueries.get(stringParam(params.callback_query_id) ?? "");
    if (query === undefined || query.answer !== undefined) throw badRequest(QUERY_TOO_OLD);
    const text = stringParam(params.text);
    if (text !== undefined && text.length > 200) throw badRequest("MESSAGE_TOO_LONG");
    query.answer = {
      ...(text === undefined ? {} : { text }),
      ...(params.show_alert === undefined ? {} : { show_alert: params.show_alert === true || params.show_alert === "true" }),
      ...(params.url === undefined ? {} : { url: String(params.url) }),
      ...(params.cache_time === undefined ? {} : { cache_time: intParam(params.cache_time) ?? 0 }),
    };
    this.state.changed();
    return true;
  }

  private answerInlineQuery(params: Record<string, unknown>) {
    const query = this.state.inlineQueries.get(stringParam(params.inline_query_id) ?? "");
    const results = jsonParam(params.results, "results");
    if (!Array.isArray(results)) throw badRequest('field "results" must be of type Array');
    if (results.length > MAX_INLINE_RESULTS) throw badRequest("RESULTS_TOO_MUCH");
    const ids = new Set<string>();
    for (const result of results as unknown[]) {
      const item = (typeof result === "object" && result !== null ? result : {}) as Record<string, unknown>;
      const id = stringParam(item.id) ?? "";
      if (id === "") throw badRequest("RESULT_ID_EMPTY");
      if (Buffer.byteLength(id, "utf8") > 64) throw badRequest("RESULT_ID_INVALID");
      if (ids.has(id)) throw badRequest("RESULT_ID_DUPLICATE");
      ids.add(id);
      this.validateInlineResult(item);
    }
    if (query === undefined || query.answer !== undefined) throw badRequest(QUERY_TOO_OLD);
    query.answer = {
      results: results as unknown[],
      ...(params.cache_time === undefined ? {} : { cache_time: intParam(params.cache_time) ?? 0 }),
      ...(params.is_personal === undefined ? {} : { is_personal: params.is_personal === true || params.is_personal === "true" }),
      ...(params.next_offset === undefined ? {} : { next_offset: String(params.next_offset) }),
      ...(params.button === undefined ? {} : { button: jsonParam(params.button, "button") }),
    };
    this.state.changed();
    return true;
  }

  /** The message an inline result sends when a user picks it (text results only). */
  inlineResultMessage(result: Record<string, unknown>): Pick<StoredMessage, "text" | "html" | "entities" | "reply_markup"> {
    const content = result.input_message_content as Record<string, unknown> | undefined;
    if (typeof content?.message_text !== "string") throw new Error("only inline results with a message_text can be sent");
    const formatted = this.format(content.message_text, content.parse_mode, content.entities, false);
    const markup = result.reply_markup as Record<string, unknown> | undefined;
    const keyboard =
      markup === undefined ? undefined : parseInlineKeyboard(markup.inline_keyboard, { strictButtons: this.options.strictButtons });
    return {
      text: formatted.text,
      html: content.message_text,
      entities: formatted.entities,
      ...(keyboard !== undefined && keyboard.inline_keyboard.length > 0 ? { reply_markup: keyboard } : {}),
    };
  }

  /** The text a result would send and its keyboard follow the same rules as sendMessage. */
  private validateInlineResult(result: Record<string, unknown>): void {
    if (result.reply_markup !== undefined) {
      const markup = result.reply_markup as Record<string, unknown> | null;
      parseInlineKeyboard(markup?.inline_keyboard, { strictButtons: this.options.strictButtons });
    }
    const content = result.input_message_content as Record<string, unknown> | undefined;
    if (typeof content?.message_text === "string") {
      if (content.message_text === "") throw badRequest("message text is empty");
      this.format(content.message_text, content.parse_mode, content.entities, false);
    }
    if (result.type === "article" && (typeof result.title !== "string" || result.title === "")) throw badRequest("ARTICLE_TITLE_EMPTY");
  }

  // --- chat info ---------------------------------------------------------------------------

  private sendChatAction(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id, true);
    const action = stringParam(params.action) ?? "";
    if (!CHAT_ACTIONS.has(action)) throw badRequest("wrong parameter action in request");
    this.assertWritable(chat);
    chat.lastChatAction = action;
    // A client shows it for about 5 s, or until the bot's next message.
    chat.lastChatActionAt = Date.now();
    chat.lastChatActionAfter = chat.nextMessageId - 1;
    this.state.changed();
    return true;
  }

  private getChat(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    return { ...this.state.chatObject(chat), accent_color_id: 0, max_reaction_count: 11, accepted_gift_types: {} };
  }

  private userFor(value: unknown): User {
    const id = intParam(value);
    if (id === undefined) throw badRequest("user_id is empty");
    if (id === this.state.bot.id) return this.state.bot;
    const user = this.state.users.get(id)?.user;
    if (user === undefined) throw badRequest("user not found");
    return user;
  }

  private memberObject(chat: ChatRecord, user: User): Record<string, unknown> {
    const isBot = user.id === this.state.bot.id;
    if (chat.type !== "private" && (chat.admins.includes(user.id) || (isBot && chat.botIsAdmin))) {
      if (chat.admins[0] === user.id) return { status: "creator", user, is_anonymous: false };
      return {
        status: "administrator",
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: true,
        can_manage_video_chats: true,
        can_restrict_members: true,
        can_promote_members: false,
        can_change_info: true,
        can_invite_users: true,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
        can_pin_messages: true,
      };
    }
    if (chat.type === "private") return { status: user.id === chat.id || isBot ? "member" : "left", user };
    if (isBot) return { status: chat.botLeft ? "left" : "member", user };
    return { status: chat.members.has(user.id) ? "member" : "left", user };
  }

  private getChatMember(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    return this.memberObject(chat, this.userFor(params.user_id));
  }

  private getChatAdministrators(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    if (chat.type === "private") throw badRequest("there are no administrators in the private chat");
    const ids = [...chat.admins, ...(chat.botIsAdmin ? [this.state.bot.id] : [])];
    return ids.map((id) =>
      this.memberObject(chat, this.state.users.get(id)?.user ?? (id === this.state.bot.id ? this.state.bot : placeholderUser(id))),
    );
  }

  private getChatMemberCount(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    if (chat.type === "private") return 2;
    return new Set([...chat.members, ...chat.admins]).size + (chat.botLeft ? 0 : 1);
  }

  private leaveChat(params: Record<string, unknown>) {
    const chat = this.chatFor(params.chat_id);
    if (chat.type === "private") throw badRequest("chat member status can't be changed in private chats");
    if (chat.botLeft) throw forbidden(`bot is not a member of the ${chat.type === "supergroup" ? "supergroup" : "group"} chat`);
    chat.botLeft = true;
    this.state.changed();
    return true;
  }

  // --- bot settings ------------------------------------------------------------------------

  /**
   * Commands are stored per scope and language, like Telegram. The language is empty or a
   * two-letter ISO 639-1 code in lower case (TDLib's validate_bot_language_code): not "pt-BR".
   */
  private commandsKey(params: Record<string, unknown>): string {
    const scope = (jsonParam(params.scope, "scope") ?? { type: "default" }) as Record<string, unknown>;
    const sorted = Object.fromEntries(Object.entries(scope).sort(([a], [b]) => a.localeCompare(b)));
    const language = stringParam(params.language_code) ?? "";
    if (!/^(?:[a-z]{2})?$/.test(language)) throw badRequest("Invalid language code specified");
    return `${JSON.stringify(sorted)}|${language}`;
  }

  private setMyCommands(params: Record<string, unknown>) {
    const key = this.commandsKey(params);
    const commands = jsonParam(params.commands, "commands");
    if (!Array.isArray(commands)) throw badRequest('field "commands" must be of type Array');
    if (commands.length > 100) throw badRequest("too many commands specified");
    const cleaned: BotCommand[] = [];
    for (const item of commands as unknown[]) {
      const command = (item ?? {}) as Record<string, unknown>;
      if (typeof command.command !== "string") throw badRequest(`can't parse BotCommand: Can't find field "command"`);
      if (typeof command.description !== "string") throw badRequest(`can't parse BotCommand: Can't find field "description"`);
      if (!COMMAND_PATTERN.test(command.command)) throw badRequest("BOT_COMMAND_INVALID");
      // TDLib trims the description and counts its characters (code points), at most 256.
      const description = command.description.trim();
      if (description === "") throw badRequest("Command description must be non-empty");
      if ([...description].length > MAX_COMMAND_DESCRIPTION)
        throw badRequest(`Command description length must not exceed ${MAX_COMMAND_DESCRIPTION}`);
      cleaned.push({ command: command.command, description });
    }
    if (cleaned.length === 0) this.state.commands.delete(key);
    else this.state.commands.set(key, cleaned);
    return true;
  }

  private setChatMenuButton(params: Record<string, unknown>) {
    const button = jsonParam(params.menu_button, "menu_button") ?? { type: "default" };
    if (params.chat_id === undefined) {
      this.state.defaultMenuButton = button;
    } else {
      this.chatFor(params.chat_id).menuButton = button;
    }
    return true;
  }

  private getChatMenuButton(params: Record<string, unknown>) {
    if (params.chat_id === undefined) return this.state.defaultMenuButton;
    return this.chatFor(params.chat_id).menuButton ?? this.state.defaultMenuButton;
  }
}

function setMarkup(message: StoredMessage, markup: InlineKeyboardMarkup | undefined): void {
  if (markup === undefined) delete message.reply_markup;
  else message.reply_markup = markup;
}

function sameEntities(a: MessageEntity[] | undefined, b: MessageEntity[] | undefined): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

export function placeholderUser(id: number): User {
  return { id, is_bot: false, first_name: `User ${id}` };
}
