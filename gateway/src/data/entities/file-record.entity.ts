import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** A kept file's metadata; the bytes live under DATA_DIR/files/<id>. */
@Entity('files')
export class FileRecord {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'owner_id', nullable: true }) ownerId!: string | null;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;
  @Column('text') name!: string;
  @Column('text') mime!: string;
  @Column('integer') size!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
