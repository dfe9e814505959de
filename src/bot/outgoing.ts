import type { Api, Transformer } from "grammy";
import type { ChatPacing } from "../chat/index.js";
import type { Metrics } from "../ops/metrics.js";
import type { Outbox } from "../telegram/outbox.js";
import { slimSentMessages } from "./conversations/slim-record.js";

export interface OutgoingDeps {
  metrics: Pick<Metrics, "rateLimitedBy">;
  /** Paces every call into a chat under Telegram's flood limits, and waits out a 429 where asked. */
  outbox: Pick<Outbox, "transformer">;
  /** Says on every text that the bot runs on the sandbox (sandbox-notice.ts); none on the real service. */
  notice?: Transformer;
  /**
   * The chats' turns (the fleet's: src/chat/turns.ts): a message into a private chat from outside
   * its update waits for it. None with one process (SQLite): its outbox alone keeps the gap in each chat.
   */
  turns?: ChatPacing;
  /** Refuses a call made under a lease this process lost, as it leaves (src/chat/fence.ts). */
  fence?: Transformer;
}

/** How one API's calls differ from the others'. */
export interface CallsOf {
  /**
   * Whether the outbox waits out a 429 and sends again: replies, yes (a network error is not
   * retried: a message must not go twice); status messages, no: the tracker owes them and tries
   * again on its own schedule (src/tracker/notifier.ts).
   */
  retry: boolean;
  /**
   * Which of the chats' turns. None for a conversation's calls: they are made while its update is
   * handled here, under the chat's lease, where the turns let a call by (src/chat/turns.ts).
   */
  turns?: keyof ChatPacing;
  /**
   * A conversation's API: the plugin records every call of the flow and, on replay, answers it
   * from the record (of a sent message, only what the flow reads: slim-record.ts). Its recorder
   * stays outermost, or a replay would be fenced, paced, counted and retried again.
   */
  recorder?: readonly Transformer[];
}

/**
 * Every call into Telegram, whichever API makes it (the bot's, the tracker's status API, each
 * conversation's), goes through one chain, built here; `calls` says how an API's calls differ.
 * grammY runs the transformer installed last outermost. From Telegram out:
 * 1. every 429 counted, retried or not (the outbox, wrapped around it, sends each attempt through it);
 * 2. the sandbox's notice;
 * 3. the fence, at the wire: a call made under a lease this process lost (the chat's, or the
 *    leader's) is refused as it is about to leave, after every wait below, and each retry is too;
 * 4. the outbox's pacing, and its retry of a 429 where asked;
 * 5. the chat's turn (the fleet's), status or other;
 * 6. a conversation's sent messages slimmed for its record;
 * 7. a conversation's recorder.
 */
export function outgoingCalls(deps: OutgoingDeps): (api: Api, calls: CallsOf) => Api {
  const count429: Transformer = async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (!result.ok && result.error_code === 429) deps.metrics.rateLimitedBy("telegram");
    return result;
  };
  const paced = { retried: deps.outbox.transformer({ retry: true }), once: deps.outbox.transformer({ retry: false }) };
  return (api, calls) => {
    const chain = [
      count429,
      ...(deps.notice ? [deps.notice] : []),
      ...(deps.fence ? [deps.fence] : []),
      calls.retry ? paced.retried : paced.once,
      ...(calls.turns && deps.turns ? [deps.turns[calls.turns]] : []),
      ...(calls.recorder ? [slimSentMessages] : []),
      ...(calls.recorder ?? []),
    ];
    api.config.use(...chain);
    return api;
  };
}
