import { alertsBesidePeople } from "./alerts.js";
import { budgetOverhead, burstOfQuotes } from "./budget.js";
import { busyHour, VARIANTS } from "./busy-hour.js";
import { floodBurst } from "./flood.js";
import { flowSteps } from "./flow.js";
import { searchAtScale } from "./search.js";
import { dueBatchAtScale, simulatedDay } from "./tracker.js";

type Section = [title: string, run: () => Promise<Record<string, string | number>>];

/**
 * `npm run bench`: prints figures; nothing here asserts. BENCH_ONLY (keys separated by commas,
 * e.g. BENCH_ONLY=instances) runs only those groups of sections.
 */
async function main(): Promise<void> {
  const groups: Record<string, () => Promise<Section[]>> = {
    budget: async () => [
      ["Rate budget: a burst of quote requests", burstOfQuotes],
      ["Rate budget: overhead per call", budgetOverhead],
    ],
    alerts: async () => [
      ["Rate alerts beside people: an hour at 10 calls a minute, 3 quotes a minute, with and without 200 alerts", alertsBesidePeople],
    ],
    search: async () => [["Currency search at the real catalogue's scale", searchAtScale]],
    flow: async () => [["Exchange flow: time per update, ours vs a bare grammY bot", flowSteps]],
    flood: async () => [["Telegram's flood limits: a busy minute's burst through the outbox", floodBurst]],
    runtime: async () => (await import("./runtime.js")).runtimeSections,
    instances: async () => [
      [
        "Several instances on one PostgreSQL: 1, 2 and 3 processes behind a balancer, and failover",
        (await import("./instances.js")).severalInstances,
      ],
    ],
    "reply-time": async () => [
      [
        "Reply time a person sees: updates at a steady rate (open loop), 1 and 3 instances behind a balancer",
        (await import("./reply-time.js")).replyTimes,
      ],
    ],
    tracker: async () => [
      ["Tracker: the schedule at 100,000 tracked exchanges", dueBatchAtScale],
      ["Tracker: a simulated day at 10 calls a minute, about 50 exchanges open", () => simulatedDay(50)],
    ],
    "busy-hour": async () =>
      [1, 3, 6].map(
        (rate): Section => [
          `A busy hour: 10 calls a minute, 50 exchanges open, ${rate} quote(s) a minute, 5 restarts and a SIGKILL`,
          () => sideBySide(rate),
        ],
      ),
  };
  const only = process.env.BENCH_ONLY?.split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  const unknown = only?.filter((key) => !(key in groups)) ?? [];
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: no such section ${unknown.join(", ")} (there are: ${Object.keys(groups).join(", ")})`);
  for (const [key, sections] of Object.entries(groups)) {
    if (only && !only.includes(key)) continue;
    for (const [title, run] of await sections()) {
      console.log(`\n## ${title}`);
      const figures = await run();
      for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(44)} ${value}`);
    }
  }
}

/** The same hour through each budget: "now | before" in one column. */
async function sideBySide(rate: number): Promise<Record<string, string | number>> {
  const runs = [];
  for (const variant of VARIANTS) runs.push(await busyHour(rate, variant));
  const figures: Record<string, string> = { "": VARIANTS.map((v) => v.name).join("  |  ") };
  for (const name of Object.keys(runs[0]!)) figures[name] = runs.map((run) => String(run[name])).join("  |  ");
  return figures;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
