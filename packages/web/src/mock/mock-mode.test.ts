import { describe, expect, it } from 'vitest';
import { mockModeRequested } from './mock-mode.ts';

describe('mockModeRequested', () => {
  it('is off by default', () => {
    expect(mockModeRequested('', undefined)).toBe(false);
    expect(mockModeRequested('?lang=de', '')).toBe(false);
  });

  it('is on with MOCK_BACKEND=1 at build or dev time', () => {
    expect(mockModeRequested('', '1')).toBe(true);
    expect(mockModeRequested('', 'true')).toBe(true);
    expect(mockModeRequested('', '0')).toBe(false);
  });

  it('follows ?mock= in the address over the build flag', () => {
    expect(mockModeRequested('?mock=1', undefined)).toBe(true);
    expect(mockModeRequested('?x=2&mock=true', undefined)).toBe(true);
    expect(mockModeRequested('?mock=0', '1')).toBe(false);
  });
});
