/** Reading and validating `reply_markup` the way the Bot API server does. */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import type { ReplyKeyboard } from "./types.js";
import { badRequest } from "./types.js";

export const MAX_CALLBACK_DATA_BYTES = 64;
export const MAX_INLINE_BUTTONS = 100;
/** Bot API 7.11: `copy_text.text` is 1-256 characters. */
export const MAX_COPY_TEXT = 256;
/** Bot API 9.4: the documented values of a button's `style`. */
export const BUTTON_STYLES = ["success", "danger", "primary"] as const;

/** Inline button fields that make a button do something; a button needs one. */
const ACTION_FIELDS = [
  "url",
  "callback_data",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
] as const;

export type ParsedMarkup = { kind: "inline"; markup: InlineKeyboardMarkup } | { kind: "reply"; markup: ReplyKeyboard } | undefined;

/** `reply_markup` arrives as an object (JSON body) or a JSON string (multipart, query string). */
export function parseReplyMarkup(value: unknown, options: { strictButtons: boolean }): ParsedMarkup {
  if (value === undefined || value === null || value === "") return undefined;
  let markup: unknown = value;
  if (typeof value === "string") {
    try {
      markup = JSON.parse(value);
    } catch {
      throw badRequest("can't parse reply keyboard markup JSON object");
    }
  }
  if (typeof markup !== "object" || markup === null || Array.isArray(markup)) {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  const object = markup as Record<string, unknown>;
  if ("inline_keyboard" in object) return { kind: "inline", markup: parseInlineKeyboard(object.inline_keyboard, options) };
  if ("keyboard" in object) {
    if (!Array.isArray(object.keyboard) || !object.keyboard.every((row) => Array.isArray(row))) {
      throw badRequest('field "keyboard" must be of type Array');
    }
    for (const field of ["resize_keyboard", "one_time_keyboard", "selective", "is_persistent"]) {
      checkBoolean(object, field);
    }
    return { kind: "reply", markup: object as unknown as ReplyKeyboard };
  }
  if ("remove_keyboard" in object) {
    checkBoolean(object, "remove_keyboard");
    return { kind: "reply", markup: object as unknown as ReplyKeyboard };
  }
  if ("force_reply" in object) {
    checkBoolean(object, "force_reply");
    return { kind: "reply", markup: object as unknown as ReplyKeyboard };
  }
  throw badRequest("can't parse reply keyboard markup JSON object");
}

function checkBoolean(object: Record<string, unknown>, field: string): void {
  if (object[field] !== undefined && typeof object[field] !== "boolean") {
    throw badRequest(`field "${field}" must be of type Boolean`);
  }
}

/** Validates an inline keyboard and returns a normalized copy (only the known fields, in a fixed order). */
export function parseInlineKeyboard(value: unknown, options: { strictButtons: boolean }): InlineKeyboardMarkup {
  if (!Array.isArray(value)) throw badRequest('field "inline_keyboard" must be of type Array');
  let count = 0;
  const rows: InlineKeyboardButton[][] = [];
  for (const row of value as unknown[]) {
    if (!Array.isArray(row)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    const buttons: InlineKeyboardButton[] = [];
    for (const button of row as unknown[]) {
      count++;
      buttons.push(parseButton(button, options));
    }
    rows.push(buttons);
  }
  // Telegram measures the encoded markup rather than counting, but 100 buttons is the documented limit.
  if (count > MAX_INLINE_BUTTONS) throw badRequest("reply markup is too long");
  return { inline_keyboard: rows };
}

function parseButton(value: unknown, options: { strictButtons: boolean }): InlineKeyboardButton {
  const cant = (why: string) => badRequest(`can't parse inline keyboard button: ${why}`);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw cant("InlineKeyboardButton must be an Object");
  const button = value as Record<string, unknown>;
  if (button.text === undefined) throw cant(`Can't find field "text"`);
  if (typeof button.text !== "string") throw cant(`Field "text" must be of type String`);
  const style = parseStyle(button.style, options, cant);

  // An empty callback_data counts as absent, exactly like in the Bot API.
  const present = ACTION_FIELDS.filter((field) => button[field] !== undefined && !(field === "callback_data" && button[field] === ""));
  const [action, ...others] = present;
  if (action === undefined) throw cant("Text buttons are unallowed in the inline keyboard");
  if (others.length > 0 && options.strictButtons) {
    // Telegram silently uses the first field it recognizes; that hides mistakes, so the emulator refuses.
    throw cant(`exactly one of the fields ${present.join(", ")} must be used (emulator strict mode)`);
  }

  const actionValue = button[action];
  switch (action) {
    case "callback_data": {
      if (typeof actionValue !== "string") throw cant(`Field "callback_data" must be of type String`);
      if (Buffer.byteLength(actionValue, "utf8") > MAX_CALLBACK_DATA_BYTES) throw badRequest("BUTTON_DATA_INVALID");
      break;
    }
    case "url": {
      if (typeof actionValue !== "string") throw cant(`Field "url" must be of type String`);
      const problem = urlProblem(actionValue);
      if (problem !== undefined) throw badRequest(`inline keyboard button URL '${actionValue}' is invalid: ${problem}`);
      break;
    }
    case "web_app": {
      const url = (actionValue as { url?: unknown } | null)?.url;
      if (typeof url !== "string" || !/^https:\/\/[^\s/]+/i.test(url)) {
        throw badRequest(`inline keyboard button Web App URL '${String(url)}' is invalid: Only HTTPS links are allowed`);
      }
      break;
    }
    case "switch_inline_query":
    case "switch_inline_query_current_chat":
      if (typeof actionValue !== "string") throw cant(`Field "${action}" must be of type String`);
      break;
    case "copy_text": {
      if (typeof actionValue !== "object" || actionValue === null || Array.isArray(actionValue))
        throw cant(`Field "copy_text" must be of type Object`);
      const text = (actionValue as { text?: unknown }).text;
      if (text === undefined) throw cant(`Can't find field "text"`);
      if (typeof text !== "string") throw cant(`Field "text" must be of type String`);
      if (text.length === 0 || text.length > MAX_COPY_TEXT) throw badRequest("BUTTON_COPY_TEXT_INVALID");
      // Only the text: what the app copies, nothing else it could carry.
      return { text: button.text, copy_text: { text }, ...(style === undefined ? {} : { style }) };
    }
    case "pay":
      // Only valid as the first button of an invoice, which the emulator does not send.
      throw badRequest("BUTTON_TYPE_INVALID");
    default:
      break;
  }
  return { text: button.text, [action]: actionValue, ...(style === undefined ? {} : { style }) } as unknown as InlineKeyboardButton;
}

type ButtonStyle = (typeof BUTTON_STYLES)[number];

/**
 * A button's `style` (Bot API 9.4). Telegram's server lower-cases it and takes "" or "default"
 * as none; in strict mode only the three documented values pass, as written, since anything
 * else is a typo the apps would draw as a plain button.
 */
function parseStyle(value: unknown, options: { strictButtons: boolean }, cant: (why: string) => Error): ButtonStyle | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw cant(`Field "style" must be of type String`);
  if ((BUTTON_STYLES as readonly string[]).includes(value)) return value as ButtonStyle;
  const lower = value.toLowerCase();
  const telegramTakes = lower === "" || lower === "default" || (BUTTON_STYLES as readonly string[]).includes(lower);
  if (!telegramTakes) throw cant("invalid button style specified");
  if (options.strictButtons)
    throw cant(`invalid button style specified (emulator strict mode: one of ${BUTTON_STYLES.join(", ")}, as written)`);
  return lower === "" || lower === "default" ? undefined : (lower as ButtonStyle);
}

function urlProblem(url: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "tg") return undefined;
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") {
    // "host:port" looks like a scheme too; Telegram treats it as an HTTP URL.
    if (!/^[^\s/:]+\.[^\s/:]+:\d+/.test(url)) return "Unsupported URL protocol";
  }
  const withScheme = scheme === "http" || scheme === "https" ? url : `http://${url}`;
  try {
    const parsed = new URL(withScheme);
    // A bare word ("not-a-url") is no host Telegram accepts: it wants a dot in the host name.
    if (!parsed.hostname.includes(".")) return "Wrong HTTP URL";
  } catch {
    return "Wrong HTTP URL";
  }
  return undefined;
}

/** Stable text form of an inline keyboard, for "message is not modified" comparisons. */
export function markupKey(markup: InlineKeyboardMarkup | undefined): string {
  if (markup === undefined || markup.inline_keyboard.length === 0) return "";
  return JSON.stringify(markup.inline_keyboard);
}

export function flattenButtons(markup: InlineKeyboardMarkup | undefined): InlineKeyboardButton[] {
  return markup?.inline_keyboard.flat() ?? [];
}
