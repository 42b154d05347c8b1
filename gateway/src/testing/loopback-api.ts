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
      // Requests it never answered (see `startHangingApi`) would hold the server open.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
      else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
    },
  };
}

export interface HangingApi extends LoopbackApi {
  /** `{base}/slow`, for an HTTP Request block that should wait until its run is stopped. */
  url: string;
  /** The paths it was asked for, in order. */
  seen: string[];
}

/** A loopback API that takes every request and never answers it: a run calling it waits until stopped. */
export async function startHangingApi(): Promise<HangingApi> {
  const seen: string[] = [];
  const api = await startLoopbackApi((req) => void seen.push(req.url ?? ''));
  return { ...api, url: `${api.base}/slow`, seen };
}
