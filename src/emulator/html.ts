/**
 * Telegram's HTML parse mode, ported from TDLib's `parse_html` (td/telegram/MessageEntity.cpp)
 * so that errors carry the same wording and the same byte offsets as the real Bot API.
 * Offsets in error messages are UTF-8 byte offsets; entity offsets are UTF-16 code units.
 */
import type { MessageEntity } from "grammy/types";

type DateTimeFormat = Extract<MessageEntity, { type: "date_time" }>["date_time_format"];

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
}

/** The part after "Bad Request: can't parse entities: ". */
export class EntityParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EntityParseError";
  }
}

export interface HtmlOptions {
  /**
   * TDLib keeps an `&` that starts no known entity ("Tom & Jerry") as a literal character.
   * Strict mode (the emulator's default) refuses it instead, because an unescaped `&` almost
   * always means user input went into HTML unescaped, and the next `<` from that input breaks.
   */
  strictAmpersand?: boolean;
}

const SUPPORTED_TAGS = new Set([
  "a",
  "b",
  "strong",
  "i",
  "em",
  "s",
  "strike",
  "del",
  "u",
  "ins",
  "tg-spoiler",
  "tg-emoji",
  "tg-time",
  "span",
  "pre",
  "code",
  "blockquote",
]);

const LT = 0x3c,
  GT = 0x3e,
  AMP = 0x26,
  SLASH = 0x2f,
  EQ = 0x3d,
  DQ = 0x22,
  SQ = 0x27,
  HASH = 0x23;
const SEMICOLON = 0x3b;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0 || c === 0x0b || c === 0x0c;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isAlnum = (c: number): boolean => isAlpha(c) || isDigit(c);
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const hexValue = (c: number): number => (isDigit(c) ? c - 0x30 : (c | 0x20) - 0x61 + 10);

const NAMED_ENTITIES: Record<string, number> = { lt: LT, gt: GT, amp: AMP, quot: DQ };

function appendUtf8(out: number[], code: number): void {
  // Surrogates are encoded too (as TDLib does); the result is rejected afterwards.
  if (code < 0x80) out.push(code);
  else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
  else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
  else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
}

interface OpenTag {
  tag: string;
  argument: string;
  utf16Offset: number;
  resultPos: number;
}

/** A parsed entity before code arguments are cleaned up. */
type Draft = MessageEntity & { argument?: string };

