import type { Clock } from "../clock.js";
import type { Db } from "./database.js";
import { statementCache } from "./statements.js";

export interface UserRecord {
  id: number;
  username: string | null;
  firstName: string | null;
  /** The language the user chose with /language; null until they do. */
  language: string | null;
  /** The language their Telegram app reports. */
  telegramLanguage: string | null;
  blocked: boolean;
  createdAt: number;
  /** The anti-phishing phrase shown with every deposit address; null when not set. */
  phrase: string | null;
}

interface UserRow {
  id: number;
  username: string | null;
  first_name: string | null;
  language: string | null;
  telegram_language: string | null;
  blocked: number;
  created_at: number;
  phrase: string | null;
}

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
  username: row.username,
  firstName: row.first_name,
  language: row.language,
  telegramLanguage: row.telegram_language,
  blocked: row.blocked === 1,
  createdAt: row.created_at,
  phrase: row.phrase,
});

export class UserRepository {
  private readonly sql: ReturnType<typeof statementCache>;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.sql = statementCache(db);
  }

  /** Records that the user wrote: refreshes their names and lifts a blocked mark. */
  touch(user: { id: number; username?: string | undefined; firstName?: string | undefined; languageCode?: string | undefined }): void {
    const now = this.clock.now();
    this.sql(
        `INSERT INTO users (id, username, first_name, telegram_language, blocked, created_at, updated_at)
         VALUES (@id, @username, @firstName, @languageCode, 0, @now, @now)
         ON CONFLICT (id) DO UPDATE SET username = excluded.username, first_name = excluded.first_name,
           telegram_language = excluded.telegram_language, blocked = 0, updated_at = excluded.updated_at`,
      )
      .run({ id: user.id, username: user.username ?? null, firstName: user.firstName ?? null, languageCode: user.languageCode ?? null, now });
  }

  find(id: number): UserRecord | undefined {
    const row = this.sql("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
    return row && toRecord(row);
  }

  findByUsername(username: string): UserRecord | undefined {
    const row = this.sql("SELECT * FROM users WHERE lower(username) = lower(?)")
      .get(username.replace(/^@/, "")) as UserRow | undefined;
    return row && toRecord(row);
  }

  setLanguage(id: number, language: string): void {
    this.sql("UPDATE users SET language = ?, updated_at = ? WHERE id = ?").run(language, this.clock.now(), id);
  }

  /** The anti-phishing phrase; null removes it. */
  setPhrase(id: number, phrase: string | null): void {
    this.sql("UPDATE users SET phrase = ?, updated_at = ? WHERE id = ?").run(phrase, this.clock.now(), id);
  }

  setBlocked(id: number, blocked: boolean): void {
    this.sql("UPDATE users SET blocked = ?, updated_at = ? WHERE id = ?").run(blocked ? 1 : 0, this.clock.now(), id);
  }

  count(): number {
    return (this.sql("SELECT count(*) AS n FROM users").get() as { n: number }).n;
  }
}
