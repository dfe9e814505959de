import { describe, expect, it } from "vitest";
import { RecentTimes } from "../../../src/bot/recent-times.js";

const MINUTE = 60_000;

describe("recent times per key (the per-person and per-group limits)", () => {
  it("counts only the times within the window", () => {
    const recent = new RecentTimes<number>(MINUTE, 100);
    recent.add(1, 0);
    recent.add(1, 30_000);
    expect(recent.within(1, 59_999)).toEqual([0, 30_000]);
    expect(recent.within(1, 60_000)).toEqual([30_000]);
    expect(recent.within(1, 90_000)).toEqual([]);
  });

  it("does not grow with the number of people: a key whose window has passed is forgotten", () => {
    const recent = new RecentTimes<number>(MINUTE, 10_000);
    // 100,000 people, one a second: never more than a minute's worth are remembered.
    for (let person = 0; person < 100_000; person++) recent.add(person, person * 1_000);
    expect(recent.size).toBe(60);
  });

  it("past its cap it forgets the key quiet the longest; a limit still holds for everyone else", () => {
    const recent = new RecentTimes<number>(MINUTE, 3);
    // Person 1 uses up three quotes of the minute; three others come after.
    for (const at of [0, 1, 2]) recent.add(1, at);
    recent.add(2, 10);
    recent.add(3, 11);
    // The cap is reached: person 1 (quiet the longest) is still there, nobody was forgotten yet.
    expect(recent.within(1, 12)).toEqual([0, 1, 2]);
    recent.add(4, 12);
    // Person 1 is forgotten, not the people who acted since.
    expect(recent.size).toBe(3);
    expect(recent.within(1, 12)).toEqual([]);
    expect([2, 3, 4].map((person) => recent.within(person, 12).length)).toEqual([1, 1, 1]);
    // A person who acts again moves to the back: the next one forgotten is someone else.
    recent.add(2, 13);
    recent.add(5, 14);
    expect(recent.within(2, 14)).toEqual([10, 13]);
    expect(recent.within(3, 14)).toEqual([]);
  });

  it("forgets keys whose window has passed before any key still counting", () => {
    const recent = new RecentTimes<number>(MINUTE, 2);
    recent.add(1, 0);
    recent.add(2, 50_000);
    recent.add(2, 50_001);
    // At 70 s person 1's time has left the window: it goes, person 2's two quotes stay counted.
    recent.add(3, 70_000);
    expect(recent.size).toBe(2);
    expect(recent.within(2, 70_000)).toEqual([50_000, 50_001]);
  });

  it("takes back the newest time of a key (a quote that never reached the service)", () => {
    const recent = new RecentTimes<string>(MINUTE, 10);
    recent.add("a", 0);
    recent.add("a", 1);
    recent.removeNewest("a");
    expect(recent.within("a", 2)).toEqual([0]);
    recent.removeNewest("a");
    expect(recent.size).toBe(0);
    recent.removeNewest("nobody");
    expect(recent.size).toBe(0);
  });
});
