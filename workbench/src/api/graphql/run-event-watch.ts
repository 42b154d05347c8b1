import type { DocumentNode } from 'graphql';
import type { OperationVariables } from '@apollo/client';
import type { RunEvent } from '@blocksmith/schema';
import type { RunWatcher } from '../blocksmith-api';
import type { GraphQLTransport } from './graphql-transport';
import { toApiError } from './to-api-error';

/**
 * Follows a subscription of a run's events (`runProgress`, an embed chat's `embeddedChatProgress`)
 * over the socket: each event to `watcher`, errors mapped as every call's, and the socket's drops
 * and returns while it is watched. Returns a function that stops watching.
 */
export function watchRunEvents<TVariables extends OperationVariables>(
  transport: GraphQLTransport,
  document: DocumentNode,
  variables: TVariables,
  field: string,
  watcher: RunWatcher,
): () => void {
  const done = transport.watchConnection(watcher);
  // Each event is a JSON object on the wire, one of the RunEvent shapes run-events.ts declares.
  const subscription = transport
    .subscribe<Record<string, RunEvent>, TVariables>(document, variables)
    .subscribe({
      next: (result) => {
        const event = result.data?.[field];
        if (result.error) watcher.error(toApiError(result.error));
        else if (event) watcher.next(event);
      },
      error: (error: unknown) => {
        done();
        watcher.error(toApiError(error));
      },
      complete: () => {
        done();
        watcher.complete();
      },
    });
  return () => {
    done();
    subscription.unsubscribe();
  };
}
