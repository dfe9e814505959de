/**
 * What the bot did in Telegram over a soak run (issue 39), kept small: the emulator records every
 * call (`tg.calls`), and a long run makes millions, so the journal reads them every few seconds,
 * keeps of each what the invariants judge (the messages sent and edited into each chat, in
 * order, by what they say; the 429s Telegram answered and whether each was sent again) and
 * empties the emulator's list. The emulator must record calls (`recordCalls`, its default).
 */
import type { ApiCall, BotApiEmulator } from "../../src/emulator/index.js";
import { cardStatus, depositAddressShown, isNews, SAYS, statusChange, visibleText } from "./texts.js";

/** One message the bot sent into a chat (`send`) or an edit of one (`edit`), as Telegram carried it out. */
export interface ChatEvent {
  /** Order of arrival over all calls. */
  seq: number;
  /** When the call came (epoch ms). */
  at: number;
  kind: "send" | "edit";
  /** Unknown for a send whose answer was lost. */
  messageId?: number;
  /** Exchange ids the text names as a card, a status change or deposit details. */
  cardOf?: string;
  change?: { status: string; exchangeId: string };
  /** The status it shows as a card (card-status). */
  cardStatus?: string;
  depositReadyOf?: string;
  /** It says "Exchange created". */
  created: boolean;
  /** It says it may repeat deposit details that arrived. */
  sentAgain: boolean;
  /** The deposit address it shows as where to send (never on a receipt for support). */
  depositAddress?: string;
  /** It says the deposit details are not there yet (don't send anything). */
  depositMissing: boolean;
  /** It says the creation's outcome is unknown (an exchange may exist, with no id). */
  createUnknown: boolean;
  news: boolean;
  /** A wait or progress note ("⏳ …"), which may rightly come again. */
  waiting: boolean;
  /** The visible text's hash and its start, to tell two identical messages. */
  hash: number;
  preview: string;
}

/** A call Telegram answered 429, until a later call carried out the same thing. */
export interface Refused429 {
  seq: number;
  at: number;
  method: string;
  chatId?: number;
  retryAfterS: number;
  /** What a retry of the same thing looks like (method, chat, text; or the edited message; or the query). */
  key: string;
  preview: string;
}

const LOST_ANSWER = "emulator: the answer was lost";
const POSTS = /^send(?!ChatAction)[A-Z]\w*$|^(copy|forward)Messages?$/;
const EDITS = /^editMessage(Text|Caption|ReplyMarkup|Media)$/;

export class TelegramJournal {
  /** By chat id: what the bot sent and edited there, in order. */
  readonly chats = new Map<number, ChatEvent[]>();
  /** 429s not followed (yet) by the same call carried out. */
  readonly refused: Refused429[] = [];
  /** By chat id: the sends and edits Telegram did not carry out (refused, or no connection). */
  readonly failures = new Map<number, (ChatEvent & { failed: string })[]>();
  /** 429s followed by the same call carried out. */
  retried = 0;
  private seq = 0;

  constructor(private readonly tg: BotApiEmulator) {}

  /** Reads the calls recorded since the last time, and empties the list (but for calls not answered yet). */
  drain(): void {
    const calls = this.tg.calls;
    const unanswered: ApiCall[] = [];
    for (const call of calls) {
      // Pushed on arrival with a placeholder answer; a held call is answered later.
      if (call.response.ok && call.response.result === undefined) unanswered.push(call);
      else this.read(call);
    }
    calls.splice(0, calls.length, ...unanswered);
  }

  /** The events of one chat, in order. */
  eventsOf(chatId: number): readonly ChatEvent[] {
    return this.chats.get(chatId) ?? [];
  }

