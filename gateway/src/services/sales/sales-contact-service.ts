import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { SalesContact } from '../../data/entities';
import { InputError } from '../../errors';
import type { Mailer } from '../accounts';

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const SALES_REPLY = "We'll get back to you within 24 hours.";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SalesContactInput {
  name?: unknown;
  email?: unknown;
  company?: unknown;
  companySize?: unknown;
  message?: unknown;
}

function required(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new InputError(`Please fill in your ${field}.`);
  const text = value.trim();
  if (text.length > max) throw new InputError(`Your ${field} must be at most ${max} characters.`);
  return text;
}

/** Enterprise enquiries: kept, and mailed to the sales address when one is configured. */
export class SalesContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly salesAddress: string | null,
  ) {}

  async submit(input: SalesContactInput): Promise<{ message: string }> {
    const name = required(input.name, 'name', 200);
    const email = required(input.email, 'e-mail address', 320).toLowerCase();
    if (!EMAIL.test(email)) throw new InputError('Please enter a valid e-mail address.');
    const company = required(input.company, 'company', 200);
    const message = required(input.message, 'message', 5000);
    let companySize: string | null = null;
    if (input.companySize !== undefined && input.companySize !== null && input.companySize !== '') {
      if (!(COMPANY_SIZES as readonly unknown[]).includes(input.companySize)) {
        throw new InputError(`Company size must be one of ${COMPANY_SIZES.join(', ')}.`);
      }
      companySize = input.companySize as string;
    }
    await this.dataSource
      .getRepository(SalesContact)
      .insert({ id: randomUUID(), name, email, company, companySize, message });
    if (this.salesAddress) {
      await this.mailer.send({
        to: this.salesAddress,
        subject: `Sales enquiry from ${company}`,
        body: `${name} <${email}>\nCompany: ${company}${companySize ? ` (${companySize} people)` : ''}\n\n${message}\n`,
      });
    }
    return { message: SALES_REPLY };
  }
}
