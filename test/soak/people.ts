/**
 * The soak's simulated people (issue 39): each one, on the Bot API emulator, goes through the
 * bot's flows one after another, as chosen by a generator of their own (forked from the run's):
 * exchanges to the end (then steered at the sandbox: the deposit comes, the exchange fails, is
 * refunded or left to expire), starting over mid-flow, double taps, /history, Refresh, /status,
 * quotes in a group and inline, rate alerts; one more plays support staff (/lookup, /user,
 * /stats). Faults strike meanwhile: a person who waits in vain gives up and starts over, and
 * never stops the run. What they did goes into `world.facts` for the invariants and the report.
 */
import { Decimal } from "decimal.js";
import { type BotApiEmulator, EmulatorClosedError, type StoredMessage, type TestChat, type TestUser } from "../../src/emulator/index.js";
import { buttons, offerButtons } from "../harness/flow.js";
import { attemptAmount } from "./attempts.js";
import { pause } from "./faults.js";
import { journalOf } from "./journal.js";
import type { Random } from "./random.js";
import { isNews, SAYS, textOf } from "./texts.js";
import type { PeopleFacts, RunPeople, SoakWorld } from "./world.js";

/** The people's Telegram ids: FIRST_PERSON_ID + their index. */
export const FIRST_PERSON_ID = 880_000;
/** People share groups of about this many, for /rate. */
const GROUP_SIZE = 8;

/** How long a person waits for a prompt, for the offers (the limit may make them wait in line), for the card. */
const PROMPT_MS = 75_000;
const OFFERS_MS = 240_000;
const CARD_MS = 300_000;
/** How long an update's answer is looked for at all (for the facts), after the person gave up. */
const ANSWER_LOOKED_FOR_MS = 15 * 60_000;
/** How long a person may still wait for an answer once the run's time is up. */
const FINISH_MS = 45_000;
/** Confirm taps one exchange may take (the quote changed, the next best offer…) before the person gives up. */
const MAX_CONFIRMS = 4;

/** A swap a person makes: currencies as typed, the pair as the service names it, an amount's base and digits, where to receive. */
interface Swap {
  from: string;
  to: string;
  pair: string;
  base: string;
  decimals: number;
  address: string;
  memo?: string;
}

const TRON = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";
const BITCOIN = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const ETHEREUM = "0x52908400098527886E0F7030069857D2E4169EE7";
const RIPPLE = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";

/** Within every provider's limits; the last digits of each amount name the person and the attempt. */
export const SWAPS: readonly Swap[] = [
  { from: "btc btc", to: "usdt trx", pair: "btc/btc>usdt/trx", base: "0.05", decimals: 8, address: TRON },
  { from: "eth eth", to: "btc btc", pair: "eth/eth>btc/btc", base: "1.2", decimals: 8, address: BITCOIN },
  { from: "usdt trx", to: "eth eth", pair: "usdt/trx>eth/eth", base: "300", decimals: 6, address: ETHEREUM },
  { from: "btc btc", to: "xrp xrp", pair: "btc/btc>xrp/xrp", base: "0.02", decimals: 8, address: RIPPLE, memo: "123456" },
  { from: "xrp xrp", to: "btc btc", pair: "xrp/xrp>btc/btc", base: "500", decimals: 6, address: BITCOIN },
];

type Scenario = "finished" | "failed" | "refunded" | "overdue";

/** What a person does next, and how often, relative to the rest. */
const ACTIONS = {
  exchange: 8,
  startOver: 1.5,
  doubleConfirm: 1,
  doubleOffer: 0.7,
  history: 1,
  refresh: 1,
  status: 1,
  group: 0.6,
  inline: 0.6,
  alert: 0.4,
  start: 0.3,
} as const;
type Action = keyof typeof ACTIONS;

/** Gave up waiting for an answer (recorded in the facts as an update never answered, or answered late). */
class Stuck extends Error {}

