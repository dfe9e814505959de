import { budgetOverhead, burstOfQuotes } from "./budget.js";
import { flowSteps } from "./flow.js";
import { searchAtScale } from "./search.js";
import { dueBatchAtScale, simulatedDay } from "./tracker.js";

/** `npm run bench`: prints figures; nothing here asserts. */
async function main(): Promise<void> {
  const sections: [string, () => Promise<Record<string, string | number>>][] = [
    ["Rate budget: a burst of quote requests", burstOfQuotes],
    ["Rate budget: overhead per call", budgetOverhead],
    ["Currency search at the real catalogue's scale", searchAtScale],
    ["Exchange flow: time per update, ours vs a bare grammY bot", flowSteps],
    ["Tracker: the schedule at 100,000 tracked exchanges", dueBatchAtScale],
    ["Tracker: a simulated day at 10 calls a minute, about 50 exchanges open", () => simulatedDay(50)],
  ];
  for (const [title, run] of sections) {
    console.log(`\n## ${title}`);
    const figures = await run();
    for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(44)} ${value}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
