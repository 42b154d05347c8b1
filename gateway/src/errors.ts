import type { ErrorCode } from '@blocksmith/schema';

/** A failure a person can act on. Services throw these; the edges map `code` once each. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InputError extends AppError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super('BAD_USER_INPUT', message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Please sign in.') {
    super('UNAUTHENTICATED', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

export class InsufficientCreditsError extends AppError {
  constructor(message: string, details?: Readonly<Record<string, unknown>>) {
    super('INSUFFICIENT_CREDITS', message, details);
  }
}

export class PublishingLimitError extends AppError {
  constructor(message: string) {
    super('PUBLISHING_LIMIT', message);
  }
}

/** A signed-in embed run whose price the runner has not confirmed (see EmbedConsents). */
export class PriceUnconfirmedError extends AppError {
  constructor(message: string) {
    super('PRICE_UNCONFIRMED', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

/** A capability this server is not set up for (payments without a Stripe key, ...). */
export class UnavailableError extends AppError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
  }
}

export class RateLimitedError extends AppError {
  /** `details.retryAfterSeconds` becomes the Retry-After header over REST. */
  constructor(message: string, details?: { retryAfterSeconds: number }) {
    super('RATE_LIMITED', message, details);
  }
}
