import type { FileRef } from '@blocksmith/schema';
import { ApiError, type RunActionType, type RunWatcher } from '../blocksmith-api';
import type { FinishedRun } from '../embeds';
import { RunOutcomeDocument, RunProgressDocument, StartRunDocument } from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';
import { watchRunEvents } from './run-event-watch';

/** Starting a run, following its events over the socket, its stored ending, and its uploaded files. */
export class RunCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async startRun(
    appId: string,
    inputs: Record<string, unknown>,
    actionType: RunActionType = 'test_execution',
  ): Promise<{ runId: string; cost: number }> {
    return (
      await this.transport.mutate(StartRunDocument, {
        appId,
        inputs,
        actionType,
      })
    ).startRun;
  }

  watchRun(runId: string, watcher: RunWatcher): () => void {
    return watchRunEvents(this.transport, RunProgressDocument, { runId }, 'runProgress', watcher);
  }

  async runOutcome(runId: string): Promise<FinishedRun> {
    return (await this.transport.query(RunOutcomeDocument, { id: runId })).run;
  }

  async uploadFile(appId: string, blockId: string, file: File): Promise<FileRef> {
    const body = new FormData();
    body.set('appId', appId);
    body.set('blockId', blockId);
    body.set('file', file);
    const token = await this.transport.accessToken();
    const response = await fetch(`${this.transport.origin}/uploads`, {
      method: 'POST',
      body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the status line says enough.
    }
    if (!response.ok) {
      const message =
        parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
          ? parsed.message
          : `HTTP error! status: ${response.status}`;
      throw new ApiError(message);
    }
    return parsed as FileRef;
  }
}
