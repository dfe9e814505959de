import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";

type MaybePromise<T> = T | Promise<T>;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";

/**
 * A Composer whose filters (`command`, `on`, `chatType`, `callbackQuery`, `hears`, `filter`…)
 * check their condition in place. grammY's own builds each filter on `lazy`, which makes a new
 * Composer (and its arrays and closures) for every update at every filter it passes: a flow
 * update passes about 36 of them before it reaches the conversation, a quarter of all it
 * allocated. The same predicate decides, `ctx.match` is set the same way (by the predicate),
 * and the filtered handlers see the same narrowed context; only the per-update building is gone.
 *
 * Every composer it returns is one of these, so chained filters (`chatType(…).command(…)`) are
 * checked in place too.
 */
export class DirectComposer<C extends Context> extends Composer<C> {
  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Array<Middleware<D>>): Composer<D>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C> {
    const branch = new DirectComposer<C>(...middleware);
    // The branch's middleware is read per update: handlers registered on it later count too.
    const filtered: MiddlewareFn<C> = (ctx, next) => {
      const passes = predicate(ctx);
      if (isThenable(passes)) return passes.then((yes) => (yes ? branch.middleware()(ctx, next) : next()));
      return passes ? branch.middleware()(ctx, next) : next();
    };
    super.use(filtered);
    return branch;
  }

  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new DirectComposer<C>(...middleware);
    super.use(composer);
    return composer;
  }
}
