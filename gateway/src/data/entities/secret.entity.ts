import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Secrets the server generates for itself (the token signing key) and keeps across restarts. */
@Entity('secrets')
export class Secret {
  @PrimaryColumn('text') name!: string;
  @Column('text') value!: string;
}
