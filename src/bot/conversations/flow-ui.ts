import type { Conversation } from "@grammyjs/conversations";
import type { TranslationVariables } from "@grammyjs/i18n";
import { GrammyError, InlineKeyboard, type InputFile } from "grammy";
import { type ParseAmountOptions, type ParsedAmount, parseAmount } from "../../domain/amount.js";
import { flowButton } from "../callback-data.js";
import type { BaseContext, BotContext } from "../context.js";
import { amountReading } from "../i18n.js";
import { isNotModified } from "../telegram-errors.js";

export type FlowConversation = Conversation<BotContext, BaseContext>;
type Checkpoint = ReturnType<FlowConversation["checkpoint"]>;

/**
 * Wrong inputs one step takes before it is asked again from its start. Every wait appends the
 * update (and every answer the reply) to the conversation's stored replay log, which is read
 * and written whole on each message: a flow that kept getting wrong input grew for ever.
 */
export const STEP_INPUTS_MAX = 8;

/**
 * Inputs a step took without finishing (a page turn, a search in a picker) that it keeps in the
 * log: at this many it starts again quietly from where the person is (see FlowUi.took), so
 * browsing for ever does not grow the flow either. A page turn logs about 8 kB (the tapped
 * message in the update, the edited one in the reply).
 */
export const STEP_TAKEN_KEPT = 2;

/** What a step asked again carries over its restart, by flow: read back when it begins again. */
interface Restart {
  /** The prompt number it starts at (older buttons stay expired; a quiet restart keeps the current ones). */
  floor: number;
  /** Wrong inputs so far (a quiet restart keeps counting them). */
  wrong: number;
  /** Where the step was, for a quiet restart. */
  resume: unknown;
}
/**
 * Restarts on their way, by flow: each is read back within the update that set it, so only one
 * whose update failed in between stays; past RESTARTS_KEPT the oldest go (memory stays bounded).
 */
const restarts = new Map<string, Restart>();
const RESTARTS_KEPT = 1_000;

export type Input = { kind: "button"; action: string; arg: string } | { kind: "text"; text: string };

export interface Screen {
  text: string;
  keyboard?: InlineKeyboard;
}

/** Builds buttons bound to one flow run and one prompt, so older buttons can be told apart. */
export type ButtonFactory = (label: string, action: string, arg?: string | number) => { text: string; callback_data: string };

/**
 * The conversation's view of the chat: prompts with buttons bound to this flow run and
 * to the prompt they belong to, and one input loop that turns stale buttons away.
 * Everything here is replay-safe: it only talks to Telegram through the conversation.
 */
export class FlowUi {
  /** Increases with every new prompt; a button carries the prompt it belongs to. */
  private step = 0;
  /** Where the current step began, and the inputs since then: all of them, and the wrong ones. */
  private stepStart: Checkpoint | undefined;
  private inputs = 0;
  private wrong = 0;
  /** The last input is not counted as wrong: the step took it and is here now (see took()). */
  private taken: { resume: unknown } | undefined;
  /** Where a step that started again quietly was, until it asks (see resumed()). */
  private resumedAt: unknown;

  constructor(
    private readonly conversation: FlowConversation,
    private readonly ctx: BaseContext,
    readonly flowId: string,
  ) {}

  /**
   * Marks the start of a step: after STEP_INPUTS_MAX wrong inputs, input() says so and rewinds
   * the conversation here, which cuts the stored log back to this point (what was chosen before
   * is kept: it is in the log before here) and asks the step again.
   */
  async beginStep(): Promise<void> {
    this.stepStart = this.conversation.checkpoint();
    this.inputs = 0;
    this.taken = undefined;
    // Recorded after the checkpoint: a step asked again numbers its prompts past the ones it
    // had shown, whose buttons must stay expired.
    const restart = await this.conversation.external((): Restart | null => {
      const value = restarts.get(this.flowId);
      restarts.delete(this.flowId);
      return value ?? null;
    });
    this.step = Math.max(this.step, restart?.floor ?? 0);
    this.wrong = restart?.wrong ?? 0;
    this.resumedAt = restart?.resume ?? undefined;
  }

  /**
   * The step took the last input without finishing (a page turned, a search shown) and is now
   * at `resume`: the input is not a wrong one. Once the step holds STEP_TAKEN_KEPT such inputs,
   * it starts again quietly from `resume` (its prompt stays, its buttons keep working).
   */
  took(resume: unknown): void {
    if (this.taken === undefined) this.wrong--;
    this.taken = { resume };
  }

  /** Where the step was when it started again quietly; once, at its start. */
  resumed<T>(): T | undefined {
    const value = this.resumedAt as T | undefined;
    this.resumedAt = undefined;
    return value;
  }

  /**
   * An amount the person typed, read as people of their language write it. Only an amount that
   * reads otherwise where a dot groups thousands ("1.000") asks what the person's language is,
   * through the flow's log (a replay reads alike, and flows stored before this asked nothing).
   */
  async readAmount(text: string, options: ParseAmountOptions = {}): Promise<ParsedAmount> {
    const plain = parseAmount(text, options);
    const dotGrouped = parseAmount(text, { ...options, dotMayGroupThousands: true });
    if (plain.ok === dotGrouped.ok) return plain;
    const reading = await this.conversation.external(() => amountReading(this.ctx));
    return reading.dotMayGroupThousands ? dotGrouped : plain;
  }

