import type { KeyValueStore } from "../db/kv.js";

/**
 * Which exchange the chat's current flow created, if it got that far: a flow closed by /start
 * or /cancel after creation must not say "nothing was created". Cleared when a flow starts, so
 * only the flow in progress (conversations.active) is ever described by it.
 */
const key = (chatId: number) => `flow-created:${chatId}`;

export function flowStarted(kv: KeyValueStore, chatId: number): void {
  kv.delete(key(chatId));
}

export function flowCreated(kv: KeyValueStore, chatId: number, exchangeId: string): void {
  kv.set(key(chatId), { exchangeId });
}

/** The exchange the flow in progress created; undefined when it created none. */
export function createdByFlow(kv: KeyValueStore, chatId: number): string | undefined {
  return kv.get<{ exchangeId: string }>(key(chatId))?.exchangeId;
}
