import type { Update } from "grammy/types";

/** Where updates come from (long polling or a webhook), as the rest of the process sees it. */
export interface UpdateFeed {
  /** Takes no new updates; resolves when none is on its way to the inbox. */
  stop(): Promise<void>;
  /** Whether updates come in; /healthz shows it (ops reads it, this layer knows nothing of ops). */
  health: () => { ok: true } | { ok: false; reason: string };
}

/**
 * Where a feed puts the updates Telegram sends (src/inbox/): resolves once they are stored, and
 * only then is Telegram told they arrived (the next getUpdates' offset, the webhook's 200).
 */
export type AcceptUpdates = (updates: readonly Update[]) => Promise<void>;

/** Update types the bot handles; Telegram sends no others. */
export const ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "my_chat_member"] as const;
