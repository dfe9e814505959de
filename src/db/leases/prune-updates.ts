import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { changed, type PerBackEnd, run } from "./back-end.js";

/** Forgets updates handled before `before` (epoch ms); how many. */
export const pruneUpdates: PerBackEnd<(db: Kysely<Schema>, args: { before: number }) => Promise<number>> = {
  postgres: async (db, { before }) => changed(await run(db, "DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < $1", [before])),
  sqlite: async (db, { before }) => changed(await run(db, "DELETE FROM inbox WHERE done_at IS NOT NULL AND done_at < ?", [before])),
};
