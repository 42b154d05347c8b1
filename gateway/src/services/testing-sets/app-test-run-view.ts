import { cutText } from '@blocksmith/schema';
import type { AppTestRun, TestRunPurpose } from '../../data/entities';
import { isUuid } from '../../ids';
import type { TestCheck } from './app-test-case';
import type { CheckOutcome, RunAnswers } from './checks';

/** One case's outcome in a test run. */
export interface CaseResult {
  caseId: string;
  name: string;
  status: 'passed' | 'failed' | 'cancelled';
  runId: string | null;
  /** The run's answers by key (`answer` the final one), cut for display. */
  answers: Record<string, unknown>;
  checks: CheckOutcome[];
  latencyMs: number | null;
  credits: number;
  /** Why the case failed outside its checks (the run failed or could not start). */
  error: string | null;
}

/** A test run as the API answers it. */
export interface TestRunView {
  id: string;
  appId: string;
  versionId: string | null;
  versionNumber: number | null;
  purpose: TestRunPurpose;
  status: AppTestRun['status'];
  total: number;
  done: number;
  passed: number;
  failed: number;
  passRate: number | null;
  cases: CaseResult[];
  latencyMs: { p50: number | null; p95: number | null };
  credits: number;
  creditsPerRun: number | null;
  estimatedCredits: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface TestRunEstimate {
  cases: number;
  versionId: string | null;
  versionNumber: number | null;
  /** The fewest and most credits one case's run costs, and the whole run at most. */
  creditsPerRun: { min: number; max: number };
  /** What the judge checks' model calls cost together at most (included in `credits.max`). */
  judgeCredits: number;
  credits: { min: number; max: number };
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** An answer as a test run keeps it for display: at most 5,000 characters. */
export function cutAnswer(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 5000 ? `${cutText(value, 5000)}…` : value;
  const text = JSON.stringify(value);
  return text !== undefined && text.length > 5000 ? `${cutText(text, 5000)}…` : value;
}

/**
 * A case's answers as its result keeps them: `answer` (the final one), each answer by its flat key
 * and block id, and whatever a check of the case looks at (a block's named output included).
 */
export function shownAnswers(answers: RunAnswers, checks: readonly TestCheck[]): Record<string, unknown> {
  const shown: Record<string, unknown> = { answer: cutAnswer(answers.final ?? null) };
  for (const [key, value] of answers.byTarget)
    if (!key.includes('.') && !isUuid(key)) shown[key] = cutAnswer(value);
  for (const { target } of checks)
    if (target !== 'answer' && answers.byTarget.has(target))
      shown[target] = cutAnswer(answers.byTarget.get(target));
  return shown;
}

export function toView(row: AppTestRun): TestRunView {
  const cases = row.results as CaseResult[];
  const finished = row.passed + row.failed;
  return {
    id: row.id,
    appId: row.appId,
    versionId: row.versionId,
    versionNumber: row.versionNumber,
    purpose: row.purpose,
    status: row.status,
    total: row.total,
    done: cases.length,
    passed: row.passed,
    failed: row.failed,
    passRate: finished === 0 ? null : round2((row.passed / row.total) * 100),
    cases,
    latencyMs: { p50: row.p50Ms, p95: row.p95Ms },
    credits: row.credits,
    creditsPerRun: cases.length === 0 ? null : round2(row.credits / cases.length),
    estimatedCredits: row.estimatedCredits,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}
