/** Talking to Telegram: connecting at start-up, and updates by long polling or a webhook. */
export type { RetryTiming } from "./backoff.js";
export { connectToTelegram, TokenRefusedError } from "./connect.js";
export { ALLOWED_UPDATES, type UpdateFeed } from "./feed.js";
export { startPolling } from "./polling.js";
export { startWebhook, type WebhookOptions } from "./webhook.js";
