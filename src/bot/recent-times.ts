/**
 * When something last happened, per key (a person, a chat), for limits over a sliding window:
 * "three new quotes a minute", "eighteen answers a minute in a group". Bounded whatever the
 * number of people: a key whose newest time has left the window is forgotten, and past
 * `maxKeys` the key quiet the longest goes first. Forgetting a key only ever forgets times the
 * limit no longer counts, unless more than `maxKeys` keys acted within one window.
 */
export class RecentTimes<K> {
  /** Times within the window, oldest first; the Map's order is the order of each key's newest time. */
  private readonly times = new Map<K, number[]>();

  constructor(
    readonly windowMs: number,
    readonly maxKeys: number,
  ) {}

  /** The key's times still within the window at `now`, oldest first (a copy). */
  within(key: K, now: number): number[] {
    const since = now - this.windowMs;
    return (this.times.get(key) ?? []).filter((at) => at > since);
  }

  /** Records that it happened for `key` at `now`. */
  add(key: K, now: number): void {
    const recent = this.within(key, now);
    recent.push(now);
    // Deleted first, so that the key moves to the end of the Map's order.
    this.times.delete(key);
    this.times.set(key, recent);
    this.forgetOld(now);
  }

  /** Takes back the key's newest time (what it stood for did not happen after all). */
  removeNewest(key: K): void {
    const recent = this.times.get(key);
    recent?.pop();
    if (recent?.length === 0) this.times.delete(key);
  }

  /** Keys remembered now. */
  get size(): number {
    return this.times.size;
  }

  private forgetOld(now: number): void {
    const since = now - this.windowMs;
    for (const [key, recent] of this.times) {
      if (this.times.size <= this.maxKeys && (recent.at(-1) ?? -Infinity) > since) return;
      this.times.delete(key);
    }
  }
}
