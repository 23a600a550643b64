import { createQueryClient } from '@client/lib/query-client';
import { TOAST_DURATION_MS } from '@common/limits';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** Mantine (theme, Swedish dates from Monday, one toast at a time) and TanStack Query around the app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        <DatesProvider settings={{ locale: 'sv', firstDayOfWeek: 1 }}>
          <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" containerWidth={420} />
          {children}
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
