import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackApi {
  /** http://127.0.0.1:{port} */
  base: string;
  /** Stops the server and puts HTTP_BLOCK_ALLOW_HOSTS back as it was. */
  close(): Promise<void>;
}

/**
 * An API on a loopback port that answers with `handler`, which the HTTP Request block may call:
 * the operator's allow-list (HTTP_BLOCK_ALLOW_HOSTS, read at each run) names it until close.
 */
export async function startLoopbackApi(handler: RequestListener): Promise<LoopbackApi> {
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${port}`;
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
      else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
    },
  };
}
