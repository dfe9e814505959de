import type { Api } from "grammy";
import type { Clock } from "../src/clock.js";

export interface SentMessage {
  chatId: number;
  at: number;
  text: string;
}

/** Records every sendMessage the bot makes through `api`, with the fake clock's time. */
export function recordSentMessages(api: Api, clock: Clock): SentMessage[] {
  const sent: SentMessage[] = [];
  api.config.use((prev, method, payload, signal) => {
    if (method === "sendMessage") {
      const p = payload as { chat_id: number; text: string };
      sent.push({ chatId: p.chat_id, at: clock.now(), text: p.text });
    }
    return prev(method, payload, signal);
  });
  return sent;
}
