/**
 * Turning a text parameter (with parse_mode or entities) into what Telegram stores and shows:
 * parse, clean up like TDLib's `fix_formatted_text`, then check the length limits.
 */
import type { MessageEntity } from "grammy/types";
import { EntityParseError, type FormattedText, parseHtml, sortEntities } from "./html.js";
import { badRequest } from "./types.js";

export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;

const ENTITY_TYPES = new Set([
  "mention",
  "hashtag",
  "cashtag",
  "bot_command",
  "url",
  "email",
  "phone_number",
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "spoiler",
  "blockquote",
  "expandable_blockquote",
  "code",
  "pre",
  "text_link",
  "text_mention",
  "custom_emoji",
]);

export interface TextInput {
  raw: string;
  parseMode: unknown;
  entities: unknown;
}

export interface TextOptions {
  strictAmpersand: boolean;
  /** Captions may be empty; message texts may not. */
  allowEmpty: boolean;
  maxLength: number;
  tooLong: string;
  /** Called when the emulator cannot render a parse mode faithfully. */
  warn: (message: string) => void;
}

/** Parses and validates a text or caption; throws a BotApiError worded like Telegram. */
export function formatText(input: TextInput, options: TextOptions): FormattedText {
  const parsed = parse(input, options);
  const fixed = fixFormattedText(parsed.text, parsed.entities);
  if (fixed === undefined) {
    if (options.allowEmpty) return { text: "", entities: [] };
    throw badRequest("text must be non-empty");
  }
  if (fixed.text.length > options.maxLength) throw badRequest(options.tooLong);
  return fixed;
}

function parse(input: TextInput, options: TextOptions): FormattedText {
  if (input.parseMode !== undefined && input.parseMode !== null && input.parseMode !== "") {
    const mode = String(input.parseMode).toLowerCase();
    if (mode === "html") {
      try {
        return parseHtml(input.raw, { strictAmpersand: options.strictAmpersand });
      } catch (error) {
        if (error instanceof EntityParseError) throw badRequest(`can't parse entities: ${error.message}`);
        throw error;
      }
    }
    if (mode === "markdown" || mode === "markdownv2") {
      options.warn(`parse_mode ${String(input.parseMode)} is not emulated: the text is kept as sent, without entities`);
      return { text: input.raw, entities: [] };
    }
    throw badRequest("unsupported parse_mode");
  }
  return { text: input.raw, entities: validateEntities(input.raw, input.entities) };
}

function validateEntities(text: string, value: unknown): MessageEntity[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest('field "entities" must be of type Array');
  const entities: MessageEntity[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "object" || item === null) throw badRequest("can't parse MessageEntity: MessageEntity must be an Object");
    const entity = item as Record<string, unknown>;
    if (typeof entity.type !== "string" || !ENTITY_TYPES.has(entity.type)) {
      throw badRequest("can't parse MessageEntity: Unsupported type specified");
    }
    const offset = Number(entity.offset);
    const length = Number(entity.length);
    if (!Number.isInteger(offset) || offset < 0) throw badRequest(`receive an entity with incorrect offset ${String(entity.offset)}`);
    if (!Number.isInteger(length) || length <= 0) throw badRequest(`receive an entity with incorrect length ${String(entity.length)}`);
    if (offset > text.length) throw badRequest(`entity begins after the end of the text at UTF-16 offset ${offset}`);
    if (offset + length > text.length) {
      throw badRequest(`entity beginning at UTF-16 offset ${offset} ends after the end of the text at UTF-16 offset ${offset + length}`);
    }
    if (entity.type === "text_link" && typeof entity.url !== "string")
      throw badRequest(`can't parse MessageEntity: Can't find field "url"`);
    if (entity.type === "custom_emoji" && entity.custom_emoji_id === undefined) {
      throw badRequest(`can't parse MessageEntity: Can't find field "custom_emoji_id"`);
    }
    entities.push(entity as unknown as MessageEntity);
  }
  return sortEntities(entities);
}

/** TDLib removes \r, U+2028..U+202E (separators, bidi overrides) and a few combining vertical lines. */
function isRemoved(code: number): boolean {
  return code === 0x0d || (code >= 0x2028 && code <= 0x202e) || code === 0x0333 || code === 0x033f || code === 0x030a;
}

/**
 * TDLib's `fix_formatted_text`: control characters become spaces, `\r` and a few invisible
 * characters disappear, whitespace-only entities are dropped, trailing whitespace and leading
 * spaces/newlines are trimmed. Returns undefined for a text with nothing visible.
 */
export function fixFormattedText(text: string, entities: MessageEntity[]): FormattedText | undefined {
  let result = "";
  // newIndex[k]: where old UTF-16 position k ended up.
  const newIndex: number[] = new Array<number>(text.length + 1);
  for (let k = 0; k < text.length; k++) {
    newIndex[k] = result.length;
    const ch = text[k] as string;
    const code = ch.charCodeAt(0);
    if (isRemoved(code)) continue;
    result += code < 0x20 && ch !== "\n" ? " " : ch;
  }
  newIndex[text.length] = result.length;

  const isBlank = (s: string): boolean => [...s].every((ch) => ch.charCodeAt(0) <= 0x20);
  if (isBlank(result)) return undefined;

  let moved = entities
    .map((entity) => {
      const start = newIndex[entity.offset] ?? result.length;
      const end = newIndex[entity.offset + entity.length] ?? result.length;
      return { ...entity, offset: start, length: end - start };
    })
    .filter((entity) => entity.length > 0 && !isBlank(result.slice(entity.offset, entity.offset + entity.length)));

  // Right trim: everything after the last non-space character.
  let end = result.length;
  while (end > 0 && result.charCodeAt(end - 1) <= 0x20) end--;
  result = result.slice(0, end);
  moved = moved.map((entity) => (entity.offset + entity.length > end ? { ...entity, length: end - entity.offset } : entity));

  // Left trim: spaces and newlines, but never into an entity.
  const firstEntity = moved.reduce((min, entity) => Math.min(min, entity.offset), result.length);
  let start = 0;
  while (start < firstEntity && (result[start] === " " || result[start] === "\n")) start++;
  if (start > 0) {
    result = result.slice(start);
    moved = moved.map((entity) => ({ ...entity, offset: entity.offset - start }));
  }
  return { text: result, entities: sortEntities(moved) };
}
