import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sales_contacts')
export class SalesContact {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('text') email!: string;
  @Column('text') company!: string;
  @Column('text', { name: 'company_size', nullable: true }) companySize!: string | null;
  @Column('text') message!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
