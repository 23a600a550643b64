import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomWishField, readRoomWish } from './room-wish-field';

afterEach(cleanup);

function renderField(initial?: Parameters<typeof RoomWishField>[0]['initial']) {
  render(
    <MantineProvider env="test">
      <form data-testid="form">
        <RoomWishField initial={initial} names={['Eva Ek', 'Bo Berg']} />
      </form>
    </MantineProvider>,
  );
  return () => readRoomWish(screen.getByTestId('form') as HTMLFormElement);
}

describe('RoomWishField', () => {
  it('offers the three wishes; no choice reads as no wish', () => {
    const read = renderField();
    for (const label of ['Enkelrum', 'Dela rum', 'Dela med namngiven medlem']) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    expect(screen.queryByLabelText(/Vem vill du dela rum med/)).toBeNull();
    expect(read()).toEqual({ roomWish: null, roomMateName: null });
    fireEvent.click(screen.getByRole('radio', { name: 'Enkelrum' }));
    expect(read()).toEqual({ roomWish: 'single', roomMateName: null });
  });

  it('asks for the name with a named member, typed or chosen, and reads it trimmed', () => {
    const read = renderField();
    fireEvent.click(screen.getByRole('radio', { name: 'Dela med namngiven medlem' }));
    const name = screen.getByRole('combobox', { name: /Vem vill du dela rum med/ });
    expect(name.getAttribute('maxlength')).toBe('100');
    expect(name.hasAttribute('required')).toBe(true);
    fireEvent.change(name, { target: { value: '  Karin Ny  ' } });
    expect(read()).toEqual({ roomWish: 'shared_with', roomMateName: 'Karin Ny' });
    // Switching to 'Dela rum' drops the name.
    fireEvent.click(screen.getByRole('radio', { name: 'Dela rum' }));
    expect(read()).toEqual({ roomWish: 'shared', roomMateName: null });
  });

  it('starts from the stored wish when changing it', () => {
    const read = renderField({ roomWish: 'shared_with', roomMateName: 'Eva Ek' });
    expect(read()).toEqual({ roomWish: 'shared_with', roomMateName: 'Eva Ek' });
  });
});
