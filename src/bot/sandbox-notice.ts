import type { Transformer } from "grammy";

/**
 * While the bot runs on the embedded sandbox, every text and caption it sends says so,
 * so nobody mistakes a test deposit address for a real one. Installed as an API
 * transformer, it cannot be forgotten by a single handler.
 */
export function sandboxNotice(notice: (chatId: number | string | undefined) => Promise<string>): Transformer {
  return async (prev, method, payload, signal) => {
    const p = payload as Record<string, unknown>;
    if ((method === "sendMessage" || method === "editMessageText") && typeof p.text === "string") {
      return prev(method, { ...payload, text: `${p.text}\n\n${await notice(chatIdOf(p))}` } as typeof payload, signal);
    }
    if ((method === "sendPhoto" || method === "editMessageCaption") && typeof p.caption === "string") {
      return prev(method, { ...payload, caption: `${p.caption}\n\n${await notice(chatIdOf(p))}` } as typeof payload, signal);
    }
    return prev(method, payload, signal);
  };
}

function chatIdOf(payload: Record<string, unknown>): number | string | undefined {
  const id = payload.chat_id;
  return typeof id === "number" || typeof id === "string" ? id : undefined;
}
