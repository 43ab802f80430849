import type { TErrorDetail } from '@portal/contract';
import { i18n } from '../i18n/i18n.ts';
import { messageText } from '../i18n/message-text.ts';

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

/** Keeps the well-formed `errorDetails` entries of an error answer, in their order. */
export function readErrorDetails(value: unknown): (TErrorDetail | null)[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return null;
    const { key, values, field } = entry as Record<string, unknown>;
    if (typeof key !== 'string') return null;
    const cleanValues =
      typeof values === 'object' && values !== null
        ? Object.fromEntries(
            Object.entries(values).filter(
              (pair): pair is [string, string | number] =>
                typeof pair[1] === 'string' || typeof pair[1] === 'number',
            ),
          )
        : undefined;
    return {
      key,
      ...(cleanValues ? { values: cleanValues } : {}),
      ...(typeof field === 'string' ? { field } : {}),
    };
  });
}

/** One `[Detail]` of an error: its English text, its keyed message when the server sent one. */
export type TApiErrorDetail = { text: string; message: TErrorDetail | null };

/** A call that did not answer 2xx; status 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  /** The English `[Detail]` lines. */
  readonly details: string[];
  /** `errorDetails[i]` belongs to `details[i]` (null where the server sent none). */
  readonly errorDetails: (TErrorDetail | null)[];

  constructor(
    status: number,
    messages: readonly string[],
    fallback: string,
    errorDetails: readonly (TErrorDetail | null)[] = [],
  ) {
    const { title, details } = splitErrorMessages(messages);
    super(details.join('\n') || title || fallback);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.details = details;
    this.errorDetails = details.map((_detail, index) => errorDetails[index] ?? null);
  }

  /** Each detail with its keyed message. */
  get detailList(): TApiErrorDetail[] {
    return this.details.map((text, index) => ({ text, message: this.errorDetails[index] ?? null }));
  }

  /** What a person should read, in their language: the details translated by key, else the title. */
  get displayMessage(): string {
    if (this.details.length === 0) return this.message;
    return this.detailList
      .map(({ text, message }) => (message ? messageText(i18n.t, message, text) : text))
      .join('\n');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
