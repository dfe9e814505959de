/**
 * A preload (`node --import`) that moves this whole process's wall clock by SHIFT_CLOCK_MS
 * (positive: ahead, negative: behind), as a host whose clock is off would see it: Date.now(),
 * `new Date()` and `Date()` are shifted; dates built from a given time, and performance.now(),
 * are not. Used by test/harness/fleet.ts (an instance's `clockShiftMs`).
 */
/* global process */
const shift = Number(process.env.SHIFT_CLOCK_MS ?? 0);
if (!Number.isFinite(shift)) throw new Error(`SHIFT_CLOCK_MS is not a number: ${process.env.SHIFT_CLOCK_MS}`);
if (shift !== 0) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + shift);
      else super(...args);
    }
    static now() {
      return realNow() + shift;
    }
  }
  // `Date()` called as a function: now, as a string.
  globalThis.Date = new Proxy(ShiftedDate, { apply: () => new ShiftedDate().toString() });
}
