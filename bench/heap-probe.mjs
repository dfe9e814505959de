/* global process */
/**
 * Loaded into the bot's process by bench/runtime.ts (`node --expose-gc --import`): on SIGUSR2
 * a full GC, then process.memoryUsage() as one JSON line appended to $BENCH_HEAP_PROBE. The
 * live heap after a full GC is what the process keeps; the rest of its RSS is V8's sizing of
 * its heap, native allocations and the binary.
 */
import { appendFileSync } from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const file = process.env.BENCH_HEAP_PROBE;
  if (file) appendFileSync(file, `${JSON.stringify(process.memoryUsage())}\n`);
});
