import type { z } from 'zod';

/**
 * An antd Form rule that validates one field with a contract zod schema, so the form shows the
 * same template messages the server would ("login is required", "email is not valid").
 */
export function zodRule(schema: z.ZodType) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success
        ? Promise.resolve()
        : Promise.reject(new Error(result.error.issues[0]?.message ?? 'Field is not valid'));
    },
  };
}
