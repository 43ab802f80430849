/** The message templates of spec section 5; every user-facing error detail is built from these. */
export const MESSAGES = {
  notValid: (name: string) => `${name} is not valid`,
  required: (name: string) => `${name} is required`,
  minLength: (name: string, min: number) => `${name} minimum length is ${min}`,
  maxLength: (name: string, max: number) => `${name} maximum length is ${max}`,
  termsRequired: () => 'Accepting terms & conditions are required',
  notFound: (name: string) => `The requested ${name} is not found`,
  loginIncorrect: () => 'The login detail is incorrect',
} as const;

/** Short field-level texts the old client showed beside inputs. */
export const FIELD_MESSAGES = {
  required: 'Required field',
  minLength: 'Minimum field length:',
  maxLength: 'Maximum field length:',
  notValid: 'Field is not valid',
} as const;
