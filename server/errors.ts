/** Domain errors. Services throw these; one handler maps them to a status and {message}. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message, 400, extra);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Du måste vara inloggad') {
    super(message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Du har inte behörighet för detta', extra: Record<string, unknown> = {}) {
    super(message, 403, extra);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Hittades inte') {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super(message, 413);
  }
}

/** A service we depend on (the payment provider) refused or failed; nothing was changed. */
export class UpstreamError extends DomainError {
  constructor(message: string) {
    super(message, 502);
  }
}

/** A part of the site that is switched off by its configuration (payments without a provider): 503. */
export class ServiceUnavailableError extends DomainError {
  constructor(message: string) {
    super(message, 503);
  }
}

/** Throws ForbiddenError unless a policy allowed the action. */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw new ForbiddenError(message);
}
