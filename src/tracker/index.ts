/**
 * The tracker: follows every open exchange at the service through the budget's background lane
 * (src/tracker/tracker.ts), and tells its person what became of it, in the bot's words: a message
 * at each change of status, the card edited in place (src/tracker/notifier.ts). Built on the bot's
 * status API; the bot reaches it only through callbacks (app.ts).
 */
export { type NotifierDeps, StatusNotifier } from "./notifier.js";
export { Tracker, type TrackerDeps } from "./tracker.js";
