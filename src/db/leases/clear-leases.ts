import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { onBoth, type PerBackEnd } from "./back-end.js";

/** Lets every lease go, whoever held it, row and all; how many (the same statement on both back ends). */
export const clearLeases: PerBackEnd<(db: Kysely<Schema>) => Promise<number>> = onBoth(async (db) => {
  const result = await db.deleteFrom("chat_leases").executeTakeFirst();
  return Number(result.numDeletedRows);
});
