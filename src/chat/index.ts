/**
 * The chat: how every process of the bot agrees on one chat. `key.ts` names the chat an update
 * belongs to; `lease.ts` is a chat's lease (a row of chat_leases and its fencing token) as one
 * holder takes it, with its timing; `held-lease.ts` a lease as the work it was taken for holds
 * it; `fence.ts` runs that work under it and refuses its calls into Telegram once it is lost;
 * `turns.ts` a chat's turn: its lease, taken for one message sent from outside its updates, so
 * that Telegram's second between two messages holds across processes.
 */

export { currentLease, fenceCalls, underLease } from "./fence.js";
export { HeldLease } from "./held-lease.js";
export { chatIdOf, chatIdOfKey, chatKeyOf, chatKeyOfChat } from "./key.js";
export { type ChatLeases, chatLeases, type LeaseTiming, TURN_LEASE, UPDATE_LEASE } from "./lease.js";
export { type ChatPacing, ChatTurns, type ChatTurnsDeps } from "./turns.js";
