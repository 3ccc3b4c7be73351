import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GAME_ICON } from './images';
import { LAZY_THRESHOLD, LazyImage } from './lazy-image';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

describe('lazy game image', () => {
  const original = globalThis.IntersectionObserver;
  afterEach(() => {
    cleanup();
    globalThis.IntersectionObserver = original;
  });

  const observe = () => {
    const seen: { callback?: Callback; threshold?: number | number[] | undefined } = {};
    globalThis.IntersectionObserver = vi.fn(function (
      this: IntersectionObserver,
      callback: Callback,
      options?: IntersectionObserverInit,
    ) {
      seen.callback = callback;
      seen.threshold = options?.threshold;
      return { observe() {}, unobserve() {}, disconnect() {}, takeRecords: () => [] };
    }) as unknown as typeof IntersectionObserver;
    return seen;
  };

  it('has no source until a tenth of it is in view, then loads the icon', () => {
    const seen = observe();
    render(<LazyImage src="/media/icon-1" alt="" />);
    const img = screen.getByTestId('game-icon');
    expect(img.getAttribute('src')).toBeNull();
    expect(seen.threshold).toBe(LAZY_THRESHOLD);
    act(() => seen.callback?.([{ isIntersecting: true }]));
    expect(img.getAttribute('src')).toBe('/media/icon-1');
  });

  it('after one failed attempt shows the default icon and stays on it', () => {
    const seen = observe();
    render(<LazyImage src="/media/broken" alt="" />);
    act(() => seen.callback?.([{ isIntersecting: true }]));
    const img = screen.getByTestId('game-icon');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_GAME_ICON);
    expect(img.getAttribute('data-fallback')).toBe('true');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_GAME_ICON);
  });

  it('shows the default icon at once for a game without an icon', () => {
    observe();
    render(<LazyImage src={null} alt="" />);
    expect(screen.getByTestId('game-icon').getAttribute('src')).toBe(DEFAULT_GAME_ICON);
  });
});
