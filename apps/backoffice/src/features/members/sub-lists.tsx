import {
  endpoints,
  MEMBER_LOGIN_SORTS,
  MEMBER_SESSION_SORTS,
  MEMBER_TRAIL_SORTS,
  SESSION_STATES,
} from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { cx } from '../../shared/ui/cx';
import { type FilterField, ListFilters, timeOf } from '../../shared/ui/list-filters';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';

type SessionRow = Awaited<ReturnType<typeof callBo<'boMemberSessions'>>>['items'][number];
type LoginRow = Awaited<ReturnType<typeof callBo<'boMemberLogins'>>>['items'][number];
type TrailRow = Awaited<ReturnType<typeof callBo<'boMemberTrail'>>>['items'][number];

/** The filter part of a sub-list's query: empty filters are left out. */
const windowOf = (filters: { from: string; to: string }) => ({
  from: timeOf(filters.from),
  to: timeOf(filters.to),
});

const ErrorLine = ({ error }: { error: unknown }) => (
  <p role="alert" className="mb-2 text-danger text-sm">
    {errorText(error)}
  </p>
);

/** A sub-list's filters and CSV button above its table. */
const Toolbar = ({
  fields,
  values,
  onApply,
  testId,
  download,
}: {
  fields: FilterField[];
  values: Record<string, string>;
  onApply: (values: Record<string, string>) => void;
  testId: string;
  download: () => Promise<void>;
}) => (
  <div className="mb-2 flex flex-col gap-2 lg:flex-row lg:items-end lg:justify-between">
    <ListFilters fields={fields} values={values} onApply={onApply} testId={`${testId}-filters`} />
    <div className="flex justify-end" data-testid={`${testId}-csv`}>
      <CsvButton download={download} />
    </div>
  </div>
);

