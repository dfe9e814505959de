import { GrammyError, HttpError } from "grammy";
import { LeaseLostError } from "../db/fence.js";

/** Telegram's answer to an edit that changes nothing: not an error worth reporting. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && /message is not modified/.test(error.description);
}

/** For `.catch()` on an edit: an unchanged message is fine, anything else is not. */
export function ignoreNotModified(error: unknown): void {
  if (!isNotModified(error)) throw error;
}

/** Errors raised before a single byte reached Telegram: the message certainly did not go out. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * What a failed send means for the message:
 *  retry: Telegram certainly did not take it (no connection, a 5xx or a 429 answer, or it was
 *    refused before it left: the lease it was sent under was lost, src/chat/fence.ts); try later.
 *  blocked: 403, the user blocked the bot; write no more until they write again.
 *  refused: another 4xx; the same message would be refused again, so it is dropped.
 *  uncertain: it may have reached Telegram (a timeout after sending, a dropped connection, a
 *    proxy's HTML error page such as nginx's "502 Bad Gateway": grammY fails to read it as JSON
 *    and keeps no HTTP status, and a proxy answers 502/504 also when Telegram behind it took the
 *    request and its answer was lost);
 *    never sent again blindly: each kind of message decides (a status message is dropped, its
 *    card still shows the status; deposit details go once more, saying they may repeat).
 */
export type SendFailure = "retry" | "blocked" | "refused" | "uncertain";

export function sendFailure(error: unknown): SendFailure {
  if (error instanceof LeaseLostError) return "retry";
  if (error instanceof GrammyError) {
    if (error.error_code === 403) return "blocked";
    return error.error_code === 429 || error.error_code >= 500 ? "retry" : "refused";
  }
  if (error instanceof HttpError) {
    const code = (error.error as { code?: unknown } | undefined)?.code;
    return typeof code === "string" && NOT_SENT_CODES.has(code) ? "retry" : "uncertain";
  }
  return "uncertain";
}
