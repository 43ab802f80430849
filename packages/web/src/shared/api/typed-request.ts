import type { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { toast } from '../toast/toast-store.ts';
import { apiRequest, type TRequestOptions } from './api-client.ts';
import { ApiError } from './api-error.ts';

/** A 2xx answer whose payload does not match the contract schema the caller expects. */
export class ResponseShapeError extends ApiError {
  readonly path: string;
  readonly issues: readonly string[];

  constructor(path: string, status: number, issues: readonly string[]) {
    super(status, [], i18n.t('errors.unexpectedAnswer'));
    this.name = 'ResponseShapeError';
    this.path = path;
    this.issues = issues;
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/**
 * Calls `/api/<path>` like apiRequest and reads the payload through a contract schema, so a
 * server that answers something else fails here with ResponseShapeError instead of letting a
 * wrong shape travel into the screens. Unknown keys (responseCode, errorMessages) are dropped
 * unless the schema names them.
 */
export async function typedRequest<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  options: TRequestOptions = {},
): Promise<z.output<TSchema>> {
  const answer = await apiRequest(path, options);
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const error = new ResponseShapeError(path, answer.responseCode, describeIssues(parsed.error));
  // The developer needs the paths that differ; the person using the portal gets one plain sentence.
  console.error(`Unexpected answer from ${path}:`, error.issues);
  if (options.toastErrors !== false) toast.error(error.displayMessage);
  throw error;
}
