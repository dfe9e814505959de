/**
 * Left-to-right values inside right-to-left text (Persian). An address, an amount, an exchange
 * id or a command in Persian text is reordered by the Unicode bidi algorithm: "0.5 BTC" can
 * come out as "BTC 0.5" glued to the wrong word, "/exchange" as "exchange/". Isolating each
 * such value (LRI … PDI) keeps it left to right and in one piece.
 *
 * Fluent's own isolation (FSI … PDI around every variable) is off: its marks landed inside
 * <code> elements, so they rode along when a person copied an address or an id. Here, for
 * right-to-left locales only, and centrally (not by hand in the .ftl files):
 * - every string and amount variable is marked (`markVariables`) before Fluent formats the
 *   message (an amount, src/bot/amounts.ts, is marked around the text it writes in the locale);
 * - `isolateValues` then turns each marked value outside a <code>/<pre> element into
 *   LRI value PDI (FSI … PDI when the value is itself right-to-left text: a translated status, a
 *   person's name), and drops the marks of values inside one; left-to-right values only a space
 *   apart ("0.5 BTC", an amount and its currency) share one isolate, so they read in one piece;
 * - every <code>/<pre> element gets LRI just before it and PDI just after it, outside the
 *   entity, so what a person copies is exactly the value;
 * - a bot command written in the text ("/exchange", "/alert 0.5 btc eth 17.2") is isolated with
 *   its left-to-right arguments; a "@" written just before a value joins that value's isolate
 *   ("@name" stays a mention);
 * - an arrow the translation writes between two amounts ("0.5 BTC → USDT") points the reading
 *   way: "→" is not mirrored by the bidi algorithm, so in right-to-left text it would point back
 *   at the amount sent; it becomes "←" (the translations write "→", as English does). Values and
 *   <code> elements keep theirs.
 * - every line starts with a right-to-left mark (`startLinesRightToLeft`): a line whose only
 *   strong letters are in its left-to-right values ("0.5 BTC → USDT", a history button) would
 *   otherwise take its direction from them, and show the swap backwards.
 * Numbers stay numbers (Fluent formats them, and plurals select on them); they need no marks.
 */

import { Localized } from "./amounts.js";

/** Locales written right to left. */
export const RTL_LOCALES: ReadonlySet<string> = new Set(["fa", "ar", "he", "ur"]);

export const RLM = "\u200f";
export const LRI = "\u2066";
export const FSI = "\u2068";
export const PDI = "\u2069";
/** Every bidi mark and isolate: none may sit inside a <code> element. */
export const BIDI_MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

// Unicode noncharacters, for a program's internal use: never in text a person or service sends
// (removed from values all the same, so a value cannot forge one).
const OPEN = "\ufdd0";
const CLOSE = "\ufdd1";
const MARKERS = /[\ufdd0\ufdd1]/g;

/** Strong right-to-left letters: Hebrew, Arabic (Persian, Urdu), Syriac, Thaana, NKo and their presentation forms. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdcf\ufdf0-\ufdff\ufe70-\ufefc]/;

export function isRtlLocale(locale: string): boolean {
  return RTL_LOCALES.has(locale.split("-")[0]!.toLowerCase());
}

/**
 * The variables with every string and amount value marked for `isolateValues`, except those the
 * message selects a variant on (`{ $estimated -> [yes] … }`): a marked "yes" would match no variant.
 */
export function markVariables<T extends Record<string, unknown>>(
  variables: T | undefined,
  selectors: ReadonlySet<string> = new Set(),
): T | undefined {
  if (variables === undefined) return undefined;
  const marked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (selectors.has(name)) marked[name] = value;
    else if (typeof value === "string") marked[name] = mark(value);
    else if (value instanceof Localized) marked[name] = value.map(mark);
    else marked[name] = value;
  }
  return marked as T;
}

function mark(text: string): string {
  return `${OPEN}${text.replace(MARKERS, "")}${CLOSE}`;
}

/** A Fluent runtime pattern, as far as finding its selectors needs. */
type PatternPart = string | { type: string; selector?: { type: string; name?: string }; variants?: { value: Pattern }[]; star?: number };
type Pattern = string | PatternPart[];

