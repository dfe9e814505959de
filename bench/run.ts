import { alertsBesidePeople } from "./alerts.js";
import { budgetOverhead, burstOfQuotes } from "./budget.js";
import { busyHour, VARIANTS } from "./busy-hour.js";
import { floodBurst } from "./flood.js";
import { flowSteps } from "./flow.js";
import { searchAtScale } from "./search.js";
import { dueBatchAtScale, simulatedDay } from "./tracker.js";

/** `npm run bench`: prints figures; nothing here asserts. */
async function main(): Promise<void> {
  const sections: [string, () => Promise<Record<string, string | number>>][] = [
    ["Rate budget: a burst of quote requests", burstOfQuotes],
    ["Rate budget: overhead per call", budgetOverhead],
    ["Rate alerts beside people: an hour at 10 calls a minute, 3 quotes a minute, with and without 200 alerts", alertsBesidePeople],
    ["Currency search at the real catalogue's scale", searchAtScale],
    ["Exchange flow: time per update, ours vs a bare grammY bot", flowSteps],
    ["Telegram's flood limits: a busy minute's burst through the outbox", floodBurst],
    ...(await import("./runtime.js")).runtimeSections,
    ["Tracker: the schedule at 100,000 tracked exchanges", dueBatchAtScale],
    ["Tracker: a simulated day at 10 calls a minute, about 50 exchanges open", () => simulatedDay(50)],
    ...[1, 3, 6].map(
      (rate) =>
        [`A busy hour: 10 calls a minute, 50 exchanges open, ${rate} quote(s) a minute, 5 restarts and a SIGKILL`, () => sideBySide(rate)] as [string, () => Promise<Record<string, string | number>>],
    ),
  ];
  for (const [title, run] of sections) {
    console.log(`\n## ${title}`);
    const figures = await run();
    for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(44)} ${value}`);
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
