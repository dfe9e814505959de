import type { CardRepository } from "../db/exchanges/card.js";
import type { KeyValueStore } from "../db/kv.js";

/**
 * Which exchange the chat's current flow created, if it got that far: a flow closed by /start
 * or /cancel after creation must not say "nothing was created". Cleared when a flow starts, so
 * only the flow in progress (conversations.active) is ever described by it.
 */
export const flowCreatedKey = (chatId: number) => `flow-created:${chatId}`;
const key = flowCreatedKey;

export function flowStarted(kv: KeyValueStore, chatId: number): Promise<void> {
  return kv.delete(key(chatId));
}

export function flowCreated(kv: KeyValueStore, chatId: number, exchangeId: string): Promise<void> {
  return kv.set(key(chatId), { exchangeId });
}

/** The exchange the flow in progress created; undefined when it created none. */
export async function createdByFlow(kv: KeyValueStore, chatId: number): Promise<string | undefined> {
  return (await kv.get<{ exchangeId: string }>(key(chatId)))?.exchangeId;
}

/**
 * The flow in progress is closing (/cancel, /start, a sweep). If it created an exchange whose
 * card it holds unshown (the person was told to wait for the deposit details), the card is the
 * tracker's from now: it shows it, and the details when they come. True when it was handed over.
 */
export async function handOverCreated(kv: KeyValueStore, cards: Pick<CardRepository, "releaseFlowHold">, chatId: number): Promise<boolean> {
  const created = await createdByFlow(kv, chatId);
  return created !== undefined && (await cards.releaseFlowHold(created));
}
