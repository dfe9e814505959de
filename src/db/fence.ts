import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Thrown where an update's handling would write or send under a chat's lease this process no
 * longer holds: another process took the chat (this one was paused, or its clock ran late) and
 * handles the update now. The handling stops; the update is not this process's to finish.
 */
export class LeaseLostError extends Error {
  constructor(readonly chatKey: string) {
    super(`the lease of chat ${chatKey} was taken by another process: this one stops handling its update`);
    this.name = "LeaseLostError";
  }
}

/** What a fenced write is conditioned on: the chat's lease still carries the token of this claim (src/db/inbox.ts). */
export interface Fence {
  chatKey: string;
  token: number;
}

/** The fence of an update being handled (src/inbox/fence.ts holds it): `fencing` while its handling runs, and for good once its lease is lost. */
export interface ActiveFence extends Fence {
  readonly fencing: boolean;
  /**
   * The handling claimed a create request (src/db/create-requests.ts): the service may be acting
   * on it, and what this process learns of it (the card, a refusal) must still reach the person
   * if the lease is lost meanwhile (the card's own claim keeps it to one). Its writes stay fenced.
   */
  outcomeOwed(): void;
}

const current = new AsyncLocalStorage<ActiveFence>();

/** Runs `work` (an update's handling) under `fence`: what the data layer writes for it is conditioned on the fence's token. */
export function underFence<T>(fence: ActiveFence, work: () => Promise<T>): Promise<T> {
  return current.run(fence, work);
}

/** The fence of the update being handled here, if any and still fencing. */
export function currentFence(): ActiveFence | undefined {
  const fence = current.getStore();
  return fence?.fencing ? fence : undefined;
}
