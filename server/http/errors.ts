/** An error a service function throws to answer the caller with a status, a code and a message. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** More for the caller to act on (an import's rows with their problems), sent beside code and message. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const unauthorized = (message: string) => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string) => new AppError(429, 'TOO_MANY_REQUESTS', message);
