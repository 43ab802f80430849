import { isStrongPassword } from '@portal/contract';
import type { TFunction } from 'i18next';

/** Form rule for a new password: the strength the generator guarantees (contract isStrongPassword). */
export function strongPasswordRule(t: TFunction) {
  return {
    validator: (_rule: unknown, value: unknown) =>
      typeof value === 'string' && value !== '' && !isStrongPassword(value)
        ? Promise.reject(new Error(t('password.weak')))
        : Promise.resolve(),
  };
}