/** Parses Telegram HTML into visible text and entities, or throws EntityParseError. */
export function parseHtml(html: string, options: HtmlOptions = {}): FormattedText {
  const strict = options.strictAmpersand ?? true;
  const bytes = Buffer.from(html, "utf8");
  // TDLib reads a NUL-terminated string: past the end reads 0.
  const at = (i: number): number => (i < bytes.length ? (bytes[i] ?? 0) : 0);
  const slice = (from: number, to: number): string => bytes.subarray(from, to).toString("utf8");
  const fail = (message: string): never => {
    throw new EntityParseError(message);
  };

  const decodeEntity = (pos: number): { code: number; next: number } | undefined => {
    let end = pos + 1;
    let code = 0;
    if (at(pos + 1) === HASH) {
      end++;
      if (at(pos + 2) === 0x78 /* x */) {
        end++;
        while (isHex(at(end))) code = code * 16 + hexValue(at(end++));
      } else {
        while (isDigit(at(end))) code = code * 10 + at(end++) - 0x30;
      }
      if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
    } else {
      while (isAlpha(at(end))) end++;
      const named = NAMED_ENTITIES[slice(pos + 1, end)];
      if (named === undefined) return undefined;
      code = named;
    }
    return { code, next: at(end) === SEMICOLON ? end + 1 : end };
  };

  const out: number[] = [];
  let utf16 = 0;
  let hasSurrogate = false;
  const stack: OpenTag[] = [];
  const entities: Draft[] = [];

  for (let i = 0; i < bytes.length; i++) {
    const c = at(i);
    if (c === AMP) {
      const decoded = decodeEntity(i);
      if (decoded !== undefined) {
        i = decoded.next - 1;
        utf16 += decoded.code > 0xffff ? 2 : 1;
        if (decoded.code >= 0xd800 && decoded.code <= 0xdfff) hasSurrogate = true;
        appendUtf8(out, decoded.code);
        continue;
      }
      if (strict) {
        fail(`Unescaped "&" at byte offset ${i} (emulator strict mode: Telegram would show it literally; escape it as &amp;)`);
      }
    }
    if (c !== LT) {
      // Count UTF-16 units: one per UTF-8 lead byte, two for 4-byte sequences.
      if ((c & 0xc0) !== 0x80) utf16 += c >= 0xf0 ? 2 : 1;
      out.push(c);
      continue;
    }

    const begin = i++;
    if (at(i) !== SLASH) {
      while (!isSpace(at(i)) && at(i) !== GT) i++;
      if (at(i) === 0) fail(`Unclosed start tag at byte offset ${begin}`);
      const tag = slice(begin + 1, i).toLowerCase();
      if (!SUPPORTED_TAGS.has(tag)) fail(`Unsupported start tag "${tag}" at byte offset ${begin}`);

      let argument = "";
      while (at(i) !== GT) {
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) === GT) break;
        const attributeBegin = i;
        while (!isSpace(at(i)) && at(i) !== EQ && at(i) !== GT && at(i) !== SLASH && at(i) !== DQ && at(i) !== SQ) i++;
        const attributeName = slice(attributeBegin, i);
        if (attributeName === "") fail(`Empty attribute name in the tag "${tag}" at byte offset ${begin}`);
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) !== EQ) {
          if (at(i) === 0) fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);
          if (tag === "blockquote" && attributeName === "expandable") argument = "1";
          continue;
        }
        i++;
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) === 0) fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);

        let value: string;
        if (at(i) !== SQ && at(i) !== DQ) {
          // An unquoted name token: letters, digits, periods and hyphens, case-insensitive.
          const tokenBegin = i;
          while (isAlnum(at(i)) || at(i) === 0x2e || at(i) === 0x2d) i++;
          value = slice(tokenBegin, i).toLowerCase();
          if (!isSpace(at(i)) && at(i) !== GT) fail(`Unexpected end of name token at byte offset ${tokenBegin}`);
        } else {
          const endCharacter = at(i++);
          const valueBytes: number[] = [];
          while (at(i) !== endCharacter && at(i) !== 0) {
            if (at(i) === AMP) {
              const decoded = decodeEntity(i);
              if (decoded !== undefined) {
                appendUtf8(valueBytes, decoded.code);
                i = decoded.next;
                continue;
              }
            }
            valueBytes.push(at(i++));
          }
          if (at(i) === endCharacter) i++;
          value = Buffer.from(valueBytes).toString("utf8");
        }
        if (at(i) === 0) fail(`Unclosed start tag at byte offset ${begin}`);

        if (tag === "a" && attributeName === "href") argument = value;
        else if (tag === "code" && attributeName === "class" && value.startsWith("language-")) argument = value.slice(9);
        else if (tag === "span" && attributeName === "class" && value.startsWith("tg-")) argument = value.slice(3);
        else if (tag === "tg-emoji" && attributeName === "emoji-id") argument = value;
        // A date-time (Bot API 9.5): "unix|format", read when the tag closes.
        else if (tag === "tg-time" && attributeName === "unix") argument = `${value}|${argument.split("|")[1] ?? ""}`;
        else if (tag === "tg-time" && attributeName === "format") argument = `${argument.split("|")[0] ?? ""}|${value}`;
        else if (tag === "blockquote" && attributeName === "expandable") argument = "1";
      }
      if (tag === "span" && argument !== "spoiler") {
        fail(`Tag "span" must have class "tg-spoiler" at byte offset ${begin}`);
      }
      stack.push({ tag, argument, utf16Offset: utf16, resultPos: out.length });
    } else {
      if (stack.length === 0) fail(`Unexpected end tag at byte offset ${begin}`);
      while (!isSpace(at(i)) && at(i) !== GT) i++;
      const endTag = slice(begin + 2, i).toLowerCase();
      while (isSpace(at(i)) && at(i) !== 0) i++;
      if (at(i) !== GT) fail(`Unclosed end tag at byte offset ${begin}`);
      const open = stack[stack.length - 1] as OpenTag;
      if (endTag !== "" && endTag !== open.tag) {
        fail(`Unmatched end tag at byte offset ${begin}, expected "</${open.tag}>", found "</${endTag}>"`);
      }
      if (utf16 > open.utf16Offset) {
        closeEntity(open, utf16, () => Buffer.from(out.slice(open.resultPos)).toString("utf8"), entities);
      }
      stack.pop();
    }
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed !== undefined) fail(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  if (hasSurrogate) {
    fail("Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units");
  }

  const cleaned: MessageEntity[] = entities.map((draft) => {
    const { argument: _argument, ...entity } = draft;
    return entity;
  });
  return { text: Buffer.from(out).toString("utf8"), entities: sortEntities(cleaned) };
}

