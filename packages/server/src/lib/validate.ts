import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Turns one zod issue into a "[Detail]" text that names the field. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const name = issue.path.filter((part) => typeof part === 'string').at(-1);
  if (issue.code === 'invalid_type' && issue.input === undefined && field)
    return `${String(name ?? field)} is required`;
  // Zod's own messages ("Invalid input…", "Too small…") need the field; ours from the templates name it already.
  if (!field || !/^(Invalid|Too |Expected|Unrecognized)/.test(issue.message)) return issue.message;
  return `${field}: ${issue.message}`;
}

/** Parses `data` with a contract schema; bad input becomes a 400 with one detail per problem. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const details = [...new Set(result.error.issues.map(issueMessage))];
  throw new AppError(400, 'Validation failed', details);
}
