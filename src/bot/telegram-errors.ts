import { GrammyError } from "grammy";

/** Telegram's answer to an edit that changes nothing: not an error worth reporting. */
export function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && /message is not modified/.test(error.description);
}
