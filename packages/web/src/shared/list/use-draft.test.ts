import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDraft } from './use-draft.ts';

describe('useDraft', () => {
  it('keeps what was typed after a value it sent comes back late', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), { initialProps: { value: '' } });
    act(() => result.current.setDraft('125'));
    act(() => result.current.sent('125'));
    // The person types on before the router's transition brings the URL back.
    act(() => result.current.setDraft('126'));
    rerender({ value: '125' });
    expect(result.current.draft).toBe('126');
  });

  it('shows a value it did not send: back, forward, clear the filters', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), {
      initialProps: { value: '125' },
    });
    act(() => result.current.setDraft('126'));
    rerender({ value: '' });
    expect(result.current.draft).toBe('');
  });

  it('shows a later value after an echo, even the same one sent before', () => {
    const { result, rerender } = renderHook(({ value }) => useDraft(value), { initialProps: { value: '' } });
    act(() => result.current.sent('7'));
    rerender({ value: '7' });
    act(() => result.current.setDraft('8'));
    rerender({ value: '' });
    rerender({ value: '7' });
    expect(result.current.draft).toBe('7');
  });

  it('converts the value into what the field holds', () => {
    const toNumber = (value: string) => (value ? Number(value) : null);
    const { result, rerender } = renderHook(({ value }) => useDraft(value, toNumber), {
      initialProps: { value: '20' },
    });
    expect(result.current.draft).toBe(20);
    rerender({ value: '' });
    expect(result.current.draft).toBeNull();
  });
});
