import { GrammyError } from "grammy";

/** Telegram's answer to an edit that changes nothing: not an error worth reporting. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && /message is not modified/.test(error.description);
}

/** For `.catch()` on an edit: an unchanged message is fine, anything else is not. */
export function ignoreNotModified(error: unknown): void {
  if (!isNotModified(error)) throw error;
}
