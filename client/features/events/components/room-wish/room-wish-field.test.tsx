import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomWishField, readRoomWish } from './room-wish-field';

afterEach(cleanup);

const PARTICIPANTS = [
  { id: 'u-eva', name: 'Eva Ek' },
  { id: 'u-bo', name: 'Bo Berg' },
];

function renderField(initial?: Parameters<typeof RoomWishField>[0]['initial'], supplement?: number) {
  render(
    <MantineProvider env="test">
      <form data-testid="form">
        <RoomWishField initial={initial} participants={PARTICIPANTS} singleRoomSupplement={supplement} />
      </form>
    </MantineProvider>,
  );
  return () => readRoomWish(screen.getByTestId('form') as HTMLFormElement);
}

const none = { roomMateName: null, roomMateId: null, roomMixedOk: false };

describe('RoomWishField', () => {
  it('offers the three wishes with the single-room supplement; no choice reads as no wish', () => {
    const read = renderField(undefined, 850);
    for (const label of ['Enkelrum', 'Dela rum', 'Dela med namngiven medlem']) {
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    }
    expect(screen.getByText('Enkelrumstillägg 850 kr')).toBeTruthy();
    expect(screen.queryByLabelText(/Vem vill du dela rum med/)).toBeNull();
    expect(read()).toEqual({ roomWish: null, ...none });
    fireEvent.click(screen.getByRole('radio', { name: 'Enkelrum' }));
    expect(read()).toEqual({ roomWish: 'single', ...none });
  });

  it("asks 'Dela rum' whether a mixed room is fine", () => {
    const read = renderField();
    fireEvent.click(screen.getByRole('radio', { name: 'Dela rum' }));
    expect(read()).toEqual({ roomWish: 'shared', ...none });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blandat rum går bra för mig' }));
    expect(read()).toEqual({ roomWish: 'shared', ...none, roomMixedOk: true });
  });

  it('chooses the room-mate among the participants by id; switching drops the choice', () => {
    const read = renderField();
    fireEvent.click(screen.getByRole('radio', { name: 'Dela med namngiven medlem' }));
    const select = screen.getByRole('combobox', { name: /Vem vill du dela rum med/ });
    expect(select.hasAttribute('required')).toBe(true);
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Välj en deltagare',
      'Bo Berg',
      'Eva Ek',
    ]);
    fireEvent.change(select, { target: { value: 'u-eva' } });
    expect(read()).toEqual({ roomWish: 'shared_with', ...none, roomMateId: 'u-eva' });
    fireEvent.click(screen.getByRole('radio', { name: 'Dela rum' }));
    expect(read()).toEqual({ roomWish: 'shared', ...none });
  });

  it('starts from the stored wish when changing it', () => {
    const read = renderField({ roomWish: 'shared_with', roomMateName: 'Eva Ek', roomMateId: 'u-eva' });
    expect(read()).toEqual({ roomWish: 'shared_with', ...none, roomMateId: 'u-eva' });
  });
});
