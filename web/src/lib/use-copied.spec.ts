import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useCopied } from './use-copied';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('useCopied', () => {
  it('copies the text and reads copied until the reset time has passed', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(async (_text: string) => {});
    mockClipboard(writeText);
    const { result } = renderHook(() => useCopied(2000));

    await act(async () => {
      expect(await result.current.copy('fk_secret')).toBe(true);
    });
    expect(writeText).toHaveBeenCalledWith('fk_secret');
    expect(result.current.copied).toBe(true);

    act(() => jest.advanceTimersByTime(1999));
    expect(result.current.copied).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('answers false and stays uncopied when the browser refuses or has no clipboard', async () => {
    mockClipboard(async () => Promise.reject(new Error('denied')));
    const { result } = renderHook(() => useCopied());
    await act(async () => {
      expect(await result.current.copy('x')).toBe(false);
    });
    expect(result.current.copied).toBe(false);

    Reflect.deleteProperty(navigator, 'clipboard');
    await act(async () => {
      expect(await result.current.copy('x')).toBe(false);
    });
  });
});
