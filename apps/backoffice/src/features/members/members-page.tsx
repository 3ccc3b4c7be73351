import { endpoints } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callBo, downloadCsv } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';

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
  const empty = { account: '', mobile: '', email: '', ip: '', status: '' };
  return (
    <ListScreen
      testId="members-page"
      tableTestId="members-table"
      title={t('title')}
      state={{ filters: empty, sort: 'createdAt', order: 'desc' }}
      queryKey={['bo', 'members']}
      query={(list) => ({
        merchant,
        account: list.filters.account || undefined,
        mobile: list.filters.mobile || undefined,
        email: list.filters.email || undefined,
        ip: list.filters.ip || undefined,
        status: (['active', 'locked'] as const).find((s) => s === list.filters.status),
        sort: SORTS.includes(list.sort as Sort) ? (list.sort as Sort) : 'createdAt',
        order: list.order,
      })}
      fetch={(query, page) => callBo('boMembers', { query: { ...query, ...page } })}
      csv={(query) => downloadCsv(endpoints.boMembersCsv, query, `members-${merchant}.csv`)}
      columns={columns}
      rowKey={(r) => r.id}
      sortable
      filterClassName="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6"
      filters={({ draft, set, list }) => (
        <>
          {(['account', 'mobile', 'email', 'ip'] as const).map((key) => (
            <Field key={key} label={t(key)}>
              <Input
                name={key}
                value={draft[key]}
                onChange={(e) => set({ [key]: e.target.value })}
                data-testid={`filter-${key}`}
              />
            </Field>
          ))}
          <Field label={t('statusLabel')}>
            <Select value={draft.status} onChange={(e) => set({ status: e.target.value })}>
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
                set(empty);
                list.setFilters(empty);
              }}
            >
              {t('clear')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
