import type { Store } from "./store.js";

/** A currency on a network, as the service lists it (src/service/schemas.ts parses it). */
export interface CurrencyRecord {
  symbol: string;
  network: string;
  fullname: string;
  image: string;
  /** Deposits of it take a memo (a destination tag). */
  memo: boolean;
  explorer: string;
}

export interface ProviderRecord {
  name: string;
  enable: boolean;
}

/** Rows per INSERT: far below the parameter limits of SQLite (32766) and PostgreSQL (65535). */
const CHUNK = 500;

/** The currency catalogue and the providers, as last fetched from the service. */
export class CatalogueRepository {
  constructor(private readonly store: Store) {}

  /** Replaces the whole catalogue in one transaction, so readers never see half of it. */
  async replaceCurrencies(currencies: readonly CurrencyRecord[]): Promise<void> {
    // The service's order is kept: it lists the popular currencies first. One listed twice is
    // kept once, as and where it was listed last.
    const rows = new Map<
      string,
      { symbol: string; network: string; fullname: string; image: string; memo: number; explorer: string; position: number }
    >();
    currencies.forEach((c, position) => {
      const key = `${c.symbol}|${c.network}`;
      rows.delete(key);
      rows.set(key, {
        symbol: c.symbol,
        network: c.network,
        fullname: c.fullname,
        image: c.image,
        memo: c.memo ? 1 : 0,
        explorer: c.explorer,
        position,
      });
    });
    await this.store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("currencies").execute();
      const all = [...rows.values()];
      for (let i = 0; i < all.length; i += CHUNK)
        await trx
          .insertInto("currencies")
          .values(all.slice(i, i + CHUNK))
          .execute();
    });
  }

  async currencies(): Promise<CurrencyRecord[]> {
    const rows = await this.store.db
      .selectFrom("currencies")
      .select(["symbol", "network", "fullname", "image", "memo", "explorer"])
      .orderBy("position")
      .execute();
    return rows.map((row) => ({ ...row, memo: row.memo === 1 }));
  }

  async replaceProviders(providers: readonly ProviderRecord[]): Promise<void> {
    const rows = new Map(providers.map((p) => [p.name, { name: p.name, enable: p.enable ? 1 : 0 }]));
    await this.store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("providers").execute();
      if (rows.size > 0)
        await trx
          .insertInto("providers")
          .values([...rows.values()])
          .execute();
    });
  }

  async providers(): Promise<ProviderRecord[]> {
    const rows = await this.store.db.selectFrom("providers").select(["name", "enable"]).orderBy("name").execute();
    return rows.map((row) => ({ name: row.name, enable: row.enable === 1 }));
  }
}
