/**
 * A child process of bench/runtime.ts: the Bot API emulator and the users who talk to it, out
 * of the bot's process, so that the bot's CPU time and profile are its own. Driven over IPC:
 *   → { type: "ready", apiRoot, token, botInfo }
 *   ← { type: "run", id, scenario, rounds }   → { type: "done", id, timed } | { type: "failed", id, message }
 *   ← { type: "close" }                       (closes the emulator and exits)
 */
import { startBotApiEmulator } from "../src/emulator/index.js";
import { ANSWER_TIMEOUT_MS, bursts, SCENARIOS } from "./runtime-users.js";

export type DriverRequest = { type: "run"; id: number; scenario: number; rounds: number } | { type: "close" };

const send = (message: unknown) => process.send?.(message);

if (process.send === undefined) throw new Error("bench/runtime-driver.ts runs as a child of bench/runtime.ts (with an IPC channel)");

const tg = await startBotApiEmulator({ recordCalls: false, defaultTimeoutMs: ANSWER_TIMEOUT_MS });
// The bench went away (or closed us): nothing left to do.
process.on("disconnect", () => void tg.close().finally(() => process.exit(0)));
process.on("message", (request: DriverRequest) => {
  if (request.type === "close") {
    void tg.close().finally(() => process.exit(0));
    return;
  }
  bursts(tg, SCENARIOS[request.scenario]!, request.rounds).then(
    (timed) => send({ type: "done", id: request.id, timed }),
    (error: unknown) => send({ type: "failed", id: request.id, message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ type: "ready", apiRoot: tg.apiRoot, token: tg.token, botInfo: tg.botInfo });
