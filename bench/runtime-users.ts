/**
 * The users of bench/runtime.ts: scenarios that many chats play at once against whichever
 * bot polls the emulator, timed from each update to the bot's answer.
 */
import { performance } from "node:perf_hooks";
import type { BotApiEmulator, StoredMessage, TestUser } from "../src/emulator/index.js";

/** Chats acting at once. */
export const CONCURRENT = 50;
export const ANSWER_TIMEOUT_MS = 15_000;

/** What one user holds on to between bursts. */
interface UserState {
  /** The bot's last prompt (a picker), from `prepare`. */
  prompt?: StoredMessage;
  /** A message with the main menu (ours) or any keyboard (bare), sent once. */
  menu?: StoredMessage;
}

export interface Scenario {
  name: string;
  /** Untimed, before each burst: brings the user to where the timed update applies; returns the updates it sent. */
  prepare?: (user: TestUser, state: UserState) => Promise<number>;
  /** The timed update; resolves once the bot's answer (message, and callback answer for a tap) is in. */
  act: (user: TestUser, state: UserState) => Promise<void>;
}

export const nextAnswer = (user: TestUser) => user.nextMessage({ timeoutMs: ANSWER_TIMEOUT_MS });

function buttonTexts(message: StoredMessage): string[] {
  return (message.reply_markup?.inline_keyboard ?? []).flat().map((button) => button.text);
}

/** Taps a button and waits for both the callback answer and the message the bot sends for it. */
async function tap(user: TestUser, message: StoredMessage, text: string): Promise<void> {
  const query = await user.click(message, text);
  await Promise.all([user.callbackAnswer(query, ANSWER_TIMEOUT_MS), nextAnswer(user)]);
}

const openFlow = async (user: TestUser, state: UserState) => {
  await user.send("/exchange");
  state.prompt = await nextAnswer(user);
  return 1;
};

export const SCENARIOS: Scenario[] = [
  {
    name: "/start → welcome",
    act: async (user) => {
      await user.send("/start");
      await nextAnswer(user);
    },
  },
  {
    // After /exchange (untimed): a replay of the flow, an exact search in the catalogue, no upstream call.
    name: "flow 'btc btc' → picker 2",
    prepare: openFlow,
    act: async (user) => {
      await user.send("btc btc");
      await nextAnswer(user);
    },
  },
  {
    // After /exchange (untimed): the picker's first currency; a callback answer, then the second picker.
    name: "flow tap → picker 2",
    prepare: openFlow,
    act: (user, state) => tap(user, state.prompt!, buttonTexts(state.prompt!)[0]!),
  },
  {
    // Outside any flow: the menu's last button (Help); a callback answer, then the help text.
    name: "menu tap (Help) → help",
    prepare: async (user, state) => {
      if (state.menu) return 0;
      await user.send("/start");
      state.menu = await nextAnswer(user);
      return 1;
    },
    act: (user, state) => tap(user, state.menu!, buttonTexts(state.menu!).at(-1)!),
  },
];

/** What a run of bursts measured. */
export interface Timed {
  /** Per timed update, ms from the update to the bot's answer. */
  latencies: number[];
  /** The timed bursts only, from each burst's first update to its last answer. */
  elapsedMs: number;
  /** Every update sent, untimed ones (`prepare`) included. */
  updates: number;
}

let nextUserId = 10_000;

/** CONCURRENT new users make the scenario's update at once, `rounds` times (after `prepare`, untimed). */
export async function bursts(tg: BotApiEmulator, scenario: Scenario, rounds: number): Promise<Timed> {
  const users = Array.from({ length: CONCURRENT }, () => ({
    user: tg.user({ id: nextUserId++, first_name: "Bench", language_code: "en" }),
    state: {} as UserState,
  }));
  const timed: Timed = { latencies: [], elapsedMs: 0, updates: 0 };
  for (let round = 0; round < rounds; round++) {
    if (scenario.prepare) {
      const sent = await Promise.all(users.map(({ user, state }) => scenario.prepare!(user, state)));
      timed.updates += sent.reduce((a, b) => a + b, 0);
    }
    const t0 = performance.now();
    const latencies = await Promise.all(
      users.map(async ({ user, state }) => {
        const start = performance.now();
        await scenario.act(user, state);
        return performance.now() - start;
      }),
    );
    timed.elapsedMs += performance.now() - t0;
    timed.latencies.push(...latencies);
    timed.updates += users.length;
  }
  return timed;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
