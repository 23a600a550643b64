import { theme } from '@client/app/theme';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgeBars } from './member-statistics';

afterEach(cleanup);

describe('the dashboard age bars', () => {
  it('draws 9 and 11 members at different heights, each a share of the tallest, with no cap', () => {
    render(
      <MantineProvider theme={theme}>
        <AgeBars a={{ '21-30': 9, '31-40': 11, '41-50': 0, '51-60': 2, '61+': 1 }} />
      </MantineProvider>,
    );
    const bar = (bucket: string) => screen.getByTestId(`age-bar-${bucket}`);
    expect(bar('31-40').style.height).toBe('100%');
    expect(bar('21-30').style.height).toBe('82%');
    expect(bar('41-50').style.height).toBe('5%');
    for (const b of ['21-30', '31-40']) expect(bar(b).style.maxHeight).toBe('');
  });
});
