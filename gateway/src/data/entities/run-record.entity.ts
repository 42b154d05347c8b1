import { AfterLoad, Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RUN_SOURCES, type ActionType, type RunRecordStatus, type RunSource } from '@blocksmith/schema';
import { AppRecord } from './app-record.entity';
import { User } from './user.entity';
import { expandResult } from '../../services/runs/compact-result';
import { expandSteps } from '../../services/runs/compact-steps';

const RUN_SOURCE_LIST = RUN_SOURCES.map((source) => `'${source}'`).join(', ');
const LIVE = `status IN ('queued', 'running', 'waiting')`;
const ENDED = `status NOT IN ('queued', 'running', 'waiting')`;

export type { RunRecordStatus };

@Entity('runs')
@Index('runs_app', ['appId', 'createdAt', 'id'])
// By status: ended runs only (one entry each), and the runs not ended apart (RunsEndedIndexes1767906000000).
@Index('runs_app_status', ['appId', 'status', 'createdAt', 'id'], { where: ENDED })
@Index('runs_app_live', ['appId', 'status', 'createdAt', 'id'], { where: LIVE })
@Index('runs_app_source', ['appId', 'source', 'createdAt', 'id'])
@Index('runs_app_status_source', ['appId', 'status', 'source', 'createdAt', 'id'], { where: ENDED })
@Index('runs_user', ['userId', 'createdAt', 'id'])
@Index('runs_finished', ['finishedAt'], { where: 'finished_at IS NOT NULL' })
@Index('runs_parent', ['parentRunId'], { where: 'parent_run_id IS NOT NULL' })
@Index('runs_executing', ['executor'], { where: `status = 'running' AND executor IS NOT NULL` })
@Check('runs_action_type', `action_type IN ('test_execution', 'published')`)
@Check('runs_source', `source IN (${RUN_SOURCE_LIST})`)
@Check('runs_status', `status IN ('queued', 'running', 'waiting', 'succeeded', 'failed', 'aborted')`)
export class RunRecord {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text', { name: 'action_type' }) actionType!: ActionType;
  /**
   * Where it was started from: builder, store, embed or api. The default keeps a process of the
   * previous release (a rolling deploy) able to start runs; this release always names it.
   */
  @Column('text', { default: 'store' }) source!: RunSource;
  /**
   * The run that started this one (an agent block calling an app as a tool), whose history links
   * here; null for runs started by a person, a key, a hook or a schedule.
   */
  @Column('uuid', { name: 'parent_run_id', nullable: true }) parentRunId!: string | null;
  /**
   * The app's "share run details" notice was on when the run started: its owner may see the
   * inputs and outputs of this run by someone else.
   */
  @Column('boolean', { name: 'details_shared', default: false }) detailsShared!: boolean;
  /**
   * Started by a visitor who was not signed in (an embed run on its owner's credits): `userId` is
   * the owner who paid, but it is not the owner's run.
   */
  @Column('boolean', { default: false }) visitor!: boolean;
  @Column('text') status!: RunRecordStatus;
  @Column('integer') cost!: number;
  @Column('jsonb') inputs!: Record<string, unknown>;
  /**
   * The result and the steps are JSON text (`json`, not `jsonb`): written once and read whole, they
   * take a third less room as text. SQL that looks inside them casts to jsonb. A succeeded run's
   * are stored compacted (services/runs/compact-result.ts, compact-steps.ts): the entity reads
   * them whole (`expand`), as `toStoredRun` does; SQL reads them through `expandResult` and
   * `expandSteps`.
   */
  @Column('json', { nullable: true }) result!: Record<string, unknown> | null;
  /**
   * Per block: status, duration, error, and its step in the run's history (title, kind, times,
   * outputs, what it received, model and usage): see services/runs/README.md, "Steps".
   */
  @Column('json', { nullable: true }) nodes!: Record<string, unknown> | null;
  @Column('text', { nullable: true }) error!: string | null;
  /** Why a run failed, as a stable code: BAD_USER_INPUT, AI_PROVIDER_ERROR, ... */
  @Column('text', { name: 'error_code', nullable: true }) errorCode!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt!: Date | null;
  /**
   * The process executing the run straight from its own request (a GatewayProcess id); null while
   * it waits in the shared queue for whichever process takes it.
   */
  @Column('uuid', { nullable: true }) executor!: string | null;
  /**
   * The app's version the run ran (an AppVersion id): the draft for its owner's runs, the live
   * version for everyone else's; null for runs kept before versions were recorded.
   */
  @Column('uuid', { name: 'version_id', nullable: true }) versionId!: string | null;
  /**
   * The month (`YYYY-MM`) of its app's embed cap that every charge of this run counts against: set
   * for a visitor's run on the owner's credits, null otherwise.
   */
  @Column('text', { name: 'embed_period', nullable: true }) embedPeriod!: string | null;

  /** A succeeded run's result and steps whole again, as they were before being stored compacted. */
  @AfterLoad()
  expand(): void {
    if (this.result && typeof this.result === 'object') this.result = expandResult(this.result);
    if (this.nodes && typeof this.nodes === 'object')
      this.nodes = expandSteps(
        this.nodes,
        this.result && typeof this.result === 'object' ? this.result : null,
      );
  }
}
