import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

function Hello({ name }: { name: string }) {
  return <p>Hej {name}</p>;
}

describe('lazyPage (issue 17)', () => {
  it('loads once, and once preloaded draws the page at once, without suspending', async () => {
    const load = vi.fn(async () => Hello);
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const fallback = vi.fn(() => <p>Laddar</p>);
    const Fallback = () => fallback();
    render(
      <Suspense fallback={<Fallback />}>
        <Page name="Anna" />
      </Suspense>,
    );
    // Drawn at once: the fallback never was (a React.lazy page suspends on its first draw even when loaded).
    expect(screen.getByText('Hej Anna')).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
  });

  it('asks again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Page = lazyPage<{ name: string }>(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<Page name="Bo" />);
    expect(screen.getByText('Hej Bo')).toBeTruthy();
  });
});