/** Wakes the people's waits when anything changes in Telegram, and follows each update until it is answered. */
class Watch {
  private readonly waiters = new Set<() => void>();
  private readonly pending = new Set<{ fact: PeopleFacts["updates"][number]; chatId: number; messageId: number }>();
  private scheduled = false;
  private readonly off: () => void;
  /** Every wait ends by then (epoch ms): see finishSoon. */
  private finishBy = Number.POSITIVE_INFINITY;
  /** Wakes the waits at least once a second, so that they see their time is up. */
  private readonly ticker = setInterval(() => this.poke(), 1_000);

  constructor(
    private readonly tg: BotApiEmulator,
    private readonly world: SoakWorld,
  ) {
    this.off = tg.onChange(() => this.poke());
  }

  private poke(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      this.settleAnswers();
      for (const waiter of [...this.waiters]) waiter();
    }, 5);
  }

  /**
   * Resolves with what `find` finds, as soon as it does, or undefined after `timeoutMs` (at most
   * FINISH_MS once the run's time is up); rejects with what it throws.
   */
  until<T>(find: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    const deadline = Math.min(Date.now() + timeoutMs, this.finishBy);
    return new Promise((resolve, reject) => {
      const finish = (settle: () => void) => {
        this.waiters.delete(waiter);
        settle();
      };
      const waiter = () => {
        try {
          const value = find();
          if (value !== undefined) finish(() => resolve(value));
          else if (Date.now() >= Math.min(deadline, this.finishBy)) finish(() => resolve(undefined));
        } catch (error) {
          finish(() => reject(error));
        }
      };
      this.waiters.add(waiter);
      waiter();
    });
  }

  /** From now on no wait lasts more than FINISH_MS. */
  finishSoon(): void {
    this.finishBy = Math.min(this.finishBy, Date.now() + FINISH_MS);
  }

  /** A message sent: answered once the bot says anything in that chat after it (news aside). */
  followMessage(fact: PeopleFacts["updates"][number], chatId: number, messageId: number): void {
    this.pending.add({ fact, chatId, messageId });
  }

  private settleAnswers(): void {
    const now = this.world.elapsed();
    for (const entry of this.pending) {
      const answered = this.tg.messagesAfter(entry.chatId, entry.messageId).some((message) => message.from_bot && !isNews(textOf(message)));
      if (answered) entry.fact.answeredAt = now;
      if (answered || now - entry.fact.sentAt > ANSWER_LOOKED_FOR_MS) this.pending.delete(entry);
    }
  }

  close(): void {
    this.off();
    clearInterval(this.ticker);
    for (const waiter of [...this.waiters]) waiter();
  }
}

type Fact = PeopleFacts["updates"][number];

/** What every person acts with. */
interface Stage {
  world: SoakWorld;
  tg: BotApiEmulator;
  watch: Watch;
  facts: PeopleFacts & { attempts: NonNullable<PeopleFacts["attempts"]> };
  until: AbortSignal;
  /** Background steering of the sandbox still to come. */
  steering: Set<Promise<void>>;
}

/** What a person failed at, counted for the run's note (a fault makes people wait in vain often). */
const outcomes = { stuck: 0, errors: 0, why: new Map<string, number>() };

class Actor {
  readonly user: TestUser;

  constructor(
    protected readonly stage: Stage,
    protected readonly random: Random,
    id: number,
  ) {
    this.user = stage.tg.user({ id, first_name: `P${id}`, language_code: "en" });
  }

  get chatId(): number {
    return this.user.chatId;
  }

  protected now(): number {
    return this.stage.world.elapsed();
  }

  /** Sends `text` (here, or into `chat`), recorded as an update of `kind`; returns the message's id. */
  protected async say(text: string, kind: string, chat?: TestChat, evenAtTheEnd = false): Promise<number> {
    if (this.stage.until.aborted && !evenAtTheEnd) throw new Stuck("the run's time is up");
    const chatId = chat?.id ?? this.chatId;
    const fact: Fact = { chatId, kind, sentAt: this.now(), userId: this.user.id };
    const messageId = await this.user.send(text, chat ? { chat } : {});
    fact.messageId = messageId;
    this.record(fact);
    this.stage.watch.followMessage(fact, chatId, messageId);
    return messageId;
  }

