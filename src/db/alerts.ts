import type { Clock } from "../clock.js";
import type { Db } from "./database.js";
import { statementCache } from "./statements.js";

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

interface Row {
  id: number;
  user_id: number;
  chat_id: number;
  symbol_from: string;
  network_from: string;
  symbol_to: string;
  network_to: string;
  amount: string;
  target: string;
  created_at: number;
  expires_at: number;
}

const toRecord = (row: Row): RateAlert => ({
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
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.sql = statementCache(db);
  }

  create(alert: Omit<RateAlert, "id" | "createdAt">): RateAlert {
    const now = this.clock.now();
    const { lastInsertRowid } = this.sql(
      `INSERT INTO rate_alerts (user_id, chat_id, symbol_from, network_from, symbol_to, network_to, amount, target, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(alert.userId, alert.chatId, alert.symbolFrom, alert.networkFrom, alert.symbolTo, alert.networkTo, alert.amount, alert.target, now, alert.expiresAt);
    return { ...alert, id: Number(lastInsertRowid), createdAt: now };
  }

  /** A person's open alerts, oldest first. */
  openOf(userId: number): RateAlert[] {
    return (this.sql("SELECT * FROM rate_alerts WHERE user_id = ? AND ended_at IS NULL ORDER BY id").all(userId) as Row[]).map(toRecord);
  }

  find(id: number): RateAlert | undefined {
    const row = this.sql("SELECT * FROM rate_alerts WHERE id = ?").get(id) as Row | undefined;
    return row && toRecord(row);
  }

  /** Every open alert that has not expired by `now`. */
  open(now: number): RateAlert[] {
    return (this.sql("SELECT * FROM rate_alerts WHERE ended_at IS NULL AND expires_at > ? ORDER BY id").all(now) as Row[]).map(toRecord);
  }

  /** Open alerts whose time is up. */
  expired(now: number): RateAlert[] {
    return (this.sql("SELECT * FROM rate_alerts WHERE ended_at IS NULL AND expires_at <= ? ORDER BY id").all(now) as Row[]).map(toRecord);
  }

  /** An alert claimed to be told whose message Telegram did not take: open again for the next check. */
  reopen(id: number): void {
    this.sql("UPDATE rate_alerts SET ended_at = NULL, ended_reason = NULL WHERE id = ?").run(id);
  }

  /** Ends an open alert; false when it had ended already (so it is told only once). */
  end(id: number, reason: AlertEnd): boolean {
    return this.sql("UPDATE rate_alerts SET ended_at = ?, ended_reason = ? WHERE id = ? AND ended_at IS NULL").run(this.clock.now(), reason, id).changes > 0;
  }
}
