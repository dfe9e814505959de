/**
 * Telegram's flood limits, enforced strictly (the real service is looser in bursts): more than
 * one message a second in a chat, twenty a minute in a group or thirty a second overall is
 * answered 429 with the retry_after that would have been enough.
 */
export interface FloodRules {
  chatGapMs: number;
  groupPerMinute: number;
  perSecond: number;
}

export const STRICT_FLOOD_RULES: FloodRules = { chatGapMs: 1_000, groupPerMinute: 20, perSecond: 30 };

/** What counts as a message: posting into a chat. Edits, answers and chat actions do not. */
const MESSAGE_METHODS = /^(send(?!chataction)\w+|copymessages?|forwardmessages?)$/;

export class FloodGate {
  private readonly lastInChat = new Map<string, number>();
  private readonly groupMinute = new Map<string, number[]>();
  private readonly lastSecond: number[] = [];

  constructor(
    private readonly rules: FloodRules,
    private readonly now: () => number,
  ) {}

  /** Seconds to wait when this call breaks a limit (it is then not counted), else undefined. */
  refuse(method: string, chatId: unknown): number | undefined {
    if (!MESSAGE_METHODS.test(method.toLowerCase()) || (typeof chatId !== "number" && typeof chatId !== "string")) return undefined;
    const chat = String(chatId);
    const now = this.now();
    const minute = (this.groupMinute.get(chat) ?? []).filter((at) => at > now - 60_000);
    while (this.lastSecond.length > 0 && (this.lastSecond[0] ?? 0) <= now - 1_000) this.lastSecond.shift();
    const readyAt = Math.max(
      (this.lastInChat.get(chat) ?? -Infinity) + this.rules.chatGapMs,
      chat.startsWith("-") && minute.length >= this.rules.groupPerMinute ? (minute[0] ?? now) + 60_000 : -Infinity,
      this.lastSecond.length >= this.rules.perSecond ? (this.lastSecond[0] ?? now) + 1_000 : -Infinity,
    );
    if (readyAt > now) return Math.max(1, Math.ceil((readyAt - now) / 1_000));
    this.lastInChat.set(chat, now);
    if (chat.startsWith("-")) this.groupMinute.set(chat, [...minute, now]);
    this.lastSecond.push(now);
    return undefined;
  }
}