  /** The last update this person sent into their private chat. */
  private last: Fact | undefined;

  protected record(fact: Fact): void {
    this.stage.facts.updates.push(fact);
    if (fact.chatId === this.chatId) this.last = fact;
  }

  /**
   * Taps the button of `message` (as it is now) that `button` names; recorded as an update of
   * `kind`, answered when the bot answers the callback. Undefined when the button is gone.
   */
  protected async tap(message: StoredMessage, button: string | RegExp, kind: string): Promise<Fact | undefined> {
    if (this.stage.until.aborted) throw new Stuck("the run's time is up");
    const sentAt = this.now();
    let queryId: string;
    try {
      queryId = await this.user.click(message, button);
    } catch {
      return undefined;
    }
    const fact: Fact = { chatId: message.chat_id, kind, sentAt, userId: this.user.id, queryId };
    this.record(fact);
    this.user.callbackAnswer(queryId, ANSWER_LOOKED_FOR_MS).then(
      () => {
        fact.answeredAt = this.now();
      },
      () => {},
    );
    return fact;
  }

  /** The id of the chat's last message now (0 when it has none). */
  protected lastId(chatId = this.chatId): number {
    return this.stage.tg.messagesAfter(chatId, 0).at(-1)?.message_id ?? 0;
  }

  /** The first bot message after `afterId` (edits applied) that `find` accepts, or Stuck after `timeoutMs`. */
  /**
   * The first bot message after `afterId` (edits applied) that `find` accepts, or Stuck after
   * `timeoutMs`; Stuck sooner when nothing at all answered within PROMPT_MS (a long wait, for the
   * offers or the card, begins with an answer: a place in line, "getting offers"). `answered`
   * says whether something did (by default, a message after `afterId` that is not news).
   */
  protected async expect<T>(
    afterId: number,
    find: (message: StoredMessage, text: string) => T | undefined,
    timeoutMs: number,
    what: string,
    chatId = this.chatId,
    answered?: () => boolean,
  ): Promise<T> {
    const since = Date.now();
    let heard = false;
    const found = await this.stage.watch.until(() => {
      for (const message of this.stage.tg.messagesAfter(chatId, afterId)) {
        if (!message.from_bot) continue;
        const text = textOf(message);
        heard ||= !isNews(text);
        const value = find(message, text);
        if (value !== undefined) return value;
      }
      heard ||= answered?.() === true;
      if (!heard && Date.now() - since > PROMPT_MS)
        throw new Stuck(`no answer at all within ${PROMPT_MS / 1000} s (waiting for the ${what})`);
      return undefined;
    }, timeoutMs);
    if (found === undefined) throw new Stuck(`no ${what} within ${timeoutMs / 1000} s`);
    return found;
  }

  /** The first answer after `afterId` (anything but news). */
  protected answer(afterId: number, what: string, chatId = this.chatId, timeoutMs = PROMPT_MS): Promise<StoredMessage> {
    return this.expect(afterId, (message, text) => (isNews(text) ? undefined : message), timeoutMs, what, chatId);
  }

  /** A person's pause between two steps. */
  protected think(min = 200, max = 1_500): Promise<void> {
    return pause(this.random.int(min, max));
  }

