import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState, withListChanges } from './table';

const inRouter = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

/** The lists whose status filter starts on something other than "Any". */
const QUEUES = [
  { screen: 'withdrawals', filters: { status: 'in_process', confirmation: '', username: '' } },
  { screen: 'deposits', filters: { status: 'pending', username: '' } },
  { screen: 'feedback', filters: { status: 'open', questionType: '', account: '', from: '', to: '' } },
] as const;

describe('list state in the URL', () => {
  it.each(QUEUES)(
    '$screen: "Any" status stays "Any", every other status is kept, the default leaves the URL',
    ({ filters }) => {
      const { result } = renderHook(
        () => ({ list: useListState({ filters: { ...filters } }), location: useLocation() }),
        { wrapper: inRouter },
      );
      expect(result.current.list.filters.status).toBe(filters.status);
      act(() => result.current.list.setFilters({ status: '' } as never));
      expect(result.current.list.filters.status).toBe('');
      expect(new URLSearchParams(result.current.location.search).get('status')).toBe('');
      act(() => result.current.list.setFilters({ status: 'approved' } as never));
      expect(result.current.list.filters.status).toBe('approved');
      act(() => result.current.list.setFilters({ status: filters.status } as never));
      expect(result.current.location.search).toBe('?page=1');
      expect(result.current.list.filters.status).toBe(filters.status);
    },
  );

  it('drops empty values of filters that default to empty, and cleared ones', () => {
    const defaults = { status: 'pending', username: '' };
    const next = withListChanges(
      new URLSearchParams('username=ann&x=1'),
      { username: '', page: 2 },
      '',
      defaults,
    );
    expect(next.toString()).toBe('x=1&page=2');
    const prefixed = withListChanges(new URLSearchParams(), { status: '' }, 'q.', defaults);
    expect(prefixed.toString()).toBe('q.status=');
    expect(withListChanges(prefixed, { status: undefined }, 'q.', defaults).toString()).toBe('');
  });
});
