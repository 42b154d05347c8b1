import { AfterLoad, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A first-party product analytics event. */
@Entity('events')
/** Page views by app (an owner's views per day); no other event is read by app. */
@Index('events_app_viewed', ['appId', 'createdAt'], { where: "name = 'app_viewed'" })
export class AnalyticsEvent {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('uuid', { name: 'user_id', nullable: true }) userId!: string | null;
  @Column('uuid', { name: 'app_id', nullable: true }) appId!: string | null;
  /** Its fields; an app id among them is stored in `app_id` only, and read back here (`withAppId`). */
  @Column('jsonb', { default: {} }) props!: Record<string, unknown>;
  @Index('events_time')
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** The event's fields as recorded: its app id among them again. */
  @AfterLoad()
  withAppId(): void {
    if (this.appId && this.props && typeof this.props === 'object' && !('app_id' in this.props))
      this.props = { app_id: this.appId, ...this.props };
  }
}
