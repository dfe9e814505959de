import type { Clock } from "../clock.js";
import type { Db } from "./database.js";
import { statementCache } from "./statements.js";

export interface SavedAddress {
  id: number;
  userId: number;
  network: string;
  label: string;
  address: string;
  /** Null when saved without a memo. */
  memo: string | null;
  createdAt: number;
  usedAt: number;
}

interface Row {
  id: number;
  user_id: number;
  network: string;
  label: string;
  address: string;
  memo: string;
  created_at: number;
  used_at: number;
}

const toRecord = (row: Row): SavedAddress => ({
  id: row.id,
  userId: row.user_id,
  network: row.network,
  label: row.label,
  address: row.address,
  memo: row.memo === "" ? null : row.memo,
  createdAt: row.created_at,
  usedAt: row.used_at,
});

/** A person's receiving addresses under their own labels, per network (the address book). */
export class AddressBook {
  /** Entries one person may keep. */
  static readonly MAX_PER_USER = 30;
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.sql = statementCache(db);
  }

  /** Most recently used first; one network, or all. */
  list(userId: number, network?: string): SavedAddress[] {
    const rows =
      network === undefined
        ? this.sql("SELECT * FROM saved_addresses WHERE user_id = ? ORDER BY network, used_at DESC, id DESC").all(userId)
        : this.sql("SELECT * FROM saved_addresses WHERE user_id = ? AND network = ? ORDER BY used_at DESC, id DESC").all(userId, network.toLowerCase());
    return (rows as Row[]).map(toRecord);
  }

  find(id: number, userId: number): SavedAddress | undefined {
    const row = this.sql("SELECT * FROM saved_addresses WHERE id = ? AND user_id = ?").get(id, userId) as Row | undefined;
    return row && toRecord(row);
  }

  /** The entry holding exactly this address and memo on this network, if one does. */
  findExact(userId: number, network: string, address: string, memo: string | null): SavedAddress | undefined {
    const row = this.sql("SELECT * FROM saved_addresses WHERE user_id = ? AND network = ? AND address = ? AND memo = ?").get(userId, network.toLowerCase(), address, memo ?? "") as
      | Row
      | undefined;
    return row && toRecord(row);
  }

  /**
   * Saves (or relabels, when the same address and memo are saved already). "full" when the
   * person has as many as they may keep.
   */
  save(entry: { userId: number; network: string; label: string; address: string; memo: string | null }): SavedAddress | "full" {
    const existing = this.findExact(entry.userId, entry.network, entry.address, entry.memo);
    if (existing) {
      this.rename(existing.id, entry.userId, entry.label);
      return { ...existing, label: entry.label };
    }
    const count = (this.sql("SELECT count(*) AS n FROM saved_addresses WHERE user_id = ?").get(entry.userId) as { n: number }).n;
    if (count >= AddressBook.MAX_PER_USER) return "full";
    const now = this.clock.now();
    const { lastInsertRowid } = this.sql(
      "INSERT INTO saved_addresses (user_id, network, label, address, memo, created_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(entry.userId, entry.network.toLowerCase(), entry.label, entry.address, entry.memo ?? "", now, now);
    return this.find(Number(lastInsertRowid), entry.userId)!;
  }

  rename(id: number, userId: number, label: string): boolean {
    return this.sql("UPDATE saved_addresses SET label = ? WHERE id = ? AND user_id = ?").run(label, id, userId).changes > 0;
  }

  delete(id: number, userId: number): boolean {
    return this.sql("DELETE FROM saved_addresses WHERE id = ? AND user_id = ?").run(id, userId).changes > 0;
  }

  /** Chosen at the address step: it moves to the front of that network's buttons. */
  used(id: number, userId: number): void {
    this.sql("UPDATE saved_addresses SET used_at = ? WHERE id = ? AND user_id = ?").run(this.clock.now(), id, userId);
  }
}
