/** Escapes text for Telegram's HTML parse mode. Every dynamic value goes through here. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * At most `max` characters as people count them (grapheme clusters: an emoji with its joiners
 * and modifiers is one), with "…" when cut. Every place that shortens text a person typed
 * goes through here: cutting UTF-16 units can leave half an emoji, which Telegram refuses.
 */
export function shorten(text: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (count === max) return `${text.slice(0, index)}…`;
    count++;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** How many characters people would count in `text` (grapheme clusters). */
export function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** "2026-11-22 12:05": a moment in UTC, to the minute. */
export function formatUtcMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

/** Telegram's date_time_format: "dt" a short date and time, "t" the time, "T" with seconds. */
export type MomentFormat = "dt" | "t" | "T";

/**
 * A moment a person reads, as Telegram's date-time entity (Bot API 9.5, issue 40): each app
 * shows it in its reader's time zone and language. Its text, in UTC ("2026-11-22 12:05 UTC"),
 * is what an app without the entity shows.
 */
export function moment(ms: number, format: MomentFormat = "dt"): string {
  const iso = new Date(ms).toISOString();
  const text = format === "dt" ? `${formatUtcMinute(ms)} UTC` : `${iso.slice(11, format === "T" ? 19 : 16)} UTC`;
  return `<tg-time unix="${Math.floor(ms / 1000)}" format="${format}">${text}</tg-time>`;
}

/** "BTC", or "USDT (TRX)" when the network says more than the symbol does. */
export function currencyLabel(c: { symbol: string; network: string }): string {
  return c.symbol === c.network ? c.symbol.toUpperCase() : `${c.symbol.toUpperCase()} (${c.network.toUpperCase()})`;
}

/** A wait as a person reads it: whole seconds, rounded up, at least 1. */
export function waitSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
