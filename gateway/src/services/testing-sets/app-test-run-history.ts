import { LessThan, Not, type DataSource, type FindOptionsWhere } from 'typeorm';
import { AppTestRun } from '../../data/entities';
import { toView, type TestRunView } from './app-test-run-view';

/** The figures of a finished test run, without its cases (which may weigh megabytes). */
export type TestRunFigures = Pick<
  AppTestRun,
  'total' | 'passed' | 'p95Ms' | 'credits' | 'versionNumber' | 'createdAt' | 'finishedAt'
>;

/** Earlier finished test runs of a version: the store's quality and the comparison read them. */
export class TestRunHistory {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The last finished test run of a version, if any; with `before`, the last one started before
   * that run (the run before it of the same version).
   */
  async lastOfVersion(
    appId: string,
    versionId: string,
    before?: Pick<AppTestRun, 'id' | 'createdAt'>,
  ): Promise<TestRunView | null> {
    const where: FindOptionsWhere<AppTestRun> = { appId, versionId, status: 'finished' };
    if (before) Object.assign(where, { id: Not(before.id), createdAt: LessThan(before.createdAt) });
    const row = await this.dataSource
      .getRepository(AppTestRun)
      .findOne({ where, order: { createdAt: 'DESC' } });
    return row ? toView(row) : null;
  }

  /** The figures of a version's last finished test run (the store asks it for every card). */
  async lastFiguresOfVersion(appId: string, versionId: string): Promise<TestRunFigures | null> {
    return this.dataSource.getRepository(AppTestRun).findOne({
      where: { appId, versionId, status: 'finished' },
      order: { createdAt: 'DESC' },
      select: {
        id: true,
        total: true,
        passed: true,
        p95Ms: true,
        credits: true,
        versionNumber: true,
        createdAt: true,
        finishedAt: true,
      },
    });
  }
}
