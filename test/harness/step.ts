/**
 * One step of the exchange flow (src/bot/conversations/), run alone and fast: inside a real
 * conversation of @grammyjs/conversations v2 on a real grammY Bot, with nothing leaving the
 * process. As the plugin's own tests do it: a fixed botInfo, hand-made updates given to
 * `bot.handleUpdate`, and an API transformer that answers every call as Telegram would (a sent
 * message gets the next message_id, an edit that changes nothing is refused "message is not
 * modified"). Texts and keyboards are checked and read as Telegram reads them, with the Bot API
 * emulator's own parsers (src/emulator/), so a test sees what the person would see.
 *
 * The bot speaks through the i18n the real bot installs (createI18n, locales/), the same way:
 * the i18n middleware on the bot, the per-update language inside the conversation
 * (languageOfUpdate), and the recorder of the conversation outermost over slimSentMessages
 * (src/bot/index.ts). The conversation's state is kept in memory as JSON, as the database
 * keeps it, so every update replays the step from its start exactly as in production.
 *
 * The end-to-end tests (test/*.test.ts) stay the proof that the pieces fit; these check a step's
 * own rules in milliseconds.
 */
import { conversations, createConversation } from "@grammyjs/conversations";
import type { I18n } from "@grammyjs/i18n";
import { Api, Bot, type Transformer } from "grammy";
import type { Chat, InlineKeyboardMarkup, Message, Update, User, UserFromGetMe } from "grammy/types";
import type { BaseContext, BotContext } from "../../src/bot/context.js";
import { type FlowConversation, FlowUi } from "../../src/bot/conversations/flow-ui.js";
import { slimSentMessages } from "../../src/bot/conversations/slim-record.js";
import { createI18n, languageOfUpdate } from "../../src/bot/i18n.js";
import { botUserFor } from "../../src/emulator/index.js";
import { parseInlineKeyboard } from "../../src/emulator/keyboard.js";
import { formatText, MAX_CAPTION_LENGTH, MAX_TEXT_LENGTH } from "../../src/emulator/text.js";
import { BotApiError, badRequest } from "../../src/emulator/types.js";
import { CURRENCIES } from "../../src/exchange/sandbox/catalogue.js";
import type { Currency } from "../../src/service/schemas.js";

export const BOT_INFO: UserFromGetMe = botUserFor("7000:step-harness");

/** A Bot API call the step made (on the first run only: a replay answers from the conversation's record). */
export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
}

export interface Button {
  text: string;
  callback_data?: string;
  style?: string;
}

/** A message of the private chat, as it reads now: an edit updates the object itself. */
export interface ChatMessage {
  message_id: number;
  from: "bot" | "person";
  /** What the person reads: the HTML parsed as Telegram parses it (tags gone, entities decoded). */
  text: string;
  /** What the bot sent (HTML). */
  html: string;
  /** Rows of inline buttons; none: []. */
  keyboard: Button[][];
  /** Times the bot edited it. */
  edits: number;
}

/** What one update of the person brought. */
export interface Turn {
  /** Messages the bot sent while handling it, in order. */
  sent: ChatMessage[];
  /** Messages it edited, as they read after the edit. */
  edited: ChatMessage[];
  /** The answer to a tapped button: its text ("" when answered without one); undefined when not answered. */
  toast: string | undefined;
  /** Every Bot API call the update made. */
  calls: ApiCall[];
}

/** A step of the flow: what it needs is given by the test; it gets the conversation and the flow's UI, begun. */
export type StepFunction<T> = (conversation: FlowConversation, ui: FlowUi, ctx: BaseContext) => Promise<T>;

export interface StepOptions {
  /** The person's Telegram app language (their updates' language_code); "en" by default. */
  languageCode?: string;
  /** Their /language choice, as the bot reads it from the database; none by default. */
  language?: string;
  userId?: number;
  /**
   * Answers a call before the fake Telegram does: a result (`{ ok: true, result }`), or an error
   * (`{ ok: false, error_code, description }`); undefined: the fake Telegram answers.
   */
  answer?: (call: ApiCall) => { ok: true; result: unknown } | { ok: false; error_code: number; description: string } | undefined;
}

type ApiResult = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

let runs = 0;
/** When every message is dated: steps read message ids, never dates. */
const DATE = Date.UTC(2026, 0, 1) / 1000;

/**
 * Starts `step` as a flow would at its start (a FlowUi on a flow id of its own, beginStep called),
 * on a "/exchange" from the person; resolves once it is waiting for them (or done).
 */
