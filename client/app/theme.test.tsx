import {
  CloseButton,
  Loader,
  MantineProvider,
  Modal,
  Pagination,
  PasswordInput,
  Select,
} from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from './theme';

afterEach(cleanup);

/** Mantine's own labels are English by default; the theme names them in Swedish for every page. */
describe("the theme's Swedish labels for Mantine's own buttons", () => {
  const draw = (ui: React.ReactNode) =>
    render(
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>,
    );

  it("names PasswordInput's eye, never 'Toggle password visibility'", () => {
    const { container } = draw(<PasswordInput label="Nuvarande lösenord" />);
    expect(container.querySelector('[aria-label="Visa eller dölj lösenordet"]')).not.toBeNull();
    expect(container.innerHTML).not.toContain('Toggle password visibility');
  });

  it("names a modal's and a bare close button 'Stäng'", () => {
    draw(
      <>
        <CloseButton />
        <Modal opened onClose={() => {}} title="Dialog">
          Innehåll
        </Modal>
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Stäng' })).toHaveLength(2);
  });

  it("names Pagination's arrows", () => {
    draw(<Pagination total={3} withEdges />);
    for (const name of ['Första sidan', 'Föregående sida', 'Nästa sida', 'Sista sidan'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('makes a named loader a status (a plain span may not carry an aria-label: axe aria-prohibited-attr)', () => {
    draw(<Loader aria-label="Laddar" />);
    expect(screen.getByRole('status', { name: 'Laddar' })).toBeTruthy();
  });
});

describe("the theme's speed settings (issue 33)", () => {
  it("mounts a Select's options only while its list is open", () => {
    const places = Array.from({ length: 290 }, (_, i) => `Kommun ${i}`);
    render(
      <MantineProvider theme={theme} env="test">
        <Select label="Ort" data={places} />
      </MantineProvider>,
    );
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
  });
});
