import { systemClock } from "../../clock.js";
import type { Store } from "../store.js";
import { type OnBackEnd, onBackEnd } from "./back-end.js";
import { heldNow } from "./held-now.js";
import { letGo } from "./let-go.js";
import { renew } from "./renew.js";
import { take } from "./take.js";

const STATEMENTS = { take, renew, letGo, heldNow };

/**
 * A lease on a key that is not a chat's (the leader's: src/fleet/leadership.ts), on the same rows,
 * by the same rules and with the same statements as the chats' (src/db/inbox.ts): judged on the
 * database's clock (PostgreSQL's; SQLite's one process keeps its own), processes passing
 * durations, never times; each take hands out a fencing token that only grows, and every renewal
 * and release, and every write made under the lease (src/db/fence.ts), is conditioned on owner
 * and token.
 */
export class LeaseRepository {
  /** This back end's statements (./back-end.ts). */
  private readonly sql: OnBackEnd<typeof STATEMENTS>;

  constructor(private readonly store: Store) {
    this.sql = onBackEnd(store.dialect, STATEMENTS);
  }

  /** Takes the lease for `leaseMs` with a new token, unless another holds it now; the token, or undefined. */
  async take(key: string, owner: string, leaseMs: number): Promise<number | undefined> {
    // Its row has no message time: the clock `sent_at` would be told on is the database's.
    return (await this.sql.take(this.store.db, { chatKey: key, owner, leaseMs, sentClock: systemClock }))?.token;
  }

  /**
   * Pushes the lease out to `leaseMs` from now if `owner` still holds it with this token (one that
   * ran out and that nobody took is renewed: nobody held it meanwhile); whether it did.
   */
  renew(key: string, owner: string, token: number, leaseMs: number): Promise<boolean> {
    return this.sql.renew(this.store.db, { chatKey: key, owner, token, leaseMs });
  }

  /** Lets the lease go at once, if `owner` still holds it with this token (the row stays: its token is never handed out again). */
  release(key: string, owner: string, token: number): Promise<void> {
    return this.sql.letGo(this.store.db, { chatKey: key, owner, token, sentAgoMs: null, sentClock: systemClock });
  }

  /** Whether someone holds the lease now (its end is still ahead on the database's clock). */
  heldNow(key: string): Promise<boolean> {
    return this.sql.heldNow(this.store.db, { chatKey: key });
  }
}