export async function runStep<T>(step: StepFunction<T>, options: StepOptions = {}): Promise<StepRun<T>> {
  const run = new StepRun<T>(step, options);
  await run.start();
  return run;
}

export class StepRun<T> {
  /** Every Bot API call so far, in order. */
  readonly calls: ApiCall[] = [];
  /** The private chat: the person's messages and the bot's, in order, as they read now. */
  readonly chat: ChatMessage[] = [];
  /** Updates the conversation did not take (it had returned): they went past it. */
  readonly unhandled: Update[] = [];
  /** The flow run's id: the buttons it draws carry it. */
  readonly flowId = `st${(++runs).toString(36)}`;

  private readonly bot: Bot<BotContext>;
  private readonly user: User;
  private readonly i18n: I18n<BaseContext>;
  private nextMessageId = 1;
  private nextUpdateId = 1;
  /** Order in which bot messages were last sent or edited (for "the last keyboard shown"). */
  private readonly touched = new Map<number, number>();
  private touches = 0;
  private toast: string | undefined;
  private outcome: { value: T } | undefined;
  /** The conversations' storage: JSON by key, as the database keeps it. */
  private readonly stored = new Map<string, string>();

  constructor(
    private readonly step: StepFunction<T>,
    private readonly options: StepOptions,
  ) {
    this.user = { id: options.userId ?? 5001, is_bot: false, first_name: "Ana", language_code: options.languageCode ?? "en" };
    this.i18n = createI18n(async () => options.language ?? null);
    this.bot = this.build();
  }

  /** True once the step returned. */
  get done(): boolean {
    return this.outcome !== undefined;
  }

  /** What the step returned; throws while it has not returned. */
  get result(): T {
    if (!this.outcome) throw new Error(`the step has not returned; the chat so far:\n${this.transcript()}`);
    return this.outcome.value;
  }

  /** The bot's messages, in order. */
  get sent(): ChatMessage[] {
    return this.chat.filter((message) => message.from === "bot");
  }

  /** The bot's last message (sent, not edited). */
  last(): ChatMessage {
    const message = this.sent.at(-1);
    if (!message) throw new Error("the bot has sent nothing");
    return message;
  }

  /** The bot's message with buttons that was sent or edited last: the one a person taps. */
  shownKeyboard(): ChatMessage {
    const withButtons = this.sent.filter((message) => message.keyboard.length > 0);
    const latest = withButtons.sort((a, b) => this.touched.get(b.message_id)! - this.touched.get(a.message_id)!)[0];
    if (!latest) throw new Error(`no message with buttons; the chat so far:\n${this.transcript()}`);
    return latest;
  }

  /** Starts the step: the person's "/exchange" (runStep does it). */
  async start(): Promise<Turn> {
    return this.send("/exchange");
  }

  /** The person types `text`. */
  async send(text: string): Promise<Turn> {
    const message = this.personMessage(text);
    const entities = text.startsWith("/") ? [{ type: "bot_command" as const, offset: 0, length: text.split(" ")[0]!.length }] : undefined;
    return this.deliver({
      update_id: this.nextUpdateId++,
      message: { ...this.telegramMessage(message, this.user), ...(entities ? { entities } : {}) },
    });
  }

  /** The person sends a message that is not text: `fields` of a Telegram message (a sticker, a photo…). */
  async post(fields: Partial<Message>): Promise<Turn> {
    const { text: _text, ...message } = this.telegramMessage(this.personMessage(""), this.user);
    return this.deliver({ update_id: this.nextUpdateId++, message: { ...message, ...fields } as never });
  }

  /**
   * The person taps the button labelled `label` (the exact label, else the one label containing
   * it, or matching it) on `on` (by default the message with buttons shown last): a message of
   * the chat as it reads now, or a snapshot() of it as it read before an edit (a tap sent before
   * the edit reached the person's app).
   */
  async tap(label: string | RegExp, on?: ChatMessage): Promise<Turn> {
    const message = on ?? this.shownKeyboard();
    const buttons = message.keyboard.flat();
    const matches = buttons.filter((button) => (typeof label === "string" ? button.text.includes(label) : label.test(button.text)));
    const button = matches.find((candidate) => candidate.text === label) ?? (matches.length === 1 ? matches[0] : undefined);
    if (!button) {
      const why = matches.length === 0 ? "no button matches" : `${matches.length} buttons match`;
      throw new Error(`${why} ${String(label)} on "${message.text.slice(0, 80)}". Buttons: ${buttons.map((b) => `[${b.text}]`).join(" ")}`);
    }
    return this.press(button, message);
  }

