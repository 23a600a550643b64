import { resetAfterInteractive } from '@client/lib/after-interactive';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnceOpened } from './once-opened';

afterEach(() => {
  cleanup();
  resetAfterInteractive();
});

/** The page becomes interactive: the member's first input (afterInteractive's earliest signal). */
const firstInput = () => act(async () => window.dispatchEvent(new Event('pointerdown')));

describe('OnceOpened', () => {
  it('mounts its children at the first opening and keeps them after closing', () => {
    const { rerender } = render(
      <OnceOpened opened={false}>
        <p>dialogen</p>
      </OnceOpened>,
    );
    expect(screen.queryByText('dialogen')).toBeNull();
    rerender(
      <OnceOpened opened>
        <p>dialogen</p>
      </OnceOpened>,
    );
    rerender(
      <OnceOpened opened={false}>
        <p>dialogen</p>
      </OnceOpened>,
    );
    expect(screen.getByText('dialogen')).toBeTruthy();
  });

  it('mounts them closed once the page is interactive when early, and not before', async () => {
    render(
      <OnceOpened opened={false} early>
        <p>dialogen</p>
      </OnceOpened>,
    );
    expect(screen.queryByText('dialogen')).toBeNull();
    await firstInput();
    expect(await screen.findByText('dialogen')).toBeTruthy();
  });

  it('waits for an opening when not early', async () => {
    render(
      <OnceOpened opened={false}>
        <p>dialogen</p>
      </OnceOpened>,
    );
    await firstInput();
    expect(screen.queryByText('dialogen')).toBeNull();
  });
});
