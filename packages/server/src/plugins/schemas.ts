import { messageOfIssue, type TMessage } from '@portal/contract';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { isStorableText } from '../lib/text.ts';
import { JsonText } from './routes.ts';

/**
 * The path of the first string (value or key) PostgreSQL could not store (a NUL character, a lone
 * surrogate: see lib/text.ts), or undefined.
 */
export function unstorableTextPath(data: unknown): Array<string | number> | undefined {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: data, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return [...path, key];
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** A 400 naming every problem of a request part, one keyed message each. */
export function validationError(issues: readonly z.core.$ZodIssue[], part: string): AppError {
  const seen = new Set<string>();
  const messages: TMessage[] = [];
  for (const issue of issues) {
    const message = messageOfIssue(issue, part);
    const id = JSON.stringify(message);
    if (seen.has(id)) continue;
    seen.add(id);
    messages.push(message);
  }
  return new AppError(400, messages, 'Validation failed');
}

/**
 * Validates body, query and params with the route's contract schema. A NUL character or a lone
 * surrogate anywhere is refused first (PostgreSQL cannot store either), and a POST without a body reads as `{}`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'request');
  return (data: unknown) => {
    const input = part === 'body' && (data === undefined || data === null) ? {} : data;
    const unstorable = unstorableTextPath(input);
    if (unstorable) {
      const name = String(unstorable.filter((p) => typeof p === 'string').at(-1) ?? part);
      return {
        error: new AppError(400, [{ key: 'nulCharacter', values: { name }, field: unstorable.join('.') }]),
      };
    }
    // With the input on each issue, a value of the wrong type ("1", 1.5, true for an id) reads as
    // not valid, and only a missing one as required.
    const result = schema.safeParse(input, { reportInput: true });
    return result.success ? { value: result.data } : { error: validationError(result.error.issues, part) };
  };
};

/**
 * Serialises answers with JSON.stringify, and answers already written as JSON text as they are;
 * with `checkResponses` (tests) every answer is first checked against the route's declared
 * response schema, so a drifted answer fails loudly.
 */
export function serializerCompilerOf(checkResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, url, method }) =>
    (data: unknown) => {
      const text = data instanceof JsonText ? data.text() : undefined;
      if (checkResponses) {
        const result = schema.safeParse(text === undefined ? data : JSON.parse(text));
        if (!result.success) {
          throw new Error(
            `${method} ${url} answered outside its schema: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
          );
        }
      }
      return text ?? JSON.stringify(data);
    };
}
