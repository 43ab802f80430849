import { describe, expect, it } from 'vitest';
import { ApiError, splitErrorMessages } from './api-error.ts';

describe('splitErrorMessages', () => {
  it('strips the Title and Detail prefixes', () => {
    expect(
      splitErrorMessages([
        '[Title] Validation failed',
        '[Detail] login is required',
        '[Detail] email is not valid',
      ]),
    ).toEqual({ title: 'Validation failed', details: ['login is required', 'email is not valid'] });
  });

  it('shows the details, else the title, else the fallback', () => {
    expect(new ApiError(400, ['[Title] Bad', '[Detail] a', '[Detail] b'], 'x').message).toBe('a\nb');
    expect(new ApiError(500, ['[Title] Server fault'], 'x').message).toBe('Server fault');
    expect(new ApiError(0, [], 'Unreachable').message).toBe('Unreachable');
  });
});
