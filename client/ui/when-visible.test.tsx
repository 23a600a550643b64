import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

/** The browser's observer as the test drives it: `see(true)` tells the marker it is in view. */
let see: (visible: boolean) => void = () => {};

class FakeIntersectionObserver {
  constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
    see = (visible) => callback([{ isIntersecting: visible }]);
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenVisible', () => {
  it('calls onVisible when the marker comes into view while active, and not while inactive', () => {
    const onVisible = vi.fn();
    const { rerender } = render(<WhenVisible active={false} onVisible={onVisible} />);
    act(() => see(true));
    expect(onVisible).not.toHaveBeenCalled();
    // The next page has finished loading: still in view, it loads the one after.
    rerender(<WhenVisible active onVisible={onVisible} />);
    expect(onVisible).toHaveBeenCalledTimes(1);
    act(() => see(false));
    act(() => see(true));
    expect(onVisible).toHaveBeenCalledTimes(2);
  });
});
