import { describe, expect, it } from 'vitest';
import { mayReconnect, reconnectDelay } from './reconnect';

describe('realtime reconnect policy', () => {
  it('waits 2000 ms × 1.5^attempt', () => {
    expect(reconnectDelay(0)).toBe(2000);
    expect(reconnectDelay(1)).toBe(3000);
    expect(reconnectDelay(2)).toBe(4500);
    expect(reconnectDelay(4)).toBe(10125);
  });

  it('never waits longer than 15,000 ms', () => {
    expect(reconnectDelay(5)).toBe(15000);
    expect(reconnectDelay(20)).toBe(15000);
  });

  it('allows at most 3 attempts', () => {
    expect([0, 1, 2, 3, 4].map(mayReconnect)).toEqual([true, true, true, false, false]);
  });
});