  /** Acts until the run's time is up; whatever happens to one action, the next one comes. */
  async live(act: () => Promise<void>, gapMs: [number, number]): Promise<void> {
    while (!this.stage.until.aborted) {
      try {
        await act();
      } catch (error) {
        if (error instanceof Stuck) {
          // Stopped by the end of the run, this is no giving up.
          if (!this.stage.until.aborted) {
            outcomes.stuck++;
            const why = error.message.replace(/\d+(\.\d+)?/g, "N").slice(0, 70);
            outcomes.why.set(why, (outcomes.why.get(why) ?? 0) + 1);
          }
        } else if (error instanceof EmulatorClosedError) return;
        else {
          outcomes.errors++;
          if (outcomes.errors <= 20)
            this.stage.world.record({ at: this.now(), kind: "note", detail: `a person failed: ${String(error).slice(0, 200)}` });
        }
      }
      await pause(this.random.int(gapMs[0], gapMs[1]), this.stage.until);
    }
    await this.retake().catch(() => {});
  }

  /**
   * The time is up and this person's last update has no answer (it met a fault the bot could
   * not answer through): they take the step again, as a person would, with /start.
   */
  private async retake(): Promise<void> {
    if (this.last === undefined || this.last.answeredAt !== undefined) return;
    await this.stage.watch.until(() => this.last?.answeredAt, PROMPT_MS);
    if (this.last.answeredAt !== undefined) return;
    await this.answer(await this.say("/start", "start-again", undefined, true), "the answer to /start");
  }
}

/** A failure said in answer to a step: the person starts over. */
const STEP_FAILED = new RegExp(
  [
    "try again|not answering|unavailable|can't|cannot|no longer offers|below the minimum",
    "No provider|pick an offer again|Too many decimal|not a valid|has expired",
  ].join("|"),
  "i",
);

class Person extends Actor {
  private attempt = 0;
  /** The cards this person was shown: for Refresh and /status. */
  private readonly cards: { exchangeId: string; messageId: number }[] = [];
  private alerts = 0;

  constructor(
    stage: Stage,
    random: Random,
    private readonly index: number,
    private readonly group: TestChat,
  ) {
    super(stage, random, FIRST_PERSON_ID + index);
    group.addMember(this.user);
  }

  run(): Promise<void> {
    return this.live(async () => {
      const action = this.random.pick(Object.keys(ACTIONS) as Action[], (a) => ACTIONS[a]);
      await this.act(action);
    }, [500, 4_000]);
  }

  private async act(action: Action): Promise<void> {
    switch (action) {
      case "exchange":
        return this.exchange({});
      case "startOver":
        return this.exchange({ stopAfter: this.random.int(1, 6) });
      case "doubleConfirm":
        return this.exchange({ doubleConfirm: true });
      case "doubleOffer":
        return this.exchange({ doubleOffer: true });
      case "history":
        return this.history();
      case "refresh":
        return this.refresh();
      case "status":
        return this.status();
      case "group":
        return this.groupQuote();
      case "inline":
        return this.inlineQuote();
      case "alert":
        return this.alert();
      case "start":
        await this.answer(await this.say("/start", "start"), "the welcome");
    }
  }

