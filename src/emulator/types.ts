import type { ForceReply, InlineKeyboardMarkup, MessageEntity, ReplyKeyboardMarkup, ReplyKeyboardRemove, User } from "grammy/types";

/** An error the emulator answers with, worded like the real Bot API. */
export class BotApiError extends Error {
  constructor(
    readonly error_code: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number },
  ) {
    super(description);
    this.name = "BotApiError";
  }
}

export const badRequest = (what: string): BotApiError => new BotApiError(400, `Bad Request: ${what}`);
export const forbidden = (what: string): BotApiError => new BotApiError(403, `Forbidden: ${what}`);

/** What one HTTP call to the emulator received and answered. */
export interface ApiCall {
  method: string;
  /** Parsed parameters; an uploaded file appears as `{ file: filename, size }`. */
  payload: Record<string, unknown>;
  response: ApiResponse;
  /** When the request came, on the emulator's clock (the wall clock unless a test gave it another), in ms. */
  at: number;
}

export type ApiResponse =
  | { ok: true; result: unknown }
  | {
      ok: false;
      error_code: number;
      description: string;
      parameters?: { retry_after?: number; migrate_to_chat_id?: number };
    };

/** The webhook the bot set (state.ts keeps it, webhook.ts delivers to it). */
export interface WebhookConfig {
  /** As the bot gave it (getWebhookInfo shows it so). */
  url: string;
  /** "" when the bot set none: no X-Telegram-Bot-Api-Secret-Token header then. */
  secret: string;
  maxConnections: number;
}

/** A file the bot uploaded (or referenced by URL). */
export interface StoredFile {
  file_id: string;
  file_unique_id: string;
  size: number;
  filename?: string;
  url?: string;
  data?: Uint8Array;
}

export type ReplyKeyboard = ReplyKeyboardMarkup | ReplyKeyboardRemove | ForceReply;

/**
 * A message as the emulator keeps it: always the current state (edits applied).
 * The same object is updated in place, so a test can hold on to it and watch it change.
 */
export interface StoredMessage {
  readonly message_id: number;
  readonly chat_id: number;
  readonly from_bot: boolean;
  readonly from: User;
  /** Unix time in seconds. */
  readonly date: number;
  /** Visible text, after HTML parsing: what a person sees. */
  text?: string;
  /** The text exactly as the bot sent it (the raw HTML with parse_mode HTML). */
  html?: string;
  entities?: MessageEntity[];
  caption?: string;
  /** The caption exactly as the bot sent it. */
  caption_html?: string;
  caption_entities?: MessageEntity[];
  photo?: { size: number; file_id: string; filename?: string; url?: string };
  document?: { size: number; file_id: string; filename?: string };
  reply_markup?: InlineKeyboardMarkup;
  /** A reply keyboard / remove / force_reply sent with the message (not part of the message itself). */
  reply_keyboard?: ReplyKeyboard;
  reply_to_message_id?: number;
  /** Sent by a user through the bot's inline mode. */
  via_bot?: User;
  /** How many times the message was edited. */
  edited: number;
  edit_date?: number;
  deleted: boolean;
}

export interface CallbackAnswer {
  text?: string;
  show_alert?: boolean;
  url?: string;
  cache_time?: number;
}

export interface InlineAnswer {
  results: unknown[];
  cache_time?: number;
  is_personal?: boolean;
  next_offset?: string;
  button?: unknown;
}

/** A call held by `holdNext`: it waits, unanswered, until released. */
export interface HeldCall {
  /** Resolves when the held call has come in (it is then waiting). */
  readonly arrived: Promise<void>;
  /** Carries the call out and answers it; with `error`, answers that instead and does nothing. */
  release(error?: InjectedError): void;
}

export interface InjectedError {
  error_code: number;
  /** Defaults to Telegram's wording for the code (e.g. "Too Many Requests: retry after N"). */
  description?: string;
  retry_after?: number;
  /**
   * Answered as a proxy in front of Telegram does in an outage: this status with an HTML page
   * ("502 Bad Gateway") instead of JSON. grammY cannot read it and reports a network error.
   */
  html?: boolean;
}
