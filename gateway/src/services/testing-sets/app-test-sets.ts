import { cutText } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppRecord, AppTestSet, RunRecord } from '../../data/entities';
import { InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { MAX_CASES, parseCases, parseJsonLines, toJsonLines, type TestCase } from './app-test-case';

export const APP_NOT_FOUND = 'App not found.';

export interface TestSetView {
  appId: string;
  cases: TestCase[];
  updatedAt: Date | null;
}

/** Who asks: the app's owner, or an admin reviewing it (who may read, never change). */
export interface TestViewer {
  userId: string;
  isAdmin?: boolean;
}

/** The app when `viewer` owns it (or, for reading, is an admin); anyone else's is not found. */
export async function appFor(
  dataSource: DataSource,
  viewer: TestViewer,
  appId: string,
  mode: 'read' | 'write',
): Promise<AppRecord> {
  const record = isUuid(appId) ? await dataSource.getRepository(AppRecord).findOneBy({ id: appId }) : null;
  const allowed =
    record && (record.ownerId === viewer.userId || (mode === 'read' && viewer.isAdmin === true));
  if (!allowed) throw new NotFoundError(APP_NOT_FOUND);
  return record;
}

/** An app's test set: its cases, read and replaced whole, kept from past runs, as JSON Lines. */
export class TestSets {
  constructor(private readonly dataSource: DataSource) {}

  async get(viewer: TestViewer, appId: string): Promise<TestSetView> {
    await appFor(this.dataSource, viewer, appId, 'read');
    return this.read(appId);
  }

  /** The cases of an app (no access check: the service's own use). */
  async read(appId: string): Promise<TestSetView> {
    const row = await this.dataSource.getRepository(AppTestSet).findOneBy({ appId });
    return { appId, cases: (row?.cases ?? []) as TestCase[], updatedAt: row?.updatedAt ?? null };
  }

  /** Replaces the cases (checked first: a clear error names the case and field). */
  async put(viewer: TestViewer, appId: string, cases: unknown): Promise<TestSetView> {
    await appFor(this.dataSource, viewer, appId, 'write');
    return this.save(appId, parseCases(cases));
  }

  /** Adds the cases of a JSON Lines text (`replace`: instead of the cases there were). */
  async importJsonLines(
    viewer: TestViewer,
    appId: string,
    body: string,
    replace = false,
  ): Promise<TestSetView> {
    await appFor(this.dataSource, viewer, appId, 'write');
    const incoming = parseJsonLines(body);
    const current = replace ? [] : (await this.read(appId)).cases;
    const ids = new Set(current.map((one) => one.id));
    const merged = [...current, ...incoming.filter((one) => !ids.has(one.id))];
    return this.save(appId, parseCases(merged));
  }

  async exportJsonLines(viewer: TestViewer, appId: string): Promise<string> {
    return toJsonLines((await this.get(viewer, appId)).cases);
  }

  /**
   * "Keep as a test case": one of the owner's own runs of the app becomes a case with its inputs
   * (those sent as null left out; another person's run never shows its inputs), no check yet: it passes while its run
   * succeeds, until the creator adds what the answer must be.
   */
  async keepRun(
    viewer: TestViewer,
    appId: string,
    runId: string,
    name?: string | null,
  ): Promise<TestSetView> {
    const app = await appFor(this.dataSource, viewer, appId, 'write');
    const run = isUuid(runId)
      ? await this.dataSource
          .getRepository(RunRecord)
          .findOneBy({ id: runId, appId: app.id, userId: app.ownerId })
      : null;
    if (!run) throw new NotFoundError('Run not found: keep one of your own runs of this app.');
    const current = (await this.read(appId)).cases;
    if (current.length >= MAX_CASES) throw new InputError(`A test set may have at most ${MAX_CASES} cases.`);
    // An input sent as null is one left out (a run reads null and a missing input alike).
    const inputs = Object.fromEntries(
      Object.entries((run.inputs ?? {}) as Record<string, unknown>).filter(([, value]) => value !== null),
    );
    const label = name?.trim() || `From run of ${run.createdAt.toISOString().slice(0, 16).replace('T', ' ')}`;
    const kept = { name: cutText(label, 200), inputs, checks: [], sourceRunId: run.id };
    return this.save(appId, parseCases([...current, kept]));
  }

  private async save(appId: string, cases: TestCase[]): Promise<TestSetView> {
    const updatedAt = new Date();
    await this.dataSource.getRepository(AppTestSet).upsert({ appId, cases, updatedAt }, ['appId']);
    return { appId, cases, updatedAt };
  }
}
