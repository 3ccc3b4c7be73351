import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../i18n';
import { Button, Select, Spinner } from './controls';
import { cx } from './cx';
import { toast } from './feedback';

export type Column<T> = {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  /** Sortable on the server by this key. */
  sortKey?: string;
  className?: string;
};

export const PAGE_SIZES = [20, 50, 100] as const;

/**
 * The URL parameters after `changes`: a value equal to its default leaves the URL; any other is
 * written, an empty one too when the default is not empty (a status filter set to "Any" on a list
 * whose default is "pending" is `status=`, not the default again).
 */
export const withListChanges = (
  prev: URLSearchParams,
  changes: Record<string, string | number | undefined>,
  prefix: string,
  defaultFilters: Record<string, string>,
) => {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(changes)) {
    const fallback = Object.hasOwn(defaultFilters, k) ? defaultFilters[k] : '';
    if (v === undefined || String(v) === fallback) next.delete(prefix + k);
    else next.set(prefix + k, String(v));
  }
  return next;
};

/**
 * List state in the URL (`?page=&pageSize=&sort=&order=` plus any filters), so a list can be
 * reloaded, shared and navigated back to. Changing a filter returns to page 1. Several lists on
 * one screen each take a `prefix` (`sessions.page=2&logins.ip=…`), so their states stay apart.
 */
export const useListState = <F extends Record<string, string>>(defaults: {
  filters: F;
  sort?: string;
  order?: 'asc' | 'desc';
  prefix?: string;
}) => {
  const [params, setParams] = useSearchParams();
  const prefix = defaults.prefix ?? '';
  const read = (key: string) => params.get(prefix + key);
  const page = Math.max(1, Number(read('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(read('pageSize')) as 20)
    ? Number(read('pageSize'))
    : PAGE_SIZES[0];
  const sort = read('sort') ?? defaults.sort ?? '';
  const order =
    (read('order') === 'asc' ? 'asc' : read('order') === 'desc' ? 'desc' : undefined) ??
    defaults.order ??
    'desc';
  const filters = Object.fromEntries(
    Object.entries(defaults.filters).map(([k, v]) => [k, read(k) ?? v]),
  ) as F;
  const update = (changes: Record<string, string | number | undefined>) =>
    setParams((prev) => withListChanges(prev, changes, prefix, defaults.filters), { replace: true });
  return {
    page,
    pageSize,
    sort,
    order,
    filters,
    setPage: (p: number) => update({ page: p }),
    setPageSize: (s: number) => update({ pageSize: s, page: 1 }),
    setSort: (key: string) =>
      update({ sort: key, order: sort === key && order === 'desc' ? 'asc' : 'desc', page: 1 }),
    setOrder: (o: 'asc' | 'desc') => update({ order: o, page: 1 }),
    setFilters: (f: Partial<F>) => update({ ...f, page: 1 }),
    /** Forgets this list's state (every key of its prefix). */
    clear: () =>
      update(
        Object.fromEntries(
          ['page', 'pageSize', 'sort', 'order', ...Object.keys(defaults.filters)].map((k) => [k, undefined]),
        ),
      ),
  };
};

/** The list's columns as @tanstack/react-table column definitions (display columns, sorted on the server). */
const columnDefs = <T,>(columns: Column<T>[]): ColumnDef<T>[] =>
  columns.map((c) => ({
    id: c.key,
    header: () => c.label,
    cell: ({ row }) => c.render(row.original),
    enableSorting: Boolean(c.sortKey),
    meta: { className: c.className, sortKey: c.sortKey },
  }));

type ColumnMeta = { className?: string; sortKey?: string };

/**
 * A server-paged, server-sorted table on @tanstack/react-table (headless: the markup is ours):
 * sortable headers, the total, the page size and previous/next.
 */
export const DataTable = <T,>({
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
  sort,
  order,
  onSort,
  loading,
  testId,
  empty,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize?: (size: number) => void;
  sort?: string;
  order?: 'asc' | 'desc';
  onSort?: (key: string) => void;
  loading?: boolean;
  testId?: string;
  empty?: ReactNode;
}) => {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sortedColumn = columns.find((c) => c.sortKey && c.sortKey === sort);
  const table = useReactTable<T>({
    data: rows ?? [],
    columns: columnDefs(columns),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowKey(row)),
    manualPagination: true,
    manualSorting: true,
    pageCount: pages,
    rowCount: total,
    state: {
      pagination: { pageIndex: page - 1, pageSize },
      sorting: sortedColumn ? [{ id: sortedColumn.key, desc: order !== 'asc' }] : [],
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex: page - 1, pageSize }) : updater;
      if (next.pageSize !== pageSize) onPageSize?.(next.pageSize);
      else if (next.pageIndex !== page - 1) onPage(next.pageIndex + 1);
    },
  });
  return (
    <div className="rounded-lg border border-line bg-surface" data-testid={testId}>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-line border-b bg-surface-2 text-muted text-xs uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as ColumnMeta | undefined;
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cx('px-3 py-2 font-medium', meta?.className)}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {meta?.sortKey && onSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-fg"
                          onClick={() => onSort(meta.sortKey as string)}
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ArrowUp className="size-3" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown className="size-3" />
                          ) : null}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-line border-b last:border-0 hover:bg-surface-2">
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cx(
                      'px-3 py-2 align-top',
                      (cell.column.columnDef.meta as ColumnMeta | undefined)?.className,
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading && !rows && (
        <div className="flex justify-center p-6 text-muted">
          <Spinner />
        </div>
      )}
      {rows && rows.length === 0 && (
        <p className="p-6 text-center text-muted text-sm">{empty ?? t('list.empty')}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 border-line border-t px-3 py-2 text-sm">
        <span className="text-muted" data-testid="list-total">
          {t('list.total', { total })}
        </span>
        <div className="flex items-center gap-2">
          {onPageSize && (
            <Select
              aria-label={t('list.pageSize')}
              value={pageSize}
              onChange={(e) => table.setPageSize(Number(e.target.value))}
              className="w-auto"
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {t('list.perPage', { size: s })}
                </option>
              ))}
            </Select>
          )}
          <Button
            variant="ghost"
            aria-label={t('list.previous')}
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            <ChevronLeft className="size-4" />
          </Button>
          <span>{t('list.page', { page, pages })}</span>
          <Button
            variant="ghost"
            aria-label={t('list.next')}
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
          >
            <ChevronRight className="size-4" />
          </Button>
        </div>
      </div>
    </div>
  );
};

/** The CSV export button of a list: every matching row, through the API, with the staff token. */
export const CsvButton = ({ download }: { download: () => Promise<void> }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      pending={busy}
      data-testid="csv-export"
      onClick={async () => {
        setBusy(true);
        try {
          await download();
        } catch (error) {
          toast('error', errorText(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download className="size-4" />
      {t('list.csv')}
    </Button>
  );
};

/** Date and time in the operator's locale. */
export const formatTime = (ms: number | null | undefined, language: string) =>
  ms === null || ms === undefined
    ? '—'
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
