import type { Kysely, Selectable } from "kysely";
import type { Clock } from "../clock.js";
import { lockPersonRows } from "./dialect.js";
import { fenced } from "./fence.js";
import { prepared } from "./prepared.js";
import { COLUMNS, type SavedAddressesTable, type Schema } from "./schema.js";
import type { Store } from "./store.js";

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

const toRecord = (row: Selectable<SavedAddressesTable>): SavedAddress => ({
  id: row.id,
  userId: row.user_id,
  network: row.network,
  label: row.label,
  address: row.address,
  memo: row.memo === "" ? null : row.memo,
  createdAt: row.created_at,
  usedAt: row.used_at,
});

/**
 * A person's receiving addresses under their own labels, per network (the address book). Every
 * write is fenced (src/db/fence.ts): a process that lost the chat meanwhile changes nothing.
 */
export class AddressBook {
  /** Entries one person may keep. */
  static readonly MAX_PER_USER = 30;

  /** One network's entries: the flow's address step asks every time (built once). */
  private readonly ofNetwork;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.ofNetwork = prepared<[userId: number, network: string], Selectable<SavedAddressesTable>>(store.db, (db, arg) =>
      db
        .selectFrom("saved_addresses")
        .select(COLUMNS.saved_addresses)
        .where("user_id", "=", arg<number>(0))
        .where("network", "=", arg<string>(1))
        .orderBy("used_at", "desc")
        .orderBy("id", "desc"),
    );
  }

  /** Most recently used first; one network, or all. */
  async list(userId: number, network?: string): Promise<SavedAddress[]> {
    if (network !== undefined) return (await this.ofNetwork(this.store.db, userId, network.toLowerCase())).rows.map(toRecord);
    const rows = await this.store.db
      .selectFrom("saved_addresses")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("network")
      .orderBy("used_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toRecord);
  }

  async find(id: number, userId: number, db: Kysely<Schema> = this.store.db): Promise<SavedAddress | undefined> {
    const row = await db.selectFrom("saved_addresses").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The entry holding exactly this address and memo on this network, if one does. */
  async findExact(
    userId: number,
    network: string,
    address: string,
    memo: string | null,
    db: Kysely<Schema> = this.store.db,
  ): Promise<SavedAddress | undefined> {
    const row = await db
      .selectFrom("saved_addresses")
      .selectAll()
      .where("user_id", "=", userId)
      .where("network", "=", network.toLowerCase())
      .where("address", "=", address)
      .where("memo", "=", memo ?? "")
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Saves (or relabels, when the same address and memo are saved already). "full" when the
   * person has as many as they may keep.
   */
  async save(entry: {
    userId: number;
    network: string;
    label: string;
    address: string;
    memo: string | null;
  }): Promise<SavedAddress | "full"> {
    return this.store.db.transaction().execute(async (trx) => {
      await lockPersonRows(this.store.dialect, trx, "addresses", entry.userId);
      const existing = await this.findExact(entry.userId, entry.network, entry.address, entry.memo, trx);
      if (existing) {
        await this.rename(existing.id, entry.userId, entry.label, trx);
        return { ...existing, label: entry.label };
      }
      const { n } = await trx
        .selectFrom("saved_addresses")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", entry.userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= AddressBook.MAX_PER_USER) return "full";
      const now = this.clock.now();
      const row = await fenced(
        this.store,
        (held) =>
          trx
            .insertInto("saved_addresses")
            .columns(["user_id", "network", "label", "address", "memo", "created_at", "used_at"])
            .expression(
              held(
                trx.selectNoFrom((eb) => [
                  eb.val(entry.userId).as("user_id"),
                  eb.val(entry.network.toLowerCase()).as("network"),
                  eb.val(entry.label).as("label"),
                  eb.val(entry.address).as("address"),
                  eb.val(entry.memo ?? "").as("memo"),
                  eb.val(now).as("created_at"),
                  eb.val(now).as("used_at"),
                ]),
              ),
            )
            .returningAll()
            .executeTakeFirst(),
        { db: trx },
      );
      // Inserted unless refused (fenced threw then).
      return toRecord(row!);
    });
  }

  async rename(id: number, userId: number, label: string, db: Kysely<Schema> = this.store.db): Promise<boolean> {
    const result = await fenced(
      this.store,
      (held) =>
        held(db.updateTable("saved_addresses").set({ label }).where("id", "=", id).where("user_id", "=", userId)).executeTakeFirst(),
      { db },
    );
    return result.numUpdatedRows > 0n;
  }

  async delete(id: number, userId: number): Promise<boolean> {
    const result = await fenced(this.store, (held) =>
      held(this.store.db.deleteFrom("saved_addresses").where("id", "=", id).where("user_id", "=", userId)).executeTakeFirst(),
    );
    return result.numDeletedRows > 0n;
  }

  /** Chosen at the address step: it moves to the front of that network's buttons. */
  async used(id: number, userId: number): Promise<void> {
    await fenced(this.store, (held) =>
      held(
        this.store.db.updateTable("saved_addresses").set({ used_at: this.clock.now() }).where("id", "=", id).where("user_id", "=", userId),
      ).execute(),
    );
  }
}
