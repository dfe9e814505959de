import type { Selectable } from "kysely";
import type { Clock } from "../clock.js";
import { prepared } from "./prepared.js";
import { COLUMNS, type UsersTable } from "./schema.js";
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

type Touch = [id: number, username: string | null, firstName: string | null, language: string | null, now: number];

export class UserRepository {
  // Every update of a private chat runs these: built once.
  private readonly upsert;
  private readonly byId;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.upsert = prepared<Touch, Selectable<UsersTable>>(store.db, (db, arg) =>
      db
        .insertInto("users")
        .values({ id: arg(0), username: arg(1), first_name: arg(2), telegram_language: arg(3), blocked: 0, created_at: arg(4), updated_at: arg(4) })
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            username: eb.ref("excluded.username"),
            first_name: eb.ref("excluded.first_name"),
            telegram_language: eb.ref("excluded.telegram_language"),
            blocked: 0,
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .returning(COLUMNS.users),
    );
    this.byId = prepared<[id: number], Selectable<UsersTable>>(store.db, (db, arg) => db.selectFrom("users").select(COLUMNS.users).where("id", "=", arg<number>(0)));
  }

  /** Records that the user wrote: refreshes their names and lifts a blocked mark. Returns them as stored now. */
  async touch(user: { id: number; username?: string | undefined; firstName?: string | undefined; languageCode?: string | undefined }): Promise<UserRecord> {
    const { rows } = await this.upsert(this.store.db, user.id, user.username ?? null, user.firstName ?? null, user.languageCode ?? null, this.clock.now());
    return toRecord(rows[0]!);
  }

  async find(id: number): Promise<UserRecord | undefined> {
    const row = (await this.byId(this.store.db, id)).rows[0];
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
