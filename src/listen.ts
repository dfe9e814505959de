import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on `host:port` (0: any free port); resolves with the port taken, rejects on EADDRINUSE and the like. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}
