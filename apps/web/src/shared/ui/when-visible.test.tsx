import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenVisible', () => {
  it('shows its content only once the slot comes near the viewport, then stops watching', () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    const disconnect = vi.fn();
    const options: unknown[] = [];
    class Watcher {
      constructor(callback: typeof report, init: unknown) {
        report = callback;
        options.push(init);
      }
      observe() {}
      disconnect = disconnect;
    }
    vi.stubGlobal('IntersectionObserver', Watcher);
    render(
      <WhenVisible testId="slot">
        <p>board</p>
      </WhenVisible>,
    );
    expect(screen.getByTestId('slot').getAttribute('data-shown')).toBe('false');
    expect(screen.queryByText('board')).toBeNull();
    expect(options).toEqual([{ rootMargin: '400px' }]);
    act(() => report([{ isIntersecting: false }]));
    expect(screen.queryByText('board')).toBeNull();
    act(() => report([{ isIntersecting: true }]));
    expect(screen.getByText('board')).toBeTruthy();
    expect(screen.getByTestId('slot').getAttribute('data-shown')).toBe('true');
    expect(disconnect).toHaveBeenCalled();
  });

  it('shows its content at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible>
        <p>board</p>
      </WhenVisible>,
    );
    expect(screen.getByText('board')).toBeTruthy();
  });
});
