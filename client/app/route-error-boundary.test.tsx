import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

afterEach(cleanup);

function Page({ fail }: { fail: boolean }) {
  if (fail) throw new Error('the page broke');
  return <p>Sidan</p>;
}

function draw(resetKey: string, fail: boolean) {
  return (
    <MantineProvider env="test">
      <RouteErrorBoundary resetKey={resetKey}>
        <Page fail={fail} />
      </RouteErrorBoundary>
    </MantineProvider>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the error page in place of a page that fails, until the next navigation', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(draw('a', true));
    expect(screen.getByRole('heading', { name: 'Något gick fel' })).toBeTruthy();
    expect(screen.queryByText('Sidan')).toBeNull();
    expect(logged.mock.calls.some((args) => args.some((a) => a instanceof Error))).toBe(true);
    // The same address drawn again keeps the error page; another navigation tries the page again.
    rerender(draw('a', false));
    expect(screen.getByRole('heading', { name: 'Något gick fel' })).toBeTruthy();
    rerender(draw('b', false));
    expect(screen.getByText('Sidan')).toBeTruthy();
    logged.mockRestore();
  });
});
