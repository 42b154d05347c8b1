import type { ErrorCode } from '@blocksmith/schema';

/**
 * Errors a block or provider raises. Each has a stable code; the gateway maps codes to GraphQL
 * extensions and HTTP statuses in one place.
 */
export class BlockError extends Error {
  readonly code: ErrorCode = 'BLOCK_ERROR';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The block was given something it cannot work with (missing input, wrong file type...). */
export class BlockInputError extends BlockError {
  override readonly code = 'BAD_USER_INPUT';
}

/** The AI answered, but not in the shape the block needs, even after one corrective retry. */
export class AiOutputError extends BlockError {
  override readonly code = 'AI_OUTPUT_INVALID';
}

export type AiProviderErrorKind = 'timeout' | 'rate_limited' | 'unavailable' | 'rejected' | 'aborted';

/** The AI service could not be reached or refused the call. */
export class AiProviderError extends BlockError {
  override readonly code = 'AI_PROVIDER_ERROR';
  constructor(
    readonly kind: AiProviderErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The block used up the time it is allowed (the Code block's script ran past its limit) and was
 * stopped. The run fails, but the time was used: the gateway keeps the block's own charge instead
 * of refunding it with the rest of the run. `usedMs`: how long it ran.
 */
export class BlockOverrunError extends BlockError {
  constructor(
    message: string,
    readonly usedMs: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A block that hands tools to a model reached its credit limit (`tools.maxCredits`): the next
 * model turn or tool call would cost more than is left, so it was not made. The block stops with
 * what it has (the agent answers with it and says why).
 */
export class CreditLimitError extends BlockError {
  constructor(
    message: string,
    /** Credits the turn or call needed, and what was left. */
    readonly needed: number,
    readonly left: number,
  ) {
    super(message);
  }
}

/** A block definition is unusable; raised when it is declared or registered. */
export class BlockDefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockDefinitionError';
  }
}
