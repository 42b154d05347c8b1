import { fileProblem, type CandidateFile } from '@blocksmith/block-sdk';
import { ACCEPTED_TYPES, type AcceptedType } from './accepted-types';

/** The two file upload settings that decide which files are accepted. */
export interface UploadRules {
  acceptedTypes: AcceptedType;
  /** Largest accepted file, in MB (1 MB = 1024 × 1024 bytes). */
  maxSize: number;
}

/** What is known about an uploaded file before or after it is stored. */
export type UploadedFile = CandidateFile;

/**
 * Why an uploaded file does not meet a file upload block's settings, or null when it does. Pure, so
 * the gateway can check an upload before storing it and the block can check it again at run time;
 * the page checks a chosen file with the same `fileProblem`, from the catalogue's choices.
 */
export function acceptedFileProblem(rules: UploadRules, file: UploadedFile): string | null {
  const choice =
    ACCEPTED_TYPES.find((option) => option.value === rules.acceptedTypes) ??
    ACCEPTED_TYPES.find((option) => option.value === 'all')!;
  return fileProblem({ label: choice.label, ...choice.meta, maxSizeMb: rules.maxSize }, file);
}