  /**
   * One exchange through the flow, to its card and then steered at the sandbox; or left at step
   * `stopAfter` (1 the first picker … 5 the summary, 6 just after Confirm) for /exchange, /start or /cancel.
   */
  private async exchange(variant: { stopAfter?: number; doubleConfirm?: boolean; doubleOffer?: boolean }): Promise<void> {
    const stopAfter = variant.stopAfter ?? 99;
    const swap = this.random.pick(SWAPS);
    const amount = attemptAmount(swap, this.index, this.attempt++);
    const step = async (text: string, kind: string, expected: (text: string, message: StoredMessage) => boolean, what: string) => {
      await this.think();
      const sent = await this.say(text, kind);
      return this.expect(sent, (message, seen) => this.judge(message, seen, expected, what), PROMPT_MS, what);
    };
    await step("/exchange", "exchange", (text) => text.includes("What do you want to send?"), "first picker");
    if (stopAfter === 1) return this.startOver();
    await step(swap.from, "from", (text) => text.includes("What do you want to receive?"), "second picker");
    if (stopAfter === 2) return this.startOver();
    await step(swap.to, "to", (text) => text.includes("do you want to send?"), "amount prompt");
    if (stopAfter === 3) return this.startOver();

    this.stage.facts.attempts.push({ chatId: this.chatId, pair: swap.pair, amount, at: this.now() });
    await this.think();
    const amountSent = await this.say(amount, "amount");
    const offers = await this.expect(
      amountSent,
      (message, text) => this.judge(message, text, () => offerButtons(message).length > 0, "offers"),
      OFFERS_MS,
      "offers",
    );
    if (stopAfter === 4) return this.startOver();
    const labels = offerButtons(offers);
    const label = this.random.chance(0.7) ? labels[0]! : this.random.pick(labels);
    await this.think();
    const beforeOffer = this.lastId();
    if ((await this.tap(offers, label, "offer")) === undefined) throw new Stuck("the offer's button was gone");
    if (variant.doubleOffer) await this.tap(offers, label, "offer-again");
    const isAddressPrompt = (text: string) => text.includes("where you want to receive your coins");
    await this.expect(
      beforeOffer,
      (message, text) => this.judge(message, text, isAddressPrompt, "address prompt"),
      PROMPT_MS,
      "address prompt",
    );

    const isSummary = (_: string, message: StoredMessage) => buttons(message).some((b) => /^✅ Confirm/.test(b));
    let summary = await step(
      swap.address,
      "address",
      (text, message) => isSummary(text, message) || text.includes("needs a memo"),
      "summary",
    );
    if (!isSummary("", summary)) {
      if (swap.memo === undefined) throw new Stuck("a memo was asked for a swap without one");
      summary = await step(swap.memo, "memo", isSummary, "summary");
    }
    if (stopAfter === 5) return this.startOver();
    await this.think();
    await this.confirm(summary, amount, variant.doubleConfirm === true, stopAfter === 6);
  }

  /** What a step's answer is: the expected message, a failure (Stuck at once), or nothing yet. */
  private judge(
    message: StoredMessage,
    text: string,
    expected: (text: string, message: StoredMessage) => boolean,
    what: string,
  ): StoredMessage | undefined {
    if (expected(text, message)) return message;
    if (!isNews(text) && !text.startsWith("⏳") && STEP_FAILED.test(text)) throw new Stuck(`the ${what} step failed: ${text.slice(0, 80)}`);
    return undefined;
  }

  /**
   * Taps Confirm (twice at once for a double tap), and Confirm again on what asks for it (the
   * quote changed, the next best offer), up to the card; reads the exchange id on it and steers
   * it. `leave`: /start right after the tap, the card left to come by itself.
   */
  private async confirm(summary: StoredMessage, amount: string, double: boolean, leave: boolean): Promise<void> {
    const tapped = new Set<number>();
    let confirms = 0;
    let lastTap: Fact | undefined;
    const tapConfirm = async (message: StoredMessage, kind = "confirm") => {
      tapped.add(message.message_id);
      confirms++;
      const at = this.now();
      const tap = await this.tap(message, /^✅ Confirm/, kind);
      if (tap === undefined) return;
      lastTap = tap;
      this.stage.facts.confirms.push({ chatId: this.chatId, messageId: message.message_id, at });
    };
    await tapConfirm(summary);
    if (double) await tapConfirm(summary, "confirm-again");
    if (leave) return this.startOver();
    const known = new Set(this.cards.map((card) => card.exchangeId));
    const shown = `\n${new Decimal(amount).toFixed()} `;
    const deadline = this.now() + CARD_MS;
    for (;;) {
      type Next = { card: StoredMessage; id: string } | { again: StoredMessage } | { next: StoredMessage } | { end: string };
      const next = await this.expect<Next>(
        summary.message_id,
        (message, text) => {
          const card = SAYS.cardTitle.exec(text);
          if (card && !known.has(card[1]!) && text.includes(shown)) return { card: message, id: card[1]! };
          if (text.includes(SAYS.createUnknown) || text.includes(SAYS.createRefused)) return { end: text.slice(0, 60) };
          if (tapped.has(message.message_id)) return undefined;
          if (buttons(message).some((b) => /^✅ Confirm/.test(b))) return { again: message };
          if (text.includes("Tap below to see the next best one") && buttons(message).length > 0) return { next: message };
          if (!isNews(text) && !text.startsWith("⏳") && STEP_FAILED.test(text)) return { end: text.slice(0, 60) };
          return undefined;
        },
        Math.max(1, deadline - this.now()),
        "card",
        this.chatId,
        () => lastTap?.answeredAt !== undefined,
      );
      if ("end" in next) return;
      if ("again" in next) {
        if (confirms >= MAX_CONFIRMS) throw new Stuck("Confirm asked too many times");
        await this.think();
        await tapConfirm(next.again);
        continue;
      }
      if ("next" in next) {
        tapped.add(next.next.message_id);
        await this.tap(next.next, buttons(next.next)[0]!, "next-best");
        continue;
      }
      this.cards.push({ exchangeId: next.id, messageId: next.card.message_id });
      await this.followUp(next.id, next.card);
      return;
    }
  }

