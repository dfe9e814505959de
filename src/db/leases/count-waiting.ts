import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { onBoth, type PerBackEnd, rowsOf } from "./back-end.js";

/** Updates waiting, and when the oldest of them arrived (the same SQL on both back ends). */
export const countWaiting: PerBackEnd<(db: Kysely<Schema>) => Promise<{ count: number; oldestAt: number | null }>> = onBoth(async (db) => {
  const [row] = await rowsOf<{ n: number | string; oldest: number | string | null }>(
    db,
    "SELECT count(*) AS n, min(received_at) AS oldest FROM inbox WHERE done_at IS NULL",
    [],
  );
  return { count: Number(row?.n ?? 0), oldestAt: row?.oldest == null ? null : Number(row.oldest) };
});