  private read(call: ApiCall): void {
    const seq = this.seq++;
    const { method, payload, response } = call;
    const carried = response.ok || response.description === LOST_ANSWER;
    const chatId = typeof payload.chat_id === "number" ? payload.chat_id : Number(payload.chat_id) || undefined;
    const key = retryKey(method, payload, chatId);
    if (carried && key !== undefined) {
      const before = this.refused.length;
      for (let i = this.refused.length - 1; i >= 0; i--) if (this.refused[i]!.key === key) this.refused.splice(i, 1);
      this.retried += before - this.refused.length;
    }
    if (!response.ok && response.error_code === 429 && key !== undefined && method !== "sendChatAction") {
      this.refused.push({
        seq,
        at: call.at,
        method,
        ...(chatId === undefined ? {} : { chatId }),
        retryAfterS: response.parameters?.retry_after ?? 1,
        key,
        preview: String(payload.text ?? payload.caption ?? "").slice(0, 80),
      });
    }
    if (chatId === undefined) return;
    const posts = POSTS.test(method);
    if (!posts && !EDITS.test(method)) return;
    const html = typeof payload.text === "string" ? payload.text : typeof payload.caption === "string" ? payload.caption : undefined;
    if (html === undefined) return;
    const messageId = posts ? resultMessageId(response) : typeof payload.message_id === "number" ? payload.message_id : undefined;
    const event = describe(html, seq, call.at, posts ? "send" : "edit", messageId);
    if (!carried) {
      // Telegram's "message is not modified": the edit was there already.
      if (!response.ok && response.description.includes("message is not modified")) return;
      const failed = { ...event, failed: response.ok ? "?" : `${response.error_code} ${response.description.slice(0, 40)}` };
      const list = this.failures.get(chatId);
      if (list) list.push(failed);
      else this.failures.set(chatId, [failed]);
      return;
    }
    const events = this.chats.get(chatId);
    if (events) events.push(event);
    else this.chats.set(chatId, [event]);
  }

  /** The sends and edits of one chat Telegram did not carry out, in order: evidence for a violation. */
  failuresOf(chatId: number): readonly (ChatEvent & { failed: string })[] {
    return this.failures.get(chatId) ?? [];
  }
}

/** What the journal keeps of one text sent or edited into a chat. */
export function describe(html: string, seq: number, at: number, kind: "send" | "edit", messageId?: number): ChatEvent {
  const text = visibleText(html);
  const change = statusChange(text);
  const cardOf = SAYS.cardTitle.exec(text)?.[1];
  const depositReadyOf = SAYS.depositReady.exec(text)?.[1];
  const status = cardOf === undefined ? undefined : cardStatus(text);
  const depositAddress = text.includes(SAYS.receipt) ? undefined : depositAddressShown(text);
  return {
    seq,
    at,
    kind,
    ...(messageId === undefined ? {} : { messageId }),
    ...(cardOf === undefined ? {} : { cardOf }),
    ...(change === undefined ? {} : { change }),
    ...(status === undefined ? {} : { cardStatus: status }),
    ...(depositReadyOf === undefined ? {} : { depositReadyOf }),
    created: text.includes(SAYS.created),
    sentAgain: text.includes(SAYS.sentAgain),
    ...(depositAddress === undefined ? {} : { depositAddress }),
    depositMissing: SAYS.depositMissing.test(text),
    createUnknown: text.includes(SAYS.createUnknown),
    news: isNews(text),
    waiting: text.startsWith("⏳"),
    hash: hashOf(text),
    preview: text.replace(/\s+/g, " ").slice(0, 90),
  };
}

/**
 * The same call carried out again, as a retry of a refused one would be: a message into the same
 * chat with the same text (but for the card's "Updated" time, which a message rebuilt later
 * changes), any later edit of the same message, the same query answered, or else the same method
 * with the same parameters.
 */
function retryKey(method: string, payload: Record<string, unknown>, chatId: number | undefined): string | undefined {
  if (POSTS.test(method)) {
    const text = String(payload.text ?? payload.caption ?? "").replace(/<i>Updated [^<]* UTC<\/i>/, "");
    return `${method}|${chatId}|${hashOf(text)}`;
  }
  if (EDITS.test(method) || method === "deleteMessage") return `edit|${chatId}|${String(payload.message_id)}`;
  if (method === "answerCallbackQuery") return `callback|${String(payload.callback_query_id)}`;
  if (method === "answerInlineQuery") return `inline|${String(payload.inline_query_id)}`;
  if (method === "getUpdates" || method === "sendChatAction") return undefined;
  return `${method}|${JSON.stringify(payload)}`;
}

function resultMessageId(response: ApiCall["response"]): number | undefined {
  if (!response.ok) return undefined;
  const result = response.result as { message_id?: unknown } | undefined;
  return typeof result?.message_id === "number" ? result.message_id : undefined;
}

/** FNV-1a over the UTF-16 units: equal texts, equal hashes (and rarely unequal ones). */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const journals = new WeakMap<BotApiEmulator, TelegramJournal>();
/** How often the journal reads the emulator's calls: what piles up between two reads is all it holds. */
const DRAIN_EVERY_MS = 2_000;

/** The run's journal of `tg`, reading its calls every two seconds from the first ask on. */
export function journalOf(tg: BotApiEmulator): TelegramJournal {
  let journal = journals.get(tg);
  if (!journal) {
    const created = new TelegramJournal(tg);
    journals.set(tg, created);
    setInterval(() => created.drain(), DRAIN_EVERY_MS).unref();
    journal = created;
  }
  return journal;
}