  /**
   * The exchange's life at the sandbox, as this person's scenario wants it: the deposit comes (the
   * person may say they sent it first), or it fails, or is refunded, or nothing comes and it expires.
   */
  private async followUp(exchangeId: string, card: StoredMessage): Promise<void> {
    const scenario = this.random.pick<Scenario>(["finished", "finished", "failed", "refunded", "overdue"]);
    this.stage.facts.exchanges.push({ chatId: this.chatId, exchangeId, scenario, at: this.now() });
    const { sandbox } = this.stage.world.fleet;
    const waiting = () => sandbox.transactions().find((t) => t.record.id === exchangeId)?.info.status === "waiting";
    // Only while it waits: a scenario set later would take back a status already shown.
    if (scenario !== "finished" && waiting()) sandbox.setScenario(exchangeId, scenario);
    if (scenario === "finished" && this.random.chance(0.5)) {
      await this.think();
      await this.tap(card, "📨 I have sent the funds", "funds-sent");
    }
    if (scenario === "overdue" || this.random.chance(0.4)) return;
    // Sooner than the sandbox's own timeline would: steered a few seconds on, in the background.
    const event = scenario === "finished" ? "deposit-arrived" : scenario === "failed" ? "fail" : "refund";
    const delay = this.random.int(1_000, 15_000);
    const steered = pause(delay, this.stage.until).then(() => {
      if (!this.stage.until.aborted && waiting()) sandbox.steer(exchangeId, event);
    });
    this.stage.steering.add(steered);
    void steered.finally(() => this.stage.steering.delete(steered));
  }

  /** Leaves the flow: /exchange again, /start or /cancel. */
  private async startOver(): Promise<void> {
    await this.think();
    const command = this.random.pick(["/exchange", "/start", "/cancel"]);
    await this.answer(await this.say(command, command.slice(1)), `the answer to ${command}`);
  }

  private async history(): Promise<void> {
    const list = await this.answer(await this.say("/history", "history"), "the history");
    const entries = buttons(list).filter((b) => /^\d+\. /.test(b));
    if (entries.length === 0 || !this.random.chance(0.4)) return;
    await this.think();
    await this.tap(list, this.random.pick(entries), "history-entry");
  }

  /** Refresh on one of the cards this person was shown. */
  private async refresh(): Promise<void> {
    if (this.cards.length === 0) return this.history();
    const { messageId } = this.random.pick(this.cards);
    const card = this.stage.tg.messagesAfter(this.chatId, messageId - 1)[0];
    if (!card || card.deleted || !buttons(card).includes("🔄 Refresh")) return;
    await this.tap(card, "🔄 Refresh", "refresh");
  }

  private async status(): Promise<void> {
    if (this.cards.length === 0) return this.history();
    const { exchangeId } = this.random.pick(this.cards);
    await this.answer(await this.say(`/status ${exchangeId}`, "status"), "the status");
  }