  /** The person presses `button` on `message` (the message with buttons shown last by default): any button, one of another flow's too. */
  async press(button: Button, message: ChatMessage = this.shownKeyboard()): Promise<Turn> {
    if (button.callback_data === undefined) throw new Error(`[${button.text}] is not a callback button`);
    return this.deliver({
      update_id: this.nextUpdateId++,
      callback_query: {
        id: `q${this.nextUpdateId}`,
        from: this.user,
        chat_instance: "42",
        data: button.callback_data,
        message: this.telegramMessage(message, BOT_INFO),
      },
    });
  }

  /** The size of the conversation's stored state (JSON, as the database keeps it): the flow's replay log, mostly. */
  storedBytes(): number {
    let bytes = 0;
    for (const json of this.stored.values()) bytes += Buffer.byteLength(json);
    return bytes;
  }

  /** The chat as text, for failure messages. */
  transcript(): string {
    return this.chat
      .map(
        (m) => `${m.from === "bot" ? "bot" : "person"} #${m.message_id}: ${m.text}${m.keyboard.length ? `  ${labels(m).join(" | ")}` : ""}`,
      )
      .join("\n");
  }

  private async deliver(update: Update): Promise<Turn> {
    const before = { calls: this.calls.length, chat: this.chat.length, touches: this.touches };
    this.toast = undefined;
    await this.bot.handleUpdate(update);
    const calls = this.calls.slice(before.calls);
    const sent = this.chat.slice(before.chat).filter((message) => message.from === "bot");
    const edited = this.sent.filter(
      (message) => !sent.includes(message) && message.edits > 0 && this.touched.get(message.message_id)! > before.touches,
    );
    return { sent, edited, toast: this.toast, calls };
  }

  private build(): Bot<BotContext> {
    const bot = new Bot<BotContext>("7000:step-harness", { botInfo: BOT_INFO });
    const telegram: Transformer = async (_prev, method, payload) => this.answer(method, payload as Record<string, unknown>) as never;
    // Nothing leaves the process, inside the conversation or outside it.
    bot.api.config.use(telegram);
    bot.use(this.i18n);
    const language = languageOfUpdate(this.i18n);
    bot.use(language.record);
    const stored = this.stored;
    bot.use(
      conversations<BotContext, BaseContext>({
        storage: {
          type: "key",
          adapter: {
            read: (key) => (stored.has(key) ? JSON.parse(stored.get(key)!) : undefined),
            write: (key, value) => void stored.set(key, JSON.stringify(value)),
            delete: (key) => void stored.delete(key),
          },
          getStorageKey: (ctx) => ctx.chatId?.toString(),
        },
        plugins: [
          language.reuse,
          (ctx, next) => {
            // As the bot does (src/bot/index.ts): a fresh Api inside the conversation, the plugin's
            // recorder outermost; here Telegram is the fake one.
            const recorder = ctx.api.config.installedTransformers();
            const api = new Api(ctx.api.token, ctx.api.options);
            api.config.use(telegram, slimSentMessages, ...recorder);
            (ctx as { api: Api }).api = api;
            return next();
          },
        ],
      }),
    );
    const flowId = this.flowId;
    const body = this.step;
    const finish = (value: T) => {
      this.outcome = { value };
    };
    bot.use(
      createConversation<BotContext, BaseContext>(async function step(conversation, ctx) {
        const ui = new FlowUi(conversation, ctx, flowId);
        await ui.beginStep();
        finish(await body(conversation, ui, ctx));
      }, "step"),
    );
    bot.command("exchange", (ctx) => ctx.conversation.enter("step"));
    bot.use((ctx) => void this.unhandled.push(ctx.update));
    return bot;
  }

  /** The fake Telegram: records the call and answers it as the Bot API would. */
  private answer(method: string, payload: Record<string, unknown>): ApiResult {
    const call = { method, payload };
    this.calls.push(call);
    const given = this.options.answer?.(call);
    if (given) return given;
    try {
      return { ok: true, result: this.telegram(method, payload) };
    } catch (error) {
      if (error instanceof BotApiError) return { ok: false, error_code: error.error_code, description: error.description };
      throw error;
    }
  }

