/** The `coldEmail` output the result display reads. */
export interface ColdEmail {
  subject: string;
  body: string;
  /** A shorter email to send a few days later when there is no reply. */
  followUp: string;
}

export const SUBJECT_MAX_LENGTH = 120;

/** Every text needs at least one visible character (the `\S` pattern). */
export const COLD_EMAIL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['subject', 'body', 'followUp'],
  properties: {
    subject: { type: 'string', pattern: '\\S', maxLength: SUBJECT_MAX_LENGTH },
    body: { type: 'string', pattern: '\\S' },
    followUp: { type: 'string', pattern: '\\S' },
  },
} as const;