  /** /rate in the person's group; Telegram's per-group limit may rightly leave some unanswered. */
  private async groupQuote(): Promise<void> {
    const [amount, pair] = this.random.pick([
      ["0.5", "btc eth"],
      ["100", "usdt-trx btc"],
      ["2", "eth usdt"],
      [String(this.random.int(1, 9)), "eth btc"],
    ] as const);
    const sent = await this.say(`/rate ${amount} ${pair}`, "rate", this.group);
    await this.answer(sent, "the group's quote", this.group.id);
  }

  private async inlineQuote(): Promise<void> {
    const query = this.random.pick(["0.5 btc eth", "100 usdt-trx btc", "1 eth usdt", `${this.random.int(1, 9)} xrp btc`]);
    const sentAt = this.now();
    if (this.stage.until.aborted) return;
    const queryId = await this.user.inlineQuery(query, "private");
    const fact: Fact = { chatId: this.chatId, kind: "inline", sentAt, userId: this.user.id, queryId };
    this.record(fact);
    await this.user.inlineAnswer(queryId, PROMPT_MS).then(
      () => {
        fact.answeredAt = this.now();
      },
      () => {
        throw new Stuck("no inline answer");
      },
    );
  }

  /** A rate alert out of reach (it never fires), or the list of them once the person has a few. */
  private async alert(): Promise<void> {
    if (this.alerts >= 4) {
      await this.answer(await this.say("/alerts", "alerts"), "the alerts");
      return;
    }
    this.alerts++;
    const amount = `0.${this.random.int(10, 99)}`;
    await this.answer(await this.say(`/alert ${amount} btc eth 1000000`, "alert"), "the alert set");
  }
}

/** The support staff: looks exchanges and people up, and the statistics. */
class Staff extends Actor {
  run(people: number): Promise<void> {
    return this.live(async () => {
      const known = this.stage.facts.exchanges;
      const choice = this.random.pick(["lookup", "lookup", "user", "stats"] as const);
      const command =
        choice === "lookup" && known.length > 0
          ? `/lookup ${this.random.pick(known).exchangeId}`
          : choice === "user"
            ? `/user ${FIRST_PERSON_ID + this.random.int(0, Math.max(0, people - 1))}`
            : "/stats";
      await this.answer(await this.say(command, command.split(" ")[0]!.slice(1)), `the answer to ${command}`);
    }, [5_000, 20_000]);
  }
}

export const runPeople: RunPeople = async (world, { people, until }) => {
  const { tg } = world.fleet;
  journalOf(tg);
  const watch = new Watch(tg, world);
  until.addEventListener("abort", () => watch.finishSoon(), { once: true });
  world.facts.attempts ??= [];
  const stage: Stage = {
    world,
    tg,
    watch,
    facts: world.facts as Stage["facts"],
    until,
    steering: new Set(),
  };
  const groups = Array.from({ length: Math.ceil(people / GROUP_SIZE) }, (_, g) =>
    tg.group({ id: -1_008_800_000_000 - g, title: `Traders ${g + 1}`, type: "supergroup", admins: [FIRST_PERSON_ID + g * GROUP_SIZE] }),
  );
  // Forked in order, each before anyone acts: a person's draws never shift another's.
  const cast = Array.from({ length: people }, (_, i) => new Person(stage, world.random.fork(), i, groups[Math.floor(i / GROUP_SIZE)]!));
  const staff = new Staff(stage, world.random.fork(), world.supportUserId);
  try {
    await Promise.all([...cast.map((person) => person.run()), staff.run(people)]);
    await Promise.all([...stage.steering]);
  } finally {
    watch.close();
    world.record({
      at: world.elapsed(),
      kind: "note",
      detail:
        `the people gave up waiting ${outcomes.stuck} times (${[...outcomes.why].map(([why, n]) => `${n}× ${why}`).join("; ")}); ` +
        `${outcomes.errors} actions failed otherwise`,
    });
  }
};
