/** Password generator of spec 5: 10 characters with a lowercase, an uppercase, a digit and a symbol. */
export const GENERATED_PASSWORD_LENGTH = 10;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

type TRandomSource = (buffer: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;

const defaultRandom: TRandomSource = (buffer) => globalThis.crypto.getRandomValues(buffer);

/** Generates a password from a CSPRNG; one character from each class, the rest from all, shuffled. */
export function generatePassword(
  length = GENERATED_PASSWORD_LENGTH,
  random: TRandomSource = defaultRandom,
): string {
  const values = random(new Uint32Array(length * 2));
  const pick = (set: string, i: number) => set[(values[i] ?? 0) % set.length] ?? '';
  const chars = [pick(LOWER, 0), pick(UPPER, 1), pick(DIGITS, 2), pick(SYMBOLS, 3)];
  for (let i = 4; i < length; i++) chars.push(pick(ALL, i));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = (values[length + i] ?? 0) % (i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/** Checks the rule generated passwords follow; also the minimum the portal accepts when typed. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= GENERATED_PASSWORD_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
