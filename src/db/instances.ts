import type { Store } from "./store.js";

/** The processes of the bot on the database (src/cluster/): each says it runs every few seconds. */
export class InstanceRepository {
  constructor(private readonly store: Store) {}

  /** `owner` runs, as of `now`. */
  async beat(owner: string, now: number): Promise<void> {
    await this.store.db
      .insertInto("instances")
      .values({ owner, started_at: now, seen_at: now })
      .onConflict((oc) => oc.column("owner").doUpdateSet({ seen_at: now }))
      .execute();
  }

  /** Processes seen since `since` (this one included once it has beaten), and forgets those gone long before. */
  async live(since: number, forgetBefore: number): Promise<number> {
    await this.store.db.deleteFrom("instances").where("seen_at", "<", forgetBefore).execute();
    const row = await this.store.db
      .selectFrom("instances")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("seen_at", ">=", since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether `owner` said it runs since `since`. */
  async isRunning(owner: string, since: number): Promise<boolean> {
    const row = await this.store.db.selectFrom("instances").select("owner").where("owner", "=", owner).where("seen_at", ">=", since).executeTakeFirst();
    return row !== undefined;
  }

  /** `owner` stopped. */
  async forget(owner: string): Promise<void> {
    await this.store.db.deleteFrom("instances").where("owner", "=", owner).execute();
  }
}
