/** An update taken up for handling: its stored JSON, and how many times a process has taken it up (this one included). */
export interface ClaimedUpdate {
  updateId: number;
  chatKey: string;
  payload: string;
  attempts: number;
  /** The fencing token of the chat's lease as claimed (kept while the lease is kept): every write under the lease is conditioned on it. */
  token: number;
  /** How long ago the bot last sent a message into the chat, as the lease's last holder saw it (null: not lately). */
  chatSentAgoMs: number | null;
}

export interface NewInboxUpdate {
  updateId: number;
  chatKey: string;
  payload: string;
}

/** A lease as its holder names it: the chat (or the leader's key), and the token of its claim. */
export interface LeaseRef {
  chatKey: string;
  token: number;
}

/** A lease as a statement conditioned on it names it: its key, its holder and its token. */
export interface HeldBy extends LeaseRef {
  owner: string;
}

/** An update as a statement hands it out, with its lease's token and `sent_at`'s age (as the back end returns numbers). */
export type ClaimRow = {
  update_id: number;
  chat_key: string;
  payload: string;
  attempts: number;
  token?: number | string;
  sent_ago?: number | string | null;
};

export function claimed(row: ClaimRow | undefined): ClaimedUpdate | undefined {
  if (!row || row.update_id === null) return undefined;
  return {
    updateId: Number(row.update_id),
    chatKey: String(row.chat_key),
    payload: String(row.payload),
    attempts: Number(row.attempts),
    token: Number(row.token),
    chatSentAgoMs: row.sent_ago == null ? null : Number(row.sent_ago),
  };
}
