/* Fixtures of kept runs for the run history store tests (not used by the app). */
import type { RunDetail, RunStep } from '../api/run-history';
import { ADA } from './fake-api';

export function step(overrides: Partial<RunStep> & Pick<RunStep, 'nodeId'>): RunStep {
  return {
    kind: 'textGeneration',
    title: 'Text AI',
    status: 'succeeded',
    startedAt: '2025-03-01T10:00:00.000Z',
    finishedAt: '2025-03-01T10:00:01.200Z',
    durationMs: 1200,
    inputs: {},
    outputs: {},
    outputFiles: null,
    truncated: false,
    error: null,
    model: null,
    usage: null,
    credits: null,
    items: null,
    ...overrides,
  };
}

/** A kept run of `appId`, newest at `minute` past ten, by Ada unless told otherwise. */
export function keptRun(id: string, overrides: Partial<RunDetail> = {}, minute = 0): RunDetail {
  const at = new Date(Date.UTC(2025, 2, 1, 10, minute)).toISOString();
  return {
    id,
    appId: 'app-1',
    appName: 'Lighthouse writer',
    status: 'succeeded',
    actionType: 'test_execution',
    source: 'builder',
    runner: { id: ADA.id, name: ADA.user_metadata.full_name },
    mine: true,
    cost: 1,
    durationMs: 1500,
    createdAt: at,
    finishedAt: at,
    error: null,
    errorCode: null,
    detailsHidden: false,
    conversationId: null,
    inputs: {},
    results: null,
    nodes: null,
    steps: [],
    version: null,
    approvalRequest: null,
    toolRuns: [],
    ...overrides,
  };
}
