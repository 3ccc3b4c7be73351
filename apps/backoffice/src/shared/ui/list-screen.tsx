import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorText } from '../i18n';
import { PageTitle } from './controls';
import { type Column, CsvButton, DataTable, useListState } from './table';

type ListState<F extends Record<string, string>> = ReturnType<typeof useListState<F>>;

/**
 * One back-office list screen: its state in the URL (`useListState`: page, page size, sort,
 * order, filters), the filter form (edits stay local until it is submitted, which returns to
 * page 1), the server query (kept while the next page loads), the table (`DataTable`, on
 * @tanstack/react-table) and the CSV export of every matching row. A screen gives its columns,
 * how its state becomes the API query, the call, the CSV download and its filter fields.
 */
export const ListScreen = <T, F extends Record<string, string>, Q extends Record<string, unknown>>({
  testId,
  tableTestId,
  title,
  tabs,
  actions,
  state,
  queryKey,
  query,
  fetch,
  csv,
  columns,
  rowKey,
  filters,
  filterClassName,
  sortable = false,
  empty,
}: {
  testId: string;
  tableTestId: string;
  title: ReactNode;
  /** Shown between the title and the filters (a screen group's tabs). */
  tabs?: ReactNode;
  /** Buttons beside the title (the CSV download, when given, comes after them). */
  actions?: ReactNode;
  /** The list's defaults: filters, sort and order, and a prefix when a screen has several lists. */
  state: { filters: F; sort?: string; order?: 'asc' | 'desc'; prefix?: string };
  queryKey: readonly unknown[];
  /** The API query of the list's state (without the page). */
  query: (list: ListState<F>) => Q;
  fetch: (query: Q, page: { page: number; pageSize: number }) => Promise<{ items: T[]; total: number }>;
  /** Downloads every matching row as CSV. */
  csv?: (query: Q) => Promise<void>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** The filter form's fields and buttons, editing `draft` through `set`. */
  filters?: (form: { draft: F; set: (changes: Partial<F>) => void; list: ListState<F> }) => ReactNode;
  filterClassName?: string;
  /** The table's headers sort on the server. */
  sortable?: boolean;
  empty?: ReactNode;
}) => {
  const list = useListState<F>(state);
  const [draft, setDraft] = useState(list.filters);
  const apiQuery = query(list);
  const result = useQuery({
    queryKey: [...queryKey, apiQuery, list.page, list.pageSize],
    queryFn: () => fetch(apiQuery, { page: list.page, pageSize: list.pageSize }),
    placeholderData: keepPreviousData,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(draft);
  };
  return (
    <div data-testid={testId}>
      <PageTitle
        title={title}
        actions={
          actions || csv ? (
            <>
              {actions}
              {csv ? <CsvButton download={() => csv(apiQuery)} /> : null}
            </>
          ) : undefined
        }
      />
      {tabs}
      {filters ? (
        <form onSubmit={apply} className={filterClassName}>
          {filters({ draft, set: (changes) => setDraft((current) => ({ ...current, ...changes })), list })}
        </form>
      ) : null}
      {result.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId={tableTestId}
        columns={columns}
        rows={result.data?.items}
        rowKey={rowKey}
        total={result.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        {...(sortable ? { sort: list.sort, order: list.order, onSort: list.setSort } : {})}
        loading={result.isPending}
        empty={empty}
      />
    </div>
  );
};
