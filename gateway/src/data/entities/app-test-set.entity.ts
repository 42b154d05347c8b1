import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';

/** An app's test set: its cases (inputs and checks), one set per app, edited by its owner. */
@Entity('app_test_sets')
export class AppTestSet {
  @PrimaryColumn('uuid', { name: 'app_id', primaryKeyConstraintName: 'PK_app_test_sets' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id', foreignKeyConstraintName: 'FK_app_test_sets_app' })
  app?: AppRecord;
  /** The cases (`TestCase[]`, see services/testing-sets/test-case.ts). */
  @Column('jsonb', { default: () => "'[]'" }) cases!: unknown[];
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
