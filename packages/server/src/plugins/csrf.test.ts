import { describe, expect, it } from 'vitest';
import { cookieValue } from './csrf.ts';

describe('cookieValue', () => {
  it('finds the named cookie first, last, alone or among others, spaces or none between', () => {
    expect(cookieValue('XSRF-TOKEN=a.b', 'XSRF-TOKEN')).toBe('a.b');
    expect(cookieValue('x=1; XSRF-TOKEN=a.b; y=2', 'XSRF-TOKEN')).toBe('a.b');
    expect(cookieValue('x=1;XSRF-TOKEN=a.b', 'XSRF-TOKEN')).toBe('a.b');
    expect(cookieValue('XSRF-TOKEN=first; XSRF-TOKEN=second', 'XSRF-TOKEN')).toBe('first');
  });

  it('does not take a cookie whose name only ends in the name, nor a value that contains it', () => {
    expect(cookieValue('MY-XSRF-TOKEN=planted', 'XSRF-TOKEN')).toBeUndefined();
    expect(cookieValue('x=XSRF-TOKEN=planted', 'XSRF-TOKEN')).toBeUndefined();
    expect(cookieValue('MY-XSRF-TOKEN=planted; XSRF-TOKEN=real', 'XSRF-TOKEN')).toBe('real');
    expect(cookieValue(undefined, 'XSRF-TOKEN')).toBeUndefined();
    expect(cookieValue('', 'XSRF-TOKEN')).toBeUndefined();
  });
});
