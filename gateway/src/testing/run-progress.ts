import type { RunEvent } from '@blocksmith/schema';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** Every event of a run, watched over graphql-ws with `token`'s session, until run_finished. */
export function watchRun(gatewayUrl: string, token: string, runId: string): Promise<RunEvent[]> {
  const client = createClient({
    url: gatewayUrl.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  const events: RunEvent[] = [];
  return new Promise<RunEvent[]>((resolve, reject) => {
    client.subscribe<{ runProgress: RunEvent }>(
      { query: 'subscription ($runId: ID!) { runProgress(runId: $runId) }', variables: { runId } },
      {
        next: (message) => {
          if (message.errors) reject(new Error(message.errors[0]!.message));
          else events.push(message.data!.runProgress);
        },
        error: (error) => {
          void client.dispose();
          reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: () => {
          void client.dispose();
          resolve(events);
        },
      },
    );
  });
}
