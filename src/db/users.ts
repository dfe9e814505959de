import type { Selectable } from "kysely";
import type { Clock } from "../clock.js";
import type { UsersTable } from "./schema.js";
import type { Store } from "./store.js";

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

const toRecord = (row: Selectable<UsersTable>): UserRecord => ({
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
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Records that the user wrote: refreshes their names and lifts a blocked mark. Returns them as stored now. */
  async touch(user: { id: number; username?: string | undefined; firstName?: string | undefined; languageCode?: string | undefined }): Promise<UserRecord> {
    const now = this.clock.now();
    const row = await this.store.db
      .insertInto("users")
      .values({
        id: user.id,
        username: user.username ?? null,
        first_name: user.firstName ?? null,
        telegram_language: user.languageCode ?? null,
        blocked: 0,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({
          username: eb.ref("excluded.username"),
          first_name: eb.ref("excluded.first_name"),
          telegram_language: eb.ref("excluded.telegram_language"),
          blocked: 0,
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async find(id: number): Promise<UserRecord | undefined> {
    const row = await this.store.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toRecord(row);
  }

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    const row = await this.store.db
      .selectFrom("users")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["username"]), "=", eb.fn("lower", [eb.val(username.replace(/^@/, ""))])))
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async setLanguage(id: number, language: string): Promise<void> {
    await this.store.db.updateTable("users").set({ language, updated_at: this.clock.now() }).where("id", "=", id).execute();
  }

  /** The anti-phishing phrase; null removes it. */
  async setPhrase(id: number, phrase: string | null): Promise<void> {
    await this.store.db.updateTable("users").set({ phrase, updated_at: this.clock.now() }).where("id", "=", id).execute();
  }

  async setBlocked(id: number, blocked: boolean): Promise<void> {
    await this.store.db.updateTable("users").set({ blocked: blocked ? 1 : 0, updated_at: this.clock.now() }).where("id", "=", id).execute();
  }

  async count(): Promise<number> {
    const row = await this.store.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
