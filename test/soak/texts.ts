/**
 * What the bot says, as the soak's people and invariants read it (issue 39): the English phrases
 * of locales/en.ftl that tell a card, a status change, deposit details and the like apart, in
 * the visible text (HTML parsed, as a person sees it). Every person speaks English.
 */
import { parseHtml } from "../../src/emulator/index.js";

/** An exchange id as the sandbox makes them (`changenow-floating-1a2b3c…`). */
const ID = "([a-z0-9]+(?:-[a-z0-9]+)+)";

export const SAYS = {
  /** card-title: the card of one exchange (creation card, /status, a card from /history). */
  cardTitle: new RegExp(`🔁 Exchange ${ID}`),
  /** created-title: the creation card (it shows where to send). */
  created: "✅ Exchange created",
  /** created-repeat, notice-repeat: a message (deposit details, a status) that may repeat one that arrived. */
  sentAgain: "🔁 Sent again in case the previous message did not arrive",
  /** deposit-ready: deposit details that came after the creation. */
  depositReady: new RegExp(`📬 The deposit details of exchange ${ID} are here`),
  /** created-send, followed by the deposit address on the next line. */
  sendTo: "to this address:",
  /** change-title, the first line of a status change: "<status> · exchange <id>". */
  changeTitle: new RegExp(`^(.+) · exchange ${ID}$`),
  /** card-status. */
  cardStatus: /^Status: (.+)$/m,
  /** deposit-missing-address, deposit-missing-memo: the card says not to send, the details are not there yet. */
  depositMissing: /has not given the deposit (address|memo) yet/,
  createUnknown: "I could not confirm whether your exchange was created",
  createInFlight: "Your exchange may be being created right now",
  createRefused: "The exchange service refused the exchange you confirmed",
  trackingStopped: "I stopped following exchange",
  alertReached: "🔔 Rate alert:",
  alertExpired: "⌛ Your rate alert for",
  receipt: "🧾 For support · exchange",
  qrCode: "QR code of the",
} as const;

/** Statuses by their label (status-*), and each one's place in an exchange's life. */
export const STATUS_BY_LABEL: Readonly<Record<string, string>> = {
  "⏳ Waiting for your deposit": "waiting",
  "🔎 Confirming your deposit": "confirming",
  "🔄 Exchanging": "exchanging",
  "📤 Sending to your address": "sending",
  "✅ Finished": "finished",
  "❌ Failed": "failed",
  "↩️ Refunded": "refunded",
  "⌛ Expired: no deposit in time": "overdue",
};

export const STATUS_RANK: Readonly<Record<string, number>> = {
  waiting: 0,
  confirming: 1,
  exchanging: 2,
  sending: 3,
  finished: 4,
  failed: 4,
  refunded: 4,
  overdue: 4,
};

/** The visible text of an HTML text the bot sent (as Telegram shows it). */
export function visibleText(html: string): string {
  try {
    return parseHtml(html).text;
  } catch {
    // Telegram refused it anyway; read it roughly.
    return html
      .replace(/<[^>]*>/g, "")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  }
}

/** The status change a message announces: its status (as the bot names it) and exchange. */
export function statusChange(text: string): { status: string; exchangeId: string } | undefined {
  // A message sent again after an unsure send says so first (notice-repeat), then a blank line.
  const first = text.split("\n").find((line) => line.trim() !== "" && !line.startsWith(SAYS.sentAgain)) ?? "";
  const match = SAYS.changeTitle.exec(first);
  if (!match) return undefined;
  return { status: STATUS_BY_LABEL[match[1]!] ?? `unknown: ${match[1]}`, exchangeId: match[2]! };
}

/** The deposit address a message shows as where to send (the line after created-send), if it does. */
export function depositAddressShown(text: string): string | undefined {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.includes(SAYS.sendTo));
  const address = at < 0 ? undefined : lines[at + 1]?.trim();
  return address ? address : undefined;
}

/** The status a card shows (card-status), if the text is a card. */
export function cardStatus(text: string): string | undefined {
  const label = SAYS.cardStatus.exec(text)?.[1];
  return label === undefined ? undefined : (STATUS_BY_LABEL[label] ?? `unknown: ${label}`);
}

/**
 * News: what the bot says of its own accord (the tracker's status changes, deposit details that
 * came later, a creation card, alerts, tracking stopped, the QR code), not an answer to the update
 * just sent. A person waiting for an answer does not take these for one.
 */
export function isNews(text: string): boolean {
  return (
    statusChange(text) !== undefined ||
    SAYS.depositReady.test(text) ||
    text.includes(SAYS.created) ||
    text.includes(SAYS.trackingStopped) ||
    text.startsWith(SAYS.alertReached) ||
    text.startsWith(SAYS.alertExpired) ||
    text.startsWith(SAYS.qrCode)
  );
}

/** The visible text (or caption) of a stored message. */
export function textOf(message: { text?: string; caption?: string }): string {
  return message.text ?? message.caption ?? "";
}
