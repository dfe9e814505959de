import type { Update } from "grammy/types";
import { chatKeyOf } from "../chat/index.js";
import type { InboxRepository } from "../db/inbox.js";
import type { InboxWorker } from "./worker.js";

export { HandledChats } from "./handled.js";
export { InboxWorker, type InboxWorkerOptions } from "./worker.js";

/**
 * What the feeds (polling, the webhook) do with the updates Telegram sends: store them, then
 * wake the worker. Resolves once they are stored, and only then may Telegram be told they
 * arrived; rejects (nothing to acknowledge) when the database did not take them.
 */
export function acceptInto(
  inbox: InboxRepository,
  worker: Pick<InboxWorker, "offer">,
  now: () => number = Date.now,
): (updates: readonly Update[]) => Promise<void> {
  return async (updates) => {
    const stored = updates.map((update) => ({ updateId: update.update_id, chatKey: chatKeyOf(update), payload: JSON.stringify(update) }));
    await inbox.add(stored, now());
    worker.offer(stored.map((update) => update.chatKey));
  };
}