/** The member's sessions: state, IP and start-time filters, sortable columns, CSV; state in the URL (`sessions.*`). */
export const MemberSessions = ({ memberId }: { memberId: number }) => {
  const { t, i18n } = useTranslation('members');
  const list = useListState({
    prefix: 'sessions.',
    filters: { state: '', ip: '', from: '', to: '' },
    sort: 'createdAt',
    order: 'desc',
  });
  const sort = MEMBER_SESSION_SORTS.find((s) => s === list.sort) ?? 'createdAt';
  const query = {
    memberId,
    state: SESSION_STATES.find((s) => s === list.filters.state),
    ip: list.filters.ip.trim() || undefined,
    ...windowOf(list.filters),
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: ['bo', 'member', memberId, 'sessions', query, list.page, list.pageSize],
    queryFn: () =>
      callBo('boMemberSessions', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const time = (ms: number | null) => formatTime(ms, i18n.language);
  const columns: Column<SessionRow>[] = [
    { key: 'createdAt', label: t('started'), sortKey: 'createdAt', render: (s) => time(s.createdAt) },
    { key: 'lastSeenAt', label: t('lastSeen'), sortKey: 'lastSeenAt', render: (s) => time(s.lastSeenAt) },
    { key: 'expiresAt', label: t('expires'), sortKey: 'expiresAt', render: (s) => time(s.expiresAt) },
    { key: 'ip', label: t('ip'), sortKey: 'ip', render: (s) => s.ip ?? '—' },
    {
      key: 'state',
      label: t('state'),
      render: (s) => (
        <span
          className={cx(
            'inline-block rounded px-1.5 py-0.5 font-medium text-xs',
            s.live ? 'bg-ok/15 text-ok' : 'bg-surface-2 text-muted',
          )}
          data-testid="member-session-state"
        >
          {s.live
            ? t('sessionOpen')
            : s.revokedAt
              ? t('sessionRevoked', { at: time(s.revokedAt) })
              : t('sessionExpired')}
        </span>
      ),
    },
  ];
  const fields: FilterField[] = [
    {
      key: 'state',
      label: t('state'),
      kind: 'select',
      options: SESSION_STATES.map((s) => ({ value: s, label: t(`sessionState.${s}`) })),
      testId: 'member-sessions-state',
    },
    { key: 'ip', label: t('ip'), kind: 'text', testId: 'member-sessions-ip' },
    { key: 'from', label: t('startedFrom'), kind: 'datetime' },
    { key: 'to', label: t('startedTo'), kind: 'datetime' },
  ];
  return (
    <div>
      <Toolbar
        fields={fields}
        values={list.filters}
        onApply={(v) => list.setFilters(v)}
        testId="member-sessions"
        download={() => downloadCsv(endpoints.boMemberSessionsCsv, query, `member-${memberId}-sessions.csv`)}
      />
      {result.isError && <ErrorLine error={result.error} />}
      <DataTable
        testId="member-sessions"
        columns={columns}
        rows={result.data?.items}
        rowKey={(s) => `${s.createdAt}-${s.ip}-${s.expiresAt}`}
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

/** The member's login history: event, IP and time filters, sortable columns, CSV (`logins.*`). */
export const MemberLogins = ({ memberId }: { memberId: number }) => {
  const { t, i18n } = useTranslation('members');
  const list = useListState({
    prefix: 'logins.',
    filters: { event: '', ip: '', from: '', to: '' },
    sort: 'at',
    order: 'desc',
  });
  const sort = MEMBER_LOGIN_SORTS.find((s) => s === list.sort) ?? 'at';
  const event = list.filters.event.trim().toLowerCase();
  const query = {
    memberId,
    event: /^[a-z][a-z.]{0,39}$/.test(event) ? event : undefined,
    ip: list.filters.ip.trim() || undefined,
    ...windowOf(list.filters),
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: ['bo', 'member', memberId, 'logins', query, list.page, list.pageSize],
    queryFn: () =>
      callBo('boMemberLogins', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<LoginRow>[] = [
    { key: 'at', label: t('at'), sortKey: 'at', render: (h) => formatTime(h.at, i18n.language) },
    {
      key: 'event',
      label: t('event'),
      sortKey: 'event',
      render: (h) => <code className="text-xs">{h.event}</code>,
    },
    { key: 'ip', label: t('ip'), sortKey: 'ip', render: (h) => h.ip ?? '—' },
  ];
  const fields: FilterField[] = [
    {
      key: 'event',
      label: t('event'),
      kind: 'text',
      placeholder: 'login.failure',
      testId: 'member-history-event',
    },
    { key: 'ip', label: t('ip'), kind: 'text', testId: 'member-history-ip' },
    { key: 'from', label: t('from'), kind: 'datetime' },
    { key: 'to', label: t('to'), kind: 'datetime' },
  ];
  return (
    <div>
      <Toolbar
        fields={fields}
        values={list.filters}
        onApply={(v) => list.setFilters(v)}
        testId="member-history"
        download={() => downloadCsv(endpoints.boMemberLoginsCsv, query, `member-${memberId}-logins.csv`)}
      />
      {result.isError && <ErrorLine error={result.error} />}
      <DataTable
        testId="member-history"
        columns={columns}
        rows={result.data?.items}
        rowKey={(h) => `${h.at}-${h.event}-${h.ip}`}
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

/** Staff actions on the member: action, staff and time filters, sortable columns, CSV (`trail.*`). */
export const MemberTrail = ({ memberId }: { memberId: number }) => {
  const { t, i18n } = useTranslation('members');
  const list = useListState({
    prefix: 'trail.',
    filters: { action: '', staff: '', from: '', to: '' },
    sort: 'at',
    order: 'desc',
  });
  const sort = MEMBER_TRAIL_SORTS.find((s) => s === list.sort) ?? 'at';
  const query = {
    memberId,
    action: list.filters.action.trim() || undefined,
    staff: list.filters.staff.trim() || undefined,
    ...windowOf(list.filters),
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: ['bo', 'member', memberId, 'trail', query, list.page, list.pageSize],
    queryFn: () => callBo('boMemberTrail', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<TrailRow>[] = [
    { key: 'at', label: t('at'), sortKey: 'at', render: (a) => formatTime(a.at, i18n.language) },
    { key: 'staff', label: t('staff'), sortKey: 'staff', render: (a) => a.staff ?? '—' },
    {
      key: 'action',
      label: t('event'),
      sortKey: 'action',
      render: (a) => <code className="text-xs">{a.action}</code>,
    },
    {
      key: 'change',
      label: t('change'),
      render: (a) => <code className="break-all text-xs">{JSON.stringify(a.after)}</code>,
    },
  ];
  const fields: FilterField[] = [
    {
      key: 'action',
      label: t('event'),
      kind: 'text',
      placeholder: 'member.lock',
      testId: 'member-trail-action',
    },
    { key: 'staff', label: t('staff'), kind: 'text', testId: 'member-trail-staff' },
    { key: 'from', label: t('from'), kind: 'datetime' },
    { key: 'to', label: t('to'), kind: 'datetime' },
  ];
  return (
    <div>
      <Toolbar
        fields={fields}
        values={list.filters}
        onApply={(v) => list.setFilters(v)}
        testId="member-trail"
        download={() => downloadCsv(endpoints.boMemberTrailCsv, query, `member-${memberId}-trail.csv`)}
      />
      {result.isError && <ErrorLine error={result.error} />}
      <DataTable
        testId="member-trail"
        columns={columns}
        rows={result.data?.items}
        rowKey={(a) => a.id}
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
