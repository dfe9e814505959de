import { Composer, type Context, type Middleware, type MiddlewareFn, type NextFunction } from "grammy";

type MaybePromise<T> = T | Promise<T>;

/** One piece of a composer's chain: middleware that always runs, or a filter and the composer it guards. */
type Link<C extends Context> =
  | { kind: "use"; run: MiddlewareFn<C> }
  | { kind: "filter"; predicate: (ctx: C) => MaybePromise<boolean>; branch: DirectComposer<C> };

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";

const middlewareFn = <C extends Context>(middleware: Middleware<C>): MiddlewareFn<C> =>
  typeof middleware === "function" ? middleware : (ctx, next) => middleware.middleware()(ctx, next);

/**
 * A Composer whose filters (`command`, `on`, `chatType`, `callbackQuery`, `hears`, `filter`…)
 * check their condition in place. grammY's own builds each filter on `lazy`, which makes a new
 * Composer (its arrays and closures) for every update at every filter the update passes, and
 * chains middleware by nesting two async closures per link: a flow update passes about 36
 * filters before it reaches the conversation, and that was a quarter of all it allocated.
 *
 * Here a composer keeps its chain as a list and walks it: a filter that does not match costs
 * its predicate only, and middleware that runs gets one `next`. What runs is the same: the same
 * predicates decide (and set `ctx.match`), in the same order; `next` resolves once the rest of
 * the chain is done and rejects when called twice; any error comes back as a rejected promise;
 * handlers added to a composer later count too. Every composer it returns is one of these, so
 * chained filters are checked in place as well (grammY's other methods, errorBoundary, lazy,
 * fork, branch, route, all build on `use`). test/composer.test.ts holds it to grammY's own.
 */
export class DirectComposer<C extends Context> extends Composer<C> {
  private readonly chain: Link<C>[] = [];

  constructor(...middleware: Array<Middleware<C>>) {
    super();
    for (const piece of middleware) this.chain.push({ kind: "use", run: middlewareFn(piece) });
  }

  override middleware(): MiddlewareFn<C> {
    return this.run;
  }

  override use(...middleware: Array<Middleware<C>>): Composer<C> {
    const composer = new DirectComposer<C>(...middleware);
    this.chain.push({ kind: "use", run: composer.run });
    return composer;
  }

  override filter<D extends C>(predicate: (ctx: C) => ctx is D, ...middleware: Array<Middleware<D>>): Composer<D>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C>;
  override filter(predicate: (ctx: C) => MaybePromise<boolean>, ...middleware: Array<Middleware<C>>): Composer<C> {
    const branch = new DirectComposer<C>(...middleware);
    this.chain.push({ kind: "filter", predicate, branch });
    return branch;
  }

  /** The chain from its start; like grammY's, it answers with a promise, rejected on any error. */
  private readonly run: MiddlewareFn<C> = (ctx, next) => this.from(0, ctx, next);

  /** Runs the chain from link `start`: filters that do not match are stepped over in place. */
  private from(start: number, ctx: C, next: NextFunction): Promise<unknown> {
    try {
      for (let at = start; at < this.chain.length; at++) {
        const link = this.chain[at]!;
        if (link.kind === "use") return this.enter(link.run, at, ctx, next);
        const passes = link.predicate(ctx);
        if (isThenable(passes)) return this.later(passes, link.branch, at, ctx, next);
        if (passes) return this.enter(link.branch.run, at, ctx, next);
      }
      return next();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A filter whose predicate answers later. */
  private async later(passes: PromiseLike<unknown>, branch: DirectComposer<C>, at: number, ctx: C, next: NextFunction): Promise<unknown> {
    return (await passes) ? this.enter(branch.run, at, ctx, next) : this.from(at + 1, ctx, next);
  }

  /**
   * Runs one link's middleware; its `next` goes on after that link, once. No async function
   * here: the promises passed along are the middleware's own (a link costs one closure).
   */
  private enter(middleware: MiddlewareFn<C>, at: number, ctx: C, next: NextFunction): Promise<unknown> {
    let called = false;
    const goOn = (): Promise<void> => {
      if (called) return Promise.reject(new Error("`next` already called before!"));
      called = true;
      return this.from(at + 1, ctx, next) as Promise<void>;
    };
    try {
      return Promise.resolve(middleware(ctx, goOn));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
