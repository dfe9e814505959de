import { type ConversationData, conversations, type VersionedState } from "@grammyjs/conversations";
import type { MiddlewareFn } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "pino";
import { chatIdOf } from "../chat/index.js";
import type { Repositories } from "../db/index.js";
import type { BaseContext, BotContext } from "./context.js";
import { FLOW_PREFIX, FLOW_STATE_MAX_BYTES } from "./flow-sweeper.js";

/** A chat's flow as stored: the conversations plugin's data, and the update that saved it last. */
type StoredFlow = VersionedState<ConversationData> & { applied?: number };

/**
 * Bump when the flow's code changes shape: stored half-finished flows of an older shape are dropped.
 * 2: showCreated records its steps in another order (issue 9); 3: the picker's recent pairs (issue
 * 13); 4: showCreated claims the card first (issue 20); 5: each step records where it began
 * (restarted after too many inputs, issue 20); 6: the "not given yet" prompt after creation is a
 * step of its own; 7: a step restarts quietly from where the person browsed (its restart carries
 * more than a number); 8: a refusal at create time quotes the next best offer (issue 32).
 */
export const FLOW_VERSION = 8;

/**
 * The conversations plugin with each chat's flow stored under `conv:<chat id>` (src/chat/key.ts
 * names the chat). Updates of one chat reach this bot one at a time, in order, from the inbox
 * (src/inbox/), whichever process holds the chat: nothing here orders them again. Each flow is
 * saved with the update it was saved for, so that one taken up again after its process died is
 * not applied twice (`alreadyApplied`).
 */
export function storedFlows(deps: {
  repos: Repositories;
  logger: Logger;
  /** Installed again inside each conversation, whose ctx.api is a fresh Api. */
  plugins: MiddlewareFn<BaseContext>[];
}): {
  middleware: MiddlewareFn<BotContext>[];
  /** Whether the chat's flow was saved by this update already (one taken up again after its process died). */
  alreadyApplied(update: Update): Promise<boolean>;
} {
  const { repos, logger } = deps;
  // Past this (about 1 MB) the flow is not kept (the sweeper closes one at a quarter of it, with a note).
  const flowStorage = repos.kv.adapter<StoredFlow>(FLOW_PREFIX, {
    maxBytes: 4 * FLOW_STATE_MAX_BYTES,
    onTooLarge: (chatId, bytes) => logger.error({ chatId, bytes }, "a flow's stored state is too large to keep, so the flow ends here"),
  });
  /** The update each chat's flow is being handled for: saved with the flow (see `alreadyApplied`). */
  const flowUpdates = new Map<string, number>();
  const track: MiddlewareFn<BotContext> = async (ctx, next) => {
    const key = ctx.chatId?.toString();
    if (key === undefined) return next();
    flowUpdates.set(key, ctx.update.update_id);
    try {
      await next();
    } finally {
      flowUpdates.delete(key);
    }
  };
  const flows = conversations<BotContext, BaseContext>({
    storage: {
      type: "key",
      version: FLOW_VERSION,
      prefix: "",
      adapter: {
        ...flowStorage,
        write: (key, value) => flowStorage.write(key, { ...value, applied: flowUpdates.get(key) }),
      },
      getStorageKey: (ctx) => ctx.chatId?.toString(),
    },
    plugins: deps.plugins,
  });
  return {
    middleware: [track, flows],
    /**
     * Whether the chat's flow was saved by this update already: its process died after that and
     * before the inbox marked it done, and it is taken up again. Applied twice, an amount would be
     * taken by the next step as its answer (a memo, an address): it is not handled again.
     */
    alreadyApplied: async (update) => {
      const chatId = chatIdOf(update);
      if (chatId === undefined) return false;
      const stored = await repos.kv.get<StoredFlow>(`${FLOW_PREFIX}:${chatId}`);
      return typeof stored?.applied === "number" && stored.applied >= update.update_id;
    },
  };
}