  private telegram(method: string, payload: Record<string, unknown>): unknown {
    switch (method) {
      case "sendMessage":
      case "sendPhoto": {
        this.checkChat(payload.chat_id);
        const photo = method === "sendPhoto";
        const { text, html } = this.format(payload, photo ? "caption" : "text");
        const message: ChatMessage = { message_id: this.nextMessageId++, from: "bot", text, html, keyboard: keyboardOf(payload), edits: 0 };
        this.chat.push(message);
        this.touch(message);
        return this.telegramMessage(message, BOT_INFO);
      }
      case "editMessageText": {
        this.checkChat(payload.chat_id);
        const message = this.current(Number(payload.message_id));
        if (message.from !== "bot") throw badRequest("message can't be edited");
        const { text, html } = this.format(payload, "text");
        const keyboard = keyboardOf(payload);
        if (text === message.text && JSON.stringify(keyboard) === JSON.stringify(message.keyboard)) {
          throw badRequest(
            "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
          );
        }
        Object.assign(message, { text, html, keyboard, edits: message.edits + 1 });
        this.touch(message);
        return this.telegramMessage(message, BOT_INFO);
      }
      case "answerCallbackQuery":
        this.toast = typeof payload.text === "string" ? payload.text : "";
        return true;
      case "sendChatAction":
      case "deleteMessage":
        return true;
      default:
        throw new Error(`the step harness does not answer ${method} yet: add it to StepRun.telegram`);
    }
  }

  private format(payload: Record<string, unknown>, field: "text" | "caption"): { text: string; html: string } {
    const raw = typeof payload[field] === "string" ? (payload[field] as string) : "";
    const formatted = formatText(
      { raw, parseMode: payload.parse_mode, entities: payload[field === "text" ? "entities" : "caption_entities"] },
      {
        strictAmpersand: true,
        allowEmpty: field === "caption",
        maxLength: field === "caption" ? MAX_CAPTION_LENGTH : MAX_TEXT_LENGTH,
        tooLong: field === "caption" ? "message caption is too long" : "message is too long",
        warn: (warning) => {
          throw new Error(warning);
        },
      },
    );
    return { text: formatted.text, html: raw };
  }

  private checkChat(chatId: unknown): void {
    if (Number(chatId) !== this.user.id) throw badRequest("chat not found");
  }

  private touch(message: ChatMessage): void {
    this.touched.set(message.message_id, ++this.touches);
  }

  private current(messageId: number): ChatMessage {
    const message = this.chat.find((m) => m.message_id === messageId);
    if (!message) throw badRequest("message to edit not found");
    return message;
  }

  private personMessage(text: string): ChatMessage {
    const message: ChatMessage = { message_id: this.nextMessageId++, from: "person", text, html: text, keyboard: [], edits: 0 };
    this.chat.push(message);
    return message;
  }

  private telegramMessage(message: ChatMessage, from: User): Message.TextMessage & { chat: Chat.PrivateChat; from: User } {
    const date = DATE;
    const reply_markup: InlineKeyboardMarkup | undefined =
      message.keyboard.length > 0 ? { inline_keyboard: message.keyboard as never } : undefined;
    return {
      message_id: message.message_id,
      date,
      chat: { id: this.user.id, type: "private", first_name: this.user.first_name },
      from,
      text: message.text,
      ...(message.edits > 0 ? { edit_date: date } : {}),
      ...(reply_markup ? { reply_markup } : {}),
    };
  }
}

/** The inline keyboard of a call's payload, checked as Telegram checks it (callback data of at most 64 bytes…). */
function keyboardOf(payload: Record<string, unknown>): Button[][] {
  const markup = payload.reply_markup as { inline_keyboard?: unknown } | undefined;
  if (markup?.inline_keyboard === undefined) return [];
  return parseInlineKeyboard(JSON.parse(JSON.stringify(markup.inline_keyboard)), { strictButtons: true }).inline_keyboard.map((row) =>
    row.map((button) => ({
      text: button.text,
      ...("callback_data" in button && button.callback_data !== undefined ? { callback_data: button.callback_data } : {}),
      ...(button.style === undefined ? {} : { style: button.style }),
    })),
  );
}

/** A message as it reads now, kept as it is when the bot edits it later. */
export function snapshot(message: ChatMessage): ChatMessage {
  return structuredClone(message);
}

/** The labels of a message's buttons, row after row. */
export function labels(message: ChatMessage): string[] {
  return message.keyboard.flat().map((button) => button.text);
}

/** The sandbox catalogue's currencies (copied from the real one): what a step is given to work on. */
export const CATALOGUE: readonly Currency[] = CURRENCIES;

/** A currency of the sandbox catalogue, by symbol and network ("usdt", "trx"). */
export function currency(symbol: string, network: string = symbol): Currency {
  const found = CATALOGUE.find((c) => c.symbol === symbol && c.network === network);
  if (!found) throw new Error(`no ${symbol} on ${network} in the sandbox catalogue`);
  return found;
}
