/**
 * A TCP proxy between the bot and PostgreSQL (or anything else) that can, on command, stop
 * forwarding without closing anything: both sides' connections stay open and say nothing, as
 * when a network hangs or the process at one end is frozen. What was already forwarded has
 * arrived; what comes after waits in the proxy for ever (until close()).
 */
import { connect, createServer, type Server, type Socket } from "node:net";

export interface HangingProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** From now on nothing is forwarded either way, on open connections or new ones. */
  hang(): void;
  /**
   * Forwards the next client message whose bytes contain `marker` (and all before it), then
   * hangs as hang() does: the server gets that query, the client never hears back. Resolves once hung.
   */
  hangAfter(marker: string): Promise<void>;
  /**
   * The connections open now stop forwarding for good, saying nothing (as a NAT or a firewall
   * that forgot them, or a cable cut: nothing reaches either end, and nothing closes), while
   * connections opened after it are forwarded as before.
   */
  cut(): void;
  /** Whether it hangs now. */
  hung(): boolean;
  /** The local ports of its connections to the server (pg_stat_activity's client_port for them). */
  upstreamPorts(): number[];
  /** Closes every connection and the proxy. */
  close(): Promise<void>;
}

export async function startHangingProxy(target: { host: string; port: number }): Promise<HangingProxy> {
  let hanging = false;
  let trigger: { marker: Buffer; done: () => void } | undefined;
  const sockets = new Set<Socket>();
  const upstreams = new Set<Socket>();
  /** Each open connection's own cut. */
  const cuts = new Set<() => void>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A reset from either side while hung is not this test's concern.
    socket.on("error", () => {});
  };
  const hang = () => {
    hanging = true;
    // Nothing more is read: what the kernel buffers stays there, unanswered.
    for (const socket of sockets) socket.pause();
  };
  const server: Server = createServer((client) => {
    track(client);
    const upstream = connect(target.port, target.host);
    track(upstream);
    upstreams.add(upstream);
    let severed = false;
    const sever = () => {
      severed = true;
      client.pause();
      upstream.pause();
    };
    cuts.add(sever);
    upstream.on("close", () => {
      upstreams.delete(upstream);
      cuts.delete(sever);
    });
    if (hanging) {
      client.pause();
      upstream.pause();
      return;
    }
    client.on("data", (chunk: Buffer) => {
      if (hanging || severed) return;
      upstream.write(chunk);
      if (trigger && chunk.includes(trigger.marker)) {
        const { done } = trigger;
        trigger = undefined;
        hang();
        done();
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!hanging && !severed) client.write(chunk);
    });
    // An end from one side is passed on while forwarding; while hung, nothing is.
    client.on("end", () => !hanging && !severed && upstream.end());
    upstream.on("end", () => !hanging && !severed && client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    hang,
    hangAfter(marker) {
      return new Promise((resolve) => {
        trigger = { marker: Buffer.from(marker), done: resolve };
      });
    },
    cut() {
      for (const sever of cuts) sever();
      cuts.clear();
    },
    hung: () => hanging,
    upstreamPorts: () => [...upstreams].flatMap((socket) => (socket.localPort === undefined ? [] : [socket.localPort])),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
