import type { Kysely, Selectable } from "kysely";
import type { Clock } from "../clock.js";
import { lockPersonRows } from "./dialect.js";
import { fenced } from "./fence.js";
import { prepared } from "./prepared.js";
import { COLUMNS, type RateAlertsTable, type Schema } from "./schema.js";
import type { Store } from "./store.js";

export type AlertEnd = "reached" | "expired" | "removed" | "blocked";

export interface RateAlert {
  id: number;
  userId: number;
  chatId: number;
  symbolFrom: string;
  networkFrom: string;
  symbolTo: string;
  networkTo: string;
  /** What the person would send, a decimal string. */
  amount: string;
  /** The least they want to receive, a decimal string. */
  target: string;
  createdAt: number;
  expiresAt: number;
}

const toRecord = (row: Selectable<RateAlertsTable>): RateAlert => ({
  id: row.id,
  userId: row.user_id,
  chatId: row.chat_id,
  symbolFrom: row.symbol_from,
  networkFrom: row.network_from,
  symbolTo: row.symbol_to,
  networkTo: row.network_to,
  amount: row.amount,
  target: row.target,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** Rate alerts: open until reached, removed, expired (or their owner blocked the bot). */
export class AlertRepository {
  // The checker reads these every minute: built once.
  private readonly openBy;
  private readonly expiredBy;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    const open = (db: Kysely<Schema>) =>
      db.selectFrom("rate_alerts").select(COLUMNS.rate_alerts).where("ended_at", "is", null).orderBy("id");
    this.openBy = prepared<[now: number], Selectable<RateAlertsTable>>(store.db, (db, arg) =>
      open(db).where("expires_at", ">", arg<number>(0)),
    );
    this.expiredBy = prepared<[now: number], Selectable<RateAlertsTable>>(store.db, (db, arg) =>
      open(db).where("expires_at", "<=", arg<number>(0)),
    );
  }

  /**
   * Creates an alert; with `maxOpen`, only while its owner has fewer open ones than that
   * (counted and created in one transaction): undefined when they have as many already. Fenced
   * (src/db/fence.ts): a process that lost the chat meanwhile creates nothing (the one that took
   * it creates the alert, once).
   */
  async create(alert: Omit<RateAlert, "id" | "createdAt">, maxOpen = Infinity): Promise<RateAlert | undefined> {
    return this.store.db.transaction().execute(async (trx) => {
      if (maxOpen !== Infinity) {
        await lockPersonRows(this.store.dialect, trx, "alerts", alert.userId);
        const { n } = await trx
          .selectFrom("rate_alerts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", alert.userId)
          .where("ended_at", "is", null)
          .executeTakeFirstOrThrow();
        if (Number(n) >= maxOpen) return undefined;
      }
      const now = this.clock.now();
      const row = await fenced(
        this.store,
        (held) =>
          trx
            .insertInto("rate_alerts")
            .columns([
              "user_id",
              "chat_id",
              "symbol_from",
              "network_from",
              "symbol_to",
              "network_to",
              "amount",
              "target",
              "created_at",
              "expires_at",
            ])
            .expression(
              held(
                trx.selectNoFrom((eb) => [
                  eb.val(alert.userId).as("user_id"),
                  eb.val(alert.chatId).as("chat_id"),
                  eb.val(alert.symbolFrom).as("symbol_from"),
                  eb.val(alert.networkFrom).as("network_from"),
                  eb.val(alert.symbolTo).as("symbol_to"),
                  eb.val(alert.networkTo).as("network_to"),
                  eb.val(alert.amount).as("amount"),
                  eb.val(alert.target).as("target"),
                  eb.val(now).as("created_at"),
                  eb.val(alert.expiresAt).as("expires_at"),
                ]),
              ),
            )
            .returning("id")
            .executeTakeFirst(),
        { db: trx },
      );
      // Inserted unless refused (fenced threw then).
      return { ...alert, id: row!.id, createdAt: now };
    });
  }

  /** A person's open alerts, oldest first. */
  async openOf(userId: number): Promise<RateAlert[]> {
    const rows = await this.store.db
      .selectFrom("rate_alerts")
      .selectAll()
      .where("user_id", "=", userId)
      .where("ended_at", "is", null)
      .orderBy("id")
      .execute();
    return rows.map(toRecord);
  }

  async find(id: number): Promise<RateAlert | undefined> {
    const row = await this.store.db.selectFrom("rate_alerts").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Every open alert that has not expired by `now`. */
  async open(now: number): Promise<RateAlert[]> {
    return (await this.openBy(this.store.db, now)).rows.map(toRecord);
  }

  /** Open alerts whose time is up. */
  async expired(now: number): Promise<RateAlert[]> {
    return (await this.expiredBy(this.store.db, now)).rows.map(toRecord);
  }

  /**
   * An alert claimed to be told whose message Telegram did not take: open again for the next
   * check. Not fenced: it gives back what `end` claimed, which a process that lost the lease
   * must do too (else nobody would ever tell it).
   */
  async reopen(id: number): Promise<void> {
    await this.store.db.updateTable("rate_alerts").set({ ended_at: null, ended_reason: null }).where("id", "=", id).execute();
  }

  /** Ends an open alert (fenced: src/db/fence.ts); false when it had ended already (so it is told only once). */
  async end(id: number, reason: AlertEnd): Promise<boolean> {
    const result = await fenced(this.store, (held) =>
      held(
        this.store.db
          .updateTable("rate_alerts")
          .set({ ended_at: this.clock.now(), ended_reason: reason })
          .where("id", "=", id)
          .where("ended_at", "is", null),
      ).executeTakeFirst(),
    );
    return result.numUpdatedRows > 0n;
  }
}
