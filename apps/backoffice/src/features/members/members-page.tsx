import { endpoints } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';

type Row = Awaited<ReturnType<typeof callBo<'boMembers'>>>['items'][number];
type Sort = 'createdAt' | 'username' | 'lastLoginAt';
const SORTS: Sort[] = ['createdAt', 'username', 'lastLoginAt'];

export const StatusBadge = ({ status }: { status: 'active' | 'locked' }) => {
  const { t } = useTranslation('members');
  return (
    <span
      data-testid="member-status"
      className={cx(
        'inline-block rounded px-1.5 py-0.5 font-medium text-xs',
        status === 'active' ? 'bg-ok/15 text-ok' : 'bg-danger/15 text-danger',
      )}
    >
      {t(`status.${status}`)}
    </span>
  );
};

/** Member search by account, mobile, email or IP in the chosen merchant; sorted, paged, CSV. */
export const MembersPage = () => {
  const { t, i18n } = useTranslation('members');
  const { merchant } = useMerchant();
  const list = useListState({
    filters: { account: '', mobile: '', email: '', ip: '', status: '' },
    sort: 'createdAt',
    order: 'desc',
  });
  const [form, setForm] = useState(list.filters);
  const sort: Sort = SORTS.includes(list.sort as Sort) ? (list.sort as Sort) : 'createdAt';
  const status = (['active', 'locked'] as const).find((s) => s === list.filters.status);
  const query = {
    merchant,
    account: list.filters.account || undefined,
    mobile: list.filters.mobile || undefined,
    email: list.filters.email || undefined,
    ip: list.filters.ip || undefined,
    status,
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: ['bo', 'members', query, list.page, list.pageSize],
    queryFn: () => callBo('boMembers', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<Row>[] = [
    {
      key: 'username',
      label: t('account'),
      sortKey: 'username',
      render: (r) => (
        <Link
          to={`/members/${r.id}`}
          className="font-medium text-accent underline"
          data-testid={`member-${r.username}`}
        >
          {r.username}
        </Link>
      ),
    },
    { key: 'mobile', label: t('mobile'), render: (r) => r.mobile ?? '—' },
    { key: 'email', label: t('email'), render: (r) => r.email ?? '—' },
    { key: 'type', label: t('type'), render: (r) => t(`types.${r.type}`, { defaultValue: String(r.type) }) },
    { key: 'status', label: t('statusLabel'), render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'createdAt',
      label: t('createdAt'),
      sortKey: 'createdAt',
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'lastLoginAt',
      label: t('lastLoginAt'),
      sortKey: 'lastLoginAt',
      render: (r) => formatTime(r.lastLoginAt, i18n.language),
      className: 'whitespace-nowrap',
    },
  ];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters(form);
  };
  return (
    <div data-testid="members-page">
      <PageTitle
        title={t('title')}
        actions={
          <CsvButton download={() => downloadCsv(endpoints.boMembersCsv, query, `members-${merchant}.csv`)} />
        }
      />
      <form onSubmit={apply} className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {(['account', 'mobile', 'email', 'ip'] as const).map((key) => (
          <Field key={key} label={t(key)}>
            <Input
              name={key}
              value={form[key]}
              onChange={(e) => setForm({ ...form, [key]: e.target.value })}
              data-testid={`filter-${key}`}
            />
          </Field>
        ))}
        <Field label={t('statusLabel')}>
          <Select value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value })}>
            <option value="">{t('status.any')}</option>
            <option value="active">{t('status.active')}</option>
            <option value="locked">{t('status.locked')}</option>
          </Select>
        </Field>
        <div className="flex items-end gap-2">
          <Button type="submit" variant="primary" data-testid="member-search">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              const empty = { account: '', mobile: '', email: '', ip: '', status: '' };
              setForm(empty);
              list.setFilters(empty);
            }}
          >
            {t('clear')}
          </Button>
        </div>
      </form>
      {result.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="members-table"
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