function closeEntity(open: OpenTag, utf16: number, innerText: () => string, entities: Draft[]): void {
  const offset = open.utf16Offset;
  const length = utf16 - offset;
  const last = entities[entities.length - 1];
  switch (open.tag) {
    case "i":
    case "em":
      entities.push({ type: "italic", offset, length });
      return;
    case "b":
    case "strong":
      entities.push({ type: "bold", offset, length });
      return;
    case "s":
    case "strike":
    case "del":
      entities.push({ type: "strikethrough", offset, length });
      return;
    case "u":
    case "ins":
      entities.push({ type: "underline", offset, length });
      return;
    case "tg-spoiler":
    case "span":
      entities.push({ type: "spoiler", offset, length });
      return;
    case "tg-emoji":
      if (!/^\d{1,19}$/.test(open.argument) || BigInt(open.argument) === 0n || BigInt(open.argument) > 2n ** 63n - 1n) {
        throw new EntityParseError("Invalid custom emoji identifier specified");
      }
      entities.push({ type: "custom_emoji", offset, length, custom_emoji_id: open.argument });
      return;
    case "tg-time": {
      const [unix = "", format = ""] = open.argument.split("|");
      if (!/^\d{1,12}$/.test(unix)) throw new EntityParseError("Invalid Unix time specified for a date-time entity");
      if (!/^(?:r|w?[dD]?[tT]?)$/.test(format)) throw new EntityParseError("Invalid date-time format specified");
      entities.push({ type: "date_time", offset, length, unix_time: Number(unix), date_time_format: format as DateTimeFormat });
      return;
    }
    case "a": {
      // <a> without href links its own text.
      const url = open.argument === "" ? innerText() : open.argument;
      const userId = /^tg:\/\/user\?id=(\d{1,15})$/i.exec(url)?.[1];
      if (userId !== undefined) {
        entities.push({ type: "text_mention", offset, length, user: { id: Number(userId), is_bot: false, first_name: "" } });
        return;
      }
      const checked = checkedLink(url);
      // TDLib silently drops a link it cannot use, keeping the text.
      if (checked !== undefined) entities.push({ type: "text_link", offset, length, url: checked });
      return;
    }
    case "pre":
      if (last?.type === "code" && last.offset === offset && last.length === length && last.argument) {
        entities[entities.length - 1] = { type: "pre", offset, length, language: last.argument };
      } else {
        entities.push({ type: "pre", offset, length });
      }
      return;
    case "code":
      if (last?.type === "pre" && last.offset === offset && last.length === length && open.argument !== "") {
        entities[entities.length - 1] = { type: "pre", offset, length, language: open.argument };
      } else {
        entities.push({ type: "code", offset, length, argument: open.argument });
      }
      return;
    case "blockquote":
      entities.push({ type: open.argument === "" ? "blockquote" : "expandable_blockquote", offset, length });
      return;
    default:
      throw new Error(`unreachable tag ${open.tag}`);
  }
}

/** Telegram accepts http(s) and tg links, and a bare host as http; anything else is dropped. */
export function checkedLink(raw: string): string | undefined {
  const url = raw.trim();
  if (/^tg:/i.test(url)) return url;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : /^[^\s/]+\.[^\s/]+/.test(url) ? `http://${url}` : undefined;
  if (withScheme === undefined) return undefined;
  try {
    const parsed = new URL(withScheme);
    if ((parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "") return parsed.href;
  } catch {
    // not a URL
  }
  return undefined;
}

const TYPE_PRIORITY: Record<string, number> = {
  mention: 50,
  hashtag: 50,
  bot_command: 50,
  url: 50,
  email: 50,
  bold: 90,
  italic: 91,
  code: 20,
  pre: 11,
  text_link: 49,
  text_mention: 49,
  cashtag: 50,
  phone_number: 50,
  underline: 92,
  strikethrough: 93,
  blockquote: 0,
  expandable_blockquote: 0,
  spoiler: 94,
  custom_emoji: 99,
  date_time: 99,
};

/** TDLib's order: by offset, longer first, then by type priority. */
export function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return [...entities].sort(
    (a, b) => a.offset - b.offset || b.length - a.length || (TYPE_PRIORITY[a.type] ?? 50) - (TYPE_PRIORITY[b.type] ?? 50),
  );
}
