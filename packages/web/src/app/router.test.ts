import { describe, expect, it } from 'vitest';
import { isGuardedPath } from './router.tsx';

describe('isGuardedPath', () => {
  it('guards the screens of the main layout', () => {
    expect(isGuardedPath('/')).toBe(true);
    expect(isGuardedPath('/families/12')).toBe(true);
  });

  it('leaves sign-in, errors and the help open to anyone', () => {
    expect(isGuardedPath('/auth/login')).toBe(false);
    expect(isGuardedPath('/error/404')).toBe(false);
    expect(isGuardedPath('/help')).toBe(false);
    expect(isGuardedPath('/help/placement-rules')).toBe(false);
  });
});
