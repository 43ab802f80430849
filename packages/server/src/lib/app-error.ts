/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  readonly details: string[];

  constructor(status: number, title: string, details: string[] = []) {
    super(`${title}${details.length ? `: ${details.join('; ')}` : ''}`);
    this.status = status;
    this.title = title;
    this.details = details;
  }
}

export const badRequest = (...details: string[]) => new AppError(400, 'Bad request', details);
export const unauthorized = (...details: string[]) => new AppError(401, 'Unauthorized', details);
export const forbidden = (...details: string[]) => new AppError(403, 'Forbidden', details);
export const notFound = (...details: string[]) => new AppError(404, 'Not found', details);
export const conflict = (...details: string[]) => new AppError(409, 'Conflict', details);
export const tooManyRequests = (...details: string[]) => new AppError(429, 'Too many requests', details);
