import type { Kysely, Selectable } from "kysely";
import type { Clock } from "../clock.js";
import { lockPersonRows } from "./dialect.js";
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
   * (counted and created in one transaction): undefined when they have as many already.
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
      const { id } = await trx
        .insertInto("rate_alerts")
        .values({
          user_id: alert.userId,
          chat_id: alert.chatId,
          symbol_from: alert.symbolFrom,
          network_from: alert.networkFrom,
          symbol_to: alert.symbolTo,
          network_to: alert.networkTo,
          amount: alert.amount,
          target: alert.target,
          created_at: now,
          expires_at: alert.expiresAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ...alert, id, createdAt: now };
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

  /** An alert claimed to be told whose message Telegram did not take: open again for the next check. */
  async reopen(id: number): Promise<void> {
    await this.store.db.updateTable("rate_alerts").set({ ended_at: null, ended_reason: null }).where("id", "=", id).execute();
  }

  /** Ends an open alert; false when it had ended already (so it is told only once). */
  async end(id: number, reason: AlertEnd): Promise<boolean> {
    const result = await this.store.db
      .updateTable("rate_alerts")
      .set({ ended_at: this.clock.now(), ended_reason: reason })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
