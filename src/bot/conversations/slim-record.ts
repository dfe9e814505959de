import type { Transformer } from "grammy";
import type { Currency } from "../../exchange/index.js";
import type { FlowConversation } from "./flow-ui.js";

/*
 * The flow's record (every update, call and `external` result of the flow so far) is read,
 * replayed and written back whole on each update of the flow. It keeps what a replay reads,
 * not copies of what lives elsewhere: that halves it at the pickers, and with it the bytes
 * stored, parsed and cloned per update.
 */

/**
 * Of a message Telegram echoes back, the flow reads its id: the record keeps the id, the chat
 * and the date, not the texts, keyboards and the bot's own description. Installed just inside
 * the conversation plugin's recorder (src/bot/outgoing.ts), so the first run sees what a replay
 * will see; everything nearer the wire (the outbox, the 429 count) sees the whole answer.
 */
export const slimSentMessages: Transformer = async (prev, method, payload, signal) => {
  const answer = await prev(method, payload, signal);
  if (!answer.ok) return answer;
  const result: unknown = answer.result;
  if (typeof result !== "object" || result === null || !("message_id" in result) || !("chat" in result)) return answer;
  const message = result as { message_id: number; date: number; chat: { id: number; type: string } };
  const slim = { message_id: message.message_id, date: message.date, chat: { id: message.chat.id, type: message.chat.type } };
  return { ...answer, result: slim } as typeof answer;
};

/** A currency as the record keeps it: what the flow shows and checks (its picture and explorer links stay in the catalogue). */
export type RecordedCurrency = Pick<Currency, "symbol" | "network" | "fullname" | "memo">;

function isCurrency(value: object): value is Currency {
  const c = value as Partial<Currency>;
  return typeof c.symbol === "string" && typeof c.network === "string" && typeof c.fullname === "string" && typeof c.memo === "boolean";
}

/** `value` with every currency in it (at any depth, in arrays and plain objects) mapped by `map`. */
function mapCurrencies(value: unknown, map: (currency: Currency) => object): unknown {
  if (Array.isArray(value)) return value.map((item) => mapCurrencies(item, map));
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  if (isCurrency(value)) return map(value);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapCurrencies(item, map)]));
}

/** A currency as the record (and the offers' ticket, offers-delivery.ts) keeps it. */
export const toRecord = ({ symbol, network, fullname, memo }: RecordedCurrency): RecordedCurrency => ({ symbol, network, fullname, memo });
/** Records written before the slim form keep their links; either way a currency comes back whole in type. */
export const fromRecord = (currency: RecordedCurrency & Partial<Currency>): Currency => ({
  ...currency,
  image: currency.image ?? "",
  explorer: currency.explorer ?? "",
});

/**
 * `conversation.external` for a task whose result holds currencies: the record keeps them
 * slim. The result comes back through the record on the first run too (a replay sees the same),
 * so nothing in the flow may read a currency's `image` or `explorer` from it: they are empty.
 */
export function externalWithCurrencies<T>(conversation: FlowConversation, task: () => T | Promise<T>): Promise<T> {
  return conversation.external({
    task,
    beforeStore: (result: T) => mapCurrencies(result, toRecord),
    afterLoad: (stored: unknown) => mapCurrencies(stored, fromRecord) as T,
  });
}
