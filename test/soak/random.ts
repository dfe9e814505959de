/**
 * The soak's one source of chance: a seeded generator (mulberry32), so that `--seed N` draws the
 * same fault schedule and the same people again. Nothing in the soak calls Math.random().
 */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One of `items`, each as likely (or weighted by `weight`). */
  pick<T>(items: readonly T[], weight?: (item: T) => number): T {
    if (items.length === 0) throw new Error("nothing to pick from");
    if (!weight) return items[Math.floor(this.next() * items.length)]!;
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let left = this.next() * total;
    for (const item of items) {
      left -= weight(item);
      if (left < 0) return item;
    }
    return items[items.length - 1]!;
  }

  /** A generator of its own, for one person or one part, so that their draws do not shift each other's. */
  fork(): Random {
    return new Random(this.int(0, 2 ** 31 - 1));
  }
}
