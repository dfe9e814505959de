import type { HeldLease } from "../chat/index.js";

/**
 * The chats whose update this process is handling now, each with the lease it holds the chat
 * under: the inbox's worker keeps it (and renews those leases); the chats' turns read it, since a
 * message into a chat held here needs no turn of its own (src/chat/turns.ts).
 */
export class HandledChats {
  private readonly leases = new Map<string, HeldLease>();

  /** Whether an update of the chat is being handled here now. */
  has(chatKey: string): boolean {
    return this.leases.has(chatKey);
  }

  /** The leases of the chats handled here now. */
  held(): HeldLease[] {
    return [...this.leases.values()];
  }

  get size(): number {
    return this.leases.size;
  }

  /** The chat's update is being handled here, under `lease`. */
  add(lease: HeldLease): void {
    this.leases.set(lease.chatKey, lease);
  }

  delete(chatKey: string): void {
    this.leases.delete(chatKey);
  }
}