  t(key: string, variables?: TranslationVariables): string {
    return this.ctx.t(key, variables);
  }

  /** Sends a new prompt; buttons of earlier prompts stop working. Returns its message id. */
  async prompt(build: (button: ButtonFactory) => Screen): Promise<number> {
    this.step++;
    const screen = build(this.buttonFactory());
    const message = await this.ctx.reply(screen.text, {
      parse_mode: "HTML",
      reply_markup: screen.keyboard,
      link_preview_options: { is_disabled: true },
    });
    return message.message_id;
  }

  /**
   * Redraws the current prompt in place. Paging keeps its buttons valid; new content whose
   * buttons mean something else (refreshed offers) takes `newStep`, so a tap on the old
   * buttons, sent before the edit arrived, expires instead of picking another offer.
   */
  async redraw(messageId: number, build: (button: ButtonFactory) => Screen, options: { newStep?: boolean } = {}): Promise<void> {
    if (options.newStep) this.step++;
    const screen = build(this.buttonFactory());
    try {
      await this.ctx.api.editMessageText(this.ctx.chat!.id, messageId, screen.text, {
        parse_mode: "HTML",
        reply_markup: screen.keyboard,
        link_preview_options: { is_disabled: true },
      });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  }

  /** A short message that is not a prompt: an explanation, a refusal. */
  async say(text: string, keyboard?: InlineKeyboard): Promise<void> {
    await this.ctx.reply(text, { parse_mode: "HTML", reply_markup: keyboard, link_preview_options: { is_disabled: true } });
  }

  async photo(file: InputFile, caption: string): Promise<void> {
    await this.ctx.replyWithPhoto(file, { caption, parse_mode: "HTML" });
  }

  /**
   * Waits for text or a tap on a button of the current prompt. Taps on older buttons are
   * answered "expired"; anything else gets a hint; neither moves the flow.
   */
  async input(): Promise<Input> {
    for (;;) {
      if (this.stepStart !== undefined && this.wrong >= STEP_INPUTS_MAX) {
        await this.say(this.t("flow-step-again"));
        await this.restart({ floor: this.step, wrong: 0, resume: null });
      }
      if (this.stepStart !== undefined && this.taken !== undefined && this.inputs >= STEP_TAKEN_KEPT) {
        await this.restart({ floor: this.step, wrong: this.wrong, resume: this.taken.resume });
      }
      const next = await this.conversation.wait();
      this.inputs++;
      // Counted as wrong until the step says it took it.
      this.wrong++;
      this.taken = undefined;
      const data = next.callbackQuery?.data;
      if (data !== undefined) {
        const button = flowButton.decode(data);
        if (!button || button.flow !== this.flowId || button.step !== this.step) {
          await answerQuietly(next, this.t("button-expired"));
          continue;
        }
        await answerQuietly(next);
        return { kind: "button", action: button.action, arg: button.arg };
      }
      const text = next.message?.text;
      if (text !== undefined) {
        if (text.startsWith("/")) {
          await this.say(this.t("flow-unknown-command"));
          continue;
        }
        return { kind: "text", text };
      }
      if (next.message) await this.say(this.t("flow-text-expected"));
    }
  }

  /** Back to the step's start (the stored log is cut there); `restart` is read back by beginStep. */
  private async restart(restart: Restart): Promise<never> {
    restarts.set(this.flowId, restart);
    if (restarts.size > RESTARTS_KEPT) restarts.delete(restarts.keys().next().value!);
    return this.conversation.rewind(this.stepStart!);
  }

  /** The prompt whose buttons are live now. */
  get currentStep(): number {
    return this.step;
  }

  /** Buttons bound to the current prompt, for a screen drawn outside the conversation. */
  buttons(): ButtonFactory {
    return this.buttonFactory();
  }

  private buttonFactory(): ButtonFactory {
    return flowButtons(this.flowId, this.step);
  }
}

/** The buttons of prompt `step` of flow run `flowId`, as FlowUi builds them (also outside the conversation: offers-recovery.ts). */
export function flowButtons(flowId: string, step: number): ButtonFactory {
  return (label, action, arg) => ({ text: label, callback_data: flowButton.encode({ flow: flowId, step, action, arg }) });
}

/** Answers a callback query; a second delivery of the same query must not break the flow. */
async function answerQuietly(ctx: BaseContext, text?: string): Promise<void> {
  try {
    await ctx.answerCallbackQuery(text === undefined ? undefined : { text });
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
  }
}

/** Rows of `perRow` buttons. */
export function grid(buttons: { text: string; callback_data: string }[], perRow: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  buttons.forEach((button, i) => {
    if (i > 0 && i % perRow === 0) keyboard.row();
    keyboard.text(button.text, button.callback_data);
  });
  return keyboard;
}
