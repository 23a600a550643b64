import { theme } from '@client/app/theme';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toastError, toastSuccess } from './toast';

afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('toasts', () => {
  it('show one at a time: a new toast replaces the current one', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Notifications />
      </MantineProvider>,
    );
    act(() => toastError('Anmälan misslyckades', 'Evenemanget är inställt'));
    expect(await screen.findByText('Evenemanget är inställt')).toBeTruthy();
    act(() => toastSuccess('Du är anmäld'));
    expect(await screen.findByText('Du är anmäld')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Evenemanget är inställt')).toBeNull());
  });

  it('are all shown through client/lib/toast.ts', () => {
    // Every client source file (tests aside): none shows a Mantine notification itself.
    const sources = import.meta.glob<string>(['/client/**/*.{ts,tsx}', '!/client/**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('/client/lib/toast.ts');
    // The service worker's `registration.showNotification` is the browser's push notice, not a toast.
    const direct = files.filter(
      (f) =>
        f !== '/client/lib/toast.ts' &&
        f !== '/client/sw.ts' &&
        (/\bnotifications\s*\.\s*(show|update)\s*\(/.test(sources[f]) ||
          /\bshowNotification\b/.test(sources[f])),
    );
    expect(direct).toEqual([]);
  });
});
