/** Strips the "[Title] " / "[Detail] " prefixes of the envelope's errorMessages (CONTRACT 1). */
export function splitErrorMessages(messages: readonly string[]): { title: string; details: string[] } {
  let title = '';
  const details: string[] = [];
  for (const message of messages) {
    if (message.startsWith('[Title]')) title = message.slice('[Title]'.length).trim();
    else if (message.startsWith('[Detail]')) details.push(message.slice('[Detail]'.length).trim());
    else if (message.trim()) details.push(message.trim());
  }
  return { title, details };
}

/** A call that did not answer 2xx; status 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly details: string[];

  constructor(status: number, messages: readonly string[], fallback: string) {
    const { title, details } = splitErrorMessages(messages);
    super(details.join('\n') || title || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.details = details;
  }

  /** What a person should read: the detail lines, else the title. */
  get displayMessage(): string {
    return this.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
