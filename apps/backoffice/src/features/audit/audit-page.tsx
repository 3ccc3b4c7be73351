import { AUDIT_SORTS } from '@khela/contract';
import { endpoints } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { Button, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';

type Row = Awaited<ReturnType<typeof callBo<'boAudit'>>>['items'][number];

const toMs = (local: string) => (local ? new Date(local).getTime() : undefined);

const Json = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <span className="text-muted">—</span>
  ) : (
    <pre className="max-h-40 max-w-xs overflow-auto whitespace-pre-wrap break-all rounded bg-surface-2 p-1.5 text-xs">
      {JSON.stringify(value, null, 1)}
    </pre>
  );

/** The staff audit log: who did what, before and after, when, from where; filtered, paged, CSV. */
export const AuditPage = () => {
  const { t, i18n } = useTranslation('audit');
  const list = useListState({
    filters: { staffId: '', action: '', from: '', to: '' },
    sort: 'at',
    order: 'desc',
  });
  const [form, setForm] = useState(list.filters);
  const sort = AUDIT_SORTS.find((s) => s === list.sort) ?? 'at';
  const query = {
    sort,
    staffId: list.filters.staffId ? Number(list.filters.staffId) : undefined,
    action: list.filters.action || undefined,
    from: toMs(list.filters.from),
    to: toMs(list.filters.to),
    order: list.order,
  };
  const result = useQuery({
    queryKey: ['bo', 'audit', query, list.page, list.pageSize],
    queryFn: () => callBo('boAudit', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<Row>[] = [
    {
      key: 'at',
      label: t('at'),
      sortKey: 'at',
      render: (r) => formatTime(r.at, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'staff',
      label: t('staff'),
      sortKey: 'staff',
      render: (r) => (r.staff ? `${r.staff} (#${r.staffId})` : '—'),
    },
    {
      key: 'action',
      label: t('action'),
      sortKey: 'action',
      render: (r) => <code className="text-xs">{r.action}</code>,
    },
    { key: 'target', label: t('target'), render: (r) => r.target ?? '—' },
    { key: 'before', label: t('before'), render: (r) => <Json value={r.before} /> },
    { key: 'after', label: t('after'), render: (r) => <Json value={r.after} /> },
    {
      key: 'ip',
      label: t('ip'),
      render: (r) => (
        <span className="text-xs">
          {r.ip ?? '—'}
          <br />
          <span className="text-muted" title={r.requestId ?? ''}>
            {r.requestId?.slice(0, 8) ?? ''}
          </span>
        </span>
      ),
    },
  ];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };
  return (
    <div data-testid="audit-page">
      <PageTitle
        title={t('title')}
        actions={<CsvButton download={() => downloadCsv(endpoints.boAuditCsv, query, 'audit.csv')} />}
      />
      <form onSubmit={apply} className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('staffId')}>
          <Input
            inputMode="numeric"
            value={form.staffId}
            onChange={(e) => setForm({ ...form, staffId: e.target.value.replace(/\D/g, '') })}
          />
        </Field>
        <Field label={t('action')}>
          <Input
            value={form.action}
            placeholder="member.lock"
            onChange={(e) => setForm({ ...form, action: e.target.value })}
          />
        </Field>
        <Field label={t('from')}>
          <Input
            type="datetime-local"
            value={form.from}
            onChange={(e) => setForm({ ...form, from: e.target.value })}
          />
        </Field>
        <Field label={t('to')}>
          <Input
            type="datetime-local"
            value={form.to}
            onChange={(e) => setForm({ ...form, to: e.target.value })}
          />
        </Field>
        <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" variant="primary">
            {t('filter')}
          </Button>
          <Select
            aria-label={t('sortBy')}
            value={sort}
            onChange={(e) => list.setSort(e.target.value)}
            className="w-auto"
            data-testid="audit-sort"
          >
            {AUDIT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sortKey.${s}`)}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t('order')}
            value={list.order}
            onChange={(e) => list.setOrder(e.target.value === 'asc' ? 'asc' : 'desc')}
            className="w-auto"
          >
            <option value="desc">{t(sort === 'at' ? 'newest' : 'descending')}</option>
            <option value="asc">{t(sort === 'at' ? 'oldest' : 'ascending')}</option>
          </Select>
        </div>
      </form>
      {result.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="audit-table"
        columns={columns}
        rows={result.data?.items}
        rowKey={(r) => r.id}
        total={result.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        sort={sort}
        order={list.order}
        onSort={list.setSort}
        loading={result.isPending}
      />
    </div>
  );
};
