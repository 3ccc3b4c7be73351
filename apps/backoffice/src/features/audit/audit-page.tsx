import { AUDIT_SORTS, endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { callBo, downloadCsv } from '../../shared/api';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';

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
  return (
    <ListScreen
      testId="audit-page"
      tableTestId="audit-table"
      title={t('title')}
      state={{ filters: { staffId: '', action: '', from: '', to: '' }, sort: 'at', order: 'desc' }}
      queryKey={['bo', 'audit']}
      query={(list) => ({
        sort: AUDIT_SORTS.find((s) => s === list.sort) ?? 'at',
        staffId: list.filters.staffId ? Number(list.filters.staffId) : undefined,
        action: list.filters.action || undefined,
        from: toMs(list.filters.from),
        to: toMs(list.filters.to),
        order: list.order,
      })}
      fetch={(query, page) => callBo('boAudit', { query: { ...query, ...page } })}
      csv={(query) => downloadCsv(endpoints.boAuditCsv, query, 'audit.csv')}
      columns={columns}
      rowKey={(r) => r.id}
      sortable
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
      filters={({ draft, set, list }) => {
        const sort = AUDIT_SORTS.find((s) => s === list.sort) ?? 'at';
        return (
          <>
            <Field label={t('staffId')}>
              <Input
                inputMode="numeric"
                value={draft.staffId}
                onChange={(e) => set({ staffId: e.target.value.replace(/\D/g, '') })}
              />
            </Field>
            <Field label={t('action')}>
              <Input
                value={draft.action}
                placeholder="member.lock"
                onChange={(e) => set({ action: e.target.value })}
              />
            </Field>
            <Field label={t('from')}>
              <Input
                type="datetime-local"
                value={draft.from}
                onChange={(e) => set({ from: e.target.value })}
              />
            </Field>
            <Field label={t('to')}>
              <Input type="datetime-local" value={draft.to} onChange={(e) => set({ to: e.target.value })} />
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
          </>
        );
      }}
    />
  );
};
