import type { QueryCreator, Selectable } from "kysely";
import type { Clock } from "../clock.js";
import { fenced, type Held, preparedFenced } from "./fence.js";
import { type Arg, prepared } from "./prepared.js";
import { COLUMNS, type Schema, type UsersTable } from "./schema.js";
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

/**
 * The user, inserted or refreshed (names, Telegram's language; a blocked mark lifted): the Touch
 * in arguments 0 to 4. Inserted from a SELECT, so that `held` can fence it (src/db/fence.ts).
 */
const upsertUser = (db: QueryCreator<Schema>, arg: Arg, held: Held) =>
  db
    .insertInto("users")
    .columns(["id", "username", "first_name", "telegram_language", "blocked", "created_at", "updated_at"])
    .expression(
      held(
        db.selectNoFrom((eb) => [
          eb.val(arg<number>(0)).as("id"),
          eb.val(arg<string | null>(1)).as("username"),
          eb.val(arg<string | null>(2)).as("first_name"),
          eb.val(arg<string | null>(3)).as("telegram_language"),
          eb.lit(0).as("blocked"),
          eb.val(arg<number>(4)).as("created_at"),
          eb.val(arg<number>(4)).as("updated_at"),
        ]),
      ),
    )
    .onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({
        username: eb.ref("excluded.username"),
        first_name: eb.ref("excluded.first_name"),
        telegram_language: eb.ref("excluded.telegram_language"),
        blocked: 0,
        updated_at: eb.ref("excluded.updated_at"),
      })),
    );

export class UserRepository {
  // Every update of a private chat runs these: built once.
  private readonly upsert;
  private readonly byId;
  /** The upsert and some kv entries in one statement (PostgreSQL), by the number of entries. */
  private readonly upsertReading = new Map<number, ReturnType<typeof this.buildUpsertReading>>();
  /** Some kv entries by key (SQLite, after the upsert), by the number of entries. */
  private readonly entries = new Map<number, ReturnType<typeof this.buildEntries>>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    this.upsert = preparedFenced<Touch, Selectable<UsersTable>>(store, (db, arg, held) =>
      upsertUser(db, arg, held).returning(COLUMNS.users),
    );
    this.byId = prepared<[id: number], Selectable<UsersTable>>(store.db, (db, arg) =>
      db.selectFrom("users").select(COLUMNS.users).where("id", "=", arg<number>(0)),
    );
  }

  /**
   * touch, and the kv entries `keys` as they are now (their JSON, or null when absent), in one
   * round trip on PostgreSQL: an update's first write and the reads that follow it at once
   * (the person's flow, the questions the bot may have left open) go to the server together.
   * Fenced, as every write of an update's handling (src/db/fence.ts), in that same statement.
   */
  async arrive(
    user: { id: number; username?: string | undefined; firstName?: string | undefined; languageCode?: string | undefined },
    keys: readonly string[],
  ): Promise<{ user: UserRecord; entries: Map<string, string | null> }> {
    const touch: Touch = [user.id, user.username ?? null, user.firstName ?? null, user.languageCode ?? null, this.clock.now()];
    const entries = new Map<string, string | null>(keys.map((key) => [key, null]));
    if (this.store.dialect === "postgres") {
      let query = this.upsertReading.get(keys.length);
      if (!query) this.upsertReading.set(keys.length, (query = this.buildUpsertReading(keys.length)));
      const row = (await query(this.store.db, ...touch, ...keys)).rows[0]!;
      keys.forEach((key, i) => entries.set(key, row[`kv${i}`] ?? null));
      return { user: toRecord(row), entries };
    }
    const { rows } = await this.upsert(this.store.db, ...touch);
    if (keys.length > 0) {
      let query = this.entries.get(keys.length);
      if (!query) this.entries.set(keys.length, (query = this.buildEntries(keys.length)));
      for (const row of (await query(this.store.db, ...keys)).rows) entries.set(row.key, row.value);
    }
    return { user: toRecord(rows[0]!), entries };
  }

  private buildUpsertReading(count: number) {
    return preparedFenced<unknown[], Selectable<UsersTable> & Record<`kv${number}`, string | null>>(this.store, (db, arg, held) =>
      db
        .with("touched", (qb) => upsertUser(qb, arg, held).returning(COLUMNS.users))
        .selectFrom("touched")
        .select(COLUMNS.users)
        .select((eb) =>
          Array.from({ length: count }, (_, i) =>
            eb
              .selectFrom("kv")
              .select("value")
              .where("key", "=", arg<string>(5 + i))
              .as(`kv${i}`),
          ),
        ),
    );
  }

  private buildEntries(count: number) {
    return prepared<string[], { key: string; value: string }>(this.store.db, (db, arg) =>
      db
        .selectFrom("kv")
        .select(["key", "value"])
        .where(
          "key",
          "in",
          Array.from({ length: count }, (_, i) => arg<string>(i)),
        ),
    );
  }

  /** Records that the user wrote: refreshes their names and lifts a blocked mark. Returns them as stored now. */
  async touch(user: {
    id: number;
    username?: string | undefined;
    firstName?: string | undefined;
    languageCode?: string | undefined;
  }): Promise<UserRecord> {
    const { rows } = await this.upsert(
      this.store.db,
      user.id,
      user.username ?? null,
      user.firstName ?? null,
      user.languageCode ?? null,
      this.clock.now(),
    );
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
    await this.update(id, { language });
  }

  /** The anti-phishing phrase; null removes it. */
  async setPhrase(id: number, phrase: string | null): Promise<void> {
    await this.update(id, { phrase });
  }

  async setBlocked(id: number, blocked: boolean): Promise<void> {
    await this.update(id, { blocked: blocked ? 1 : 0 });
  }

  /** Changes a user's settings, fenced (src/db/fence.ts). */
  private async update(id: number, values: Partial<Pick<Selectable<UsersTable>, "language" | "phrase" | "blocked">>): Promise<void> {
    await fenced(this.store, (held) =>
      held(
        this.store.db
          .updateTable("users")
          .set({ ...values, updated_at: this.clock.now() })
          .where("id", "=", id),
      ).execute(),
    );
  }

  async count(): Promise<number> {
    const row = await this.store.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