/** The variables a pattern selects a variant on, at any depth. */
export function selectorsOf(pattern: Pattern | undefined, found: Set<string> = new Set()): Set<string> {
  if (pattern === undefined || typeof pattern === "string") return found;
  for (const part of pattern) {
    if (typeof part === "string" || part.type !== "select") continue;
    if (part.selector?.type === "var" && part.selector.name !== undefined) found.add(part.selector.name);
    for (const variant of part.variants ?? []) selectorsOf(variant.value, found);
  }
  return found;
}

const TOKENS = /<\/?(code|pre)\b[^>]*>|<[^>]*>|[\ufdd0\ufdd1]/gi;

/** A formatted right-to-left message, its marked values and its left-to-right pieces isolated (see above). */
export function isolateValues(text: string): string {
  let out = "";
  let inCode = 0;
  /** Where the open value began in `out`, and the text it had before it (a "@"). */
  let valueStart = -1;
  /** Where the last left-to-right value's isolate ended in `out` (just after its PDI). */
  let ltrEnd = -1;
  let last = 0;
  const flushText = (chunk: string) => {
    out += inCode > 0 || valueStart >= 0 ? chunk : isolateCommands(arrowsReadingWay(chunk));
  };
  for (const match of text.matchAll(TOKENS)) {
    flushText(text.slice(last, match.index));
    last = match.index + match[0].length;
    let token = match[0];
    if (token === OPEN) {
      if (inCode === 0) valueStart = out.endsWith("@") ? out.length - 1 : out.length;
    } else if (token === CLOSE) {
      if (valueStart >= 0 && out.length > valueStart) {
        const value = out.slice(valueStart);
        const between = out.slice(ltrEnd, valueStart);
        const ltr = !RTL_LETTER.test(value.replace(/<[^>]*>/g, ""));
        // A left-to-right value a space after another ("0.5 BTC") joins that one's isolate.
        if (ltr && ltrEnd >= 0 && /^[ \u00a0]+$/.test(between)) out = out.slice(0, ltrEnd - 1) + between + value + PDI;
        else out = out.slice(0, valueStart) + (ltr ? LRI : FSI) + value + PDI;
        ltrEnd = ltr ? out.length : -1;
      }
      valueStart = -1;
    } else if (match[1] !== undefined) {
      token = token.replace(MARKERS, "");
      const closing = token.startsWith("</");
      if (!closing && inCode++ === 0) out += LRI + token;
      else if (closing && inCode > 0 && --inCode === 0) out += token + PDI;
      else out += token;
    } else {
      // A tag's attributes (a link's address) take no marks.
      out += token.replace(MARKERS, "");
    }
  }
  flushText(text.slice(last));
  return out;
}

/** Arrows of the translation's own text, pointing the way right-to-left text reads (see above). */
export function arrowsReadingWay(text: string): string {
  return text.replace(/\u2192/g, "\u2190");
}

/**
 * "/alert 0.5 btc eth 17.2" in Persian text: the command with what follows it up to the next
 * right-to-left letter, bracket (its pair would be split) or the line's end, without the spaces
 * and punctuation at its end.
 */
const RTL_RANGES = String.raw`\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc`;
const COMMAND = new RegExp(
  String.raw`(^|[^\p{L}\p{N}_/:.\-@])(\/[a-z][a-z0-9_]{0,31}(?:[^\n()[\]«»${RTL_RANGES}]*(?![${RTL_RANGES}])[\p{L}\p{N}])?)`,
  "gmu",
);

function isolateCommands(chunk: string): string {
  return chunk.replace(COMMAND, (_all, before: string, command: string) => `${before}${LRI}${command}${PDI}`);
}

const CODE_TAG = /<(\/?)(?:code|pre)\b[^>]*>/gi;

/**
 * Each line of a right-to-left message (or button label) starts with a right-to-left mark, so
 * that the app lays it out right to left whatever its values are; not a line that starts inside
 * a <code>/<pre> element (what a person copies stays exact), nor an empty one.
 */
export function startLinesRightToLeft(text: string): string {
  let inCode = 0;
  return text
    .split("\n")
    .map((line) => {
      const marked = inCode === 0 && line !== "" ? RLM + line : line;
      for (const tag of line.matchAll(CODE_TAG)) inCode = Math.max(0, inCode + (tag[1] === "/" ? -1 : 1));
      return marked;
    })
    .join("\n");
}
