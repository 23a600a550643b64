import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAnchorScroll } from './use-anchor-scroll';

/** A page whose layout the test sets: where the target's top is in the view (it is 200 px tall). */
let top = 0;
let resized: (() => void) | null = null;
let observing = false;

class FakeResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe() {
    observing = true;
  }
  disconnect() {
    observing = false;
  }
}

function keepTarget() {
  const target = document.createElement('section');
  target.scrollIntoView = vi.fn(() => {
    top = 80;
  });
  target.getBoundingClientRect = () => ({ top, bottom: top + 200 }) as DOMRect;
  renderHook(() => useAnchorScroll({ current: target }, true));
  return target;
}

describe('useAnchorScroll', () => {
  beforeEach(() => {
    top = 2000;
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.spyOn(window, 'scrollBy').mockImplementation(((_x: number, y: number) => {
      top -= y;
    }) as typeof window.scrollBy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('scrolls the target to the top and keeps it there when the page above it grows', () => {
    const target = keepTarget();
    expect(target.scrollIntoView).toHaveBeenCalledTimes(1);
    top = 300; // a section above loaded
    resized?.();
    expect(top).toBe(80);
    // The browser's scroll anchoring keeps the target where it was: still this hook's scroll.
    window.dispatchEvent(new Event('scroll'));
    expect(observing).toBe(true);
  });

  it('leaves a target already in view where it is (a tap on it hydrated it), and keeps it there', () => {
    top = -150;
    const target = keepTarget();
    expect(target.scrollIntoView).not.toHaveBeenCalled();
    top = -50; // a section above loaded
    resized?.();
    expect(top).toBe(-150);
  });

  it('stops keeping the target once someone else scrolls past it (a control below brought into view)', () => {
    keepTarget();
    top = -150;
    window.dispatchEvent(new Event('scroll'));
    expect(observing).toBe(false);
  });

  it('stops at a tap', () => {
    keepTarget();
    window.dispatchEvent(new Event('pointerdown'));
    expect(observing).toBe(false);
  });
});
