import type { StaffRole } from '@khela/contract';
import { endpoints, SESSION_STATES, STAFF_ROLES, STAFF_SESSION_SORTS } from '@khela/contract/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo, downloadCsv } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useStaff } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { type FilterField, ListFilters, timeOf } from '../../shared/ui/list-filters';
import { type Column, CsvButton, DataTable, formatTime, useListState } from '../../shared/ui/table';

type Row = Awaited<ReturnType<typeof callBo<'boStaff'>>>['items'][number];
type SessionRow = Awaited<ReturnType<typeof callBo<'boStaffSessions'>>>['items'][number];
type Sort = 'username' | 'role' | 'status' | 'createdAt';
const SORTS: Sort[] = ['username', 'role', 'status', 'createdAt'];
const KEY = ['bo', 'staff'] as const;

const RoleCell = ({ row, self }: { row: Row; self: boolean }) => {
  const { t } = useTranslation('staff');
  const { t: tc } = useTranslation();
  const [role, setRole] = useState<StaffRole>(row.role);
  const changeRole = useAction(() => callBo('boStaffRole', { body: { staffId: row.id, role } }), {
    success: t('roleChanged'),
    invalidate: [KEY],
  });
  return (
    <div className="flex items-center gap-1.5">
      <Select
        aria-label={t('role')}
        value={role}
        disabled={self}
        onChange={(e) => setRole(e.target.value as StaffRole)}
        className="w-auto"
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {tc(`role.${r}`)}
          </option>
        ))}
      </Select>
      {role !== row.role && (
        <Button
          pending={changeRole.isPending}
          onClick={async () => {
            if (
              await confirmAction(
                t('roleConfirm', { name: row.username, role: tc(`role.${role}`) }),
                t('apply'),
                false,
              )
            )
              changeRole.mutate(undefined);
          }}
        >
          {t('apply')}
        </Button>
      )}
    </div>
  );
};

const ActionsCell = ({ row, onSessions }: { row: Row; onSessions: () => void }) => {
  const { t } = useTranslation('staff');
  const status = useAction(
    (next: 'active' | 'disabled') => callBo('boStaffStatus', { body: { staffId: row.id, status: next } }),
    { success: t('statusChanged'), invalidate: [KEY] },
  );
  const resetTotp = useAction(() => callBo('boStaffTotpReset', { body: { staffId: row.id } }), {
    success: t('totpReset'),
    invalidate: [KEY],
  });
  // Lifts a login lock (ten wrong authenticator codes behind the right password; ADR 029).
  const unlock = useAction(() => callBo('boStaffUnlock', { body: { staffId: row.id } }), {
    success: t('unlocked'),
    invalidate: [KEY],
  });
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button onClick={onSessions} data-testid={`staff-sessions-${row.username}`}>
        {t('sessions', { n: row.liveSessions })}
      </Button>
      <Button
        variant={row.status === 'active' ? 'danger' : 'secondary'}
        pending={status.isPending}
        onClick={async () => {
          const next = row.status === 'active' ? 'disabled' : 'active';
          if (
            await confirmAction(
              t(next === 'disabled' ? 'disableConfirm' : 'enableConfirm', { name: row.username }),
              t(next === 'disabled' ? 'disable' : 'enable'),
              next === 'disabled',
            )
          )
            status.mutate(next);
        }}
      >
        {t(row.status === 'active' ? 'disable' : 'enable')}
      </Button>
      <Button
        pending={resetTotp.isPending}
        disabled={!row.enrolled}
        onClick={async () => {
          if (await confirmAction(t('totpConfirm', { name: row.username }), t('resetTotp')))
            resetTotp.mutate(undefined);
        }}
      >
        {t('resetTotp')}
      </Button>
      <Button
        pending={unlock.isPending}
        onClick={() => unlock.mutate(undefined)}
        data-testid={`staff-unlock-${row.username}`}
      >
        {t('unlock')}
      </Button>
    </div>
  );
};

const SESSION_FILTERS = { staffId: '', state: '', ip: '', from: '', to: '' };
type SessionsList = ReturnType<typeof useListState<typeof SESSION_FILTERS>>;

/**
 * One account's sessions: when, from where, live or ended; filtered by state, IP and start time,
 * sorted, paged and exported (state in the URL, `sess.*`); end one or all (the account stays enabled).
 */
const SessionsPanel = ({ row, list, onClose }: { row: Row; list: SessionsList; onClose: () => void }) => {
  const { t, i18n } = useTranslation('staff');
  const { t: tc } = useTranslation();
  const sort = STAFF_SESSION_SORTS.find((s) => s === list.sort) ?? 'createdAt';
  const query = {
    staffId: row.id,
    state: SESSION_STATES.find((s) => s === list.filters.state),
    ip: list.filters.ip.trim() || undefined,
    from: timeOf(list.filters.from),
    to: timeOf(list.filters.to),
    sort,
    order: list.order,
  };
  const sessions = useQuery({
    queryKey: [...KEY, 'sessions', row.id, query, list.page, list.pageSize],
    queryFn: () =>
      callBo('boStaffSessions', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const revoke = useAction(
    (sessionId: string | undefined) =>
      callBo('boStaffSessionsRevoke', { body: { staffId: row.id, ...(sessionId ? { sessionId } : {}) } }),
    { success: (v) => t('sessionsEnded', { n: v.revoked }), invalidate: [KEY] },
  );
  const time = (ms: number | null) => formatTime(ms, i18n.language);
  const columns: Column<SessionRow>[] = [
    {
      key: 'createdAt',
      label: t('sessionStarted'),
      sortKey: 'createdAt',
      render: (s) => time(s.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'lastSeenAt',
      label: t('sessionLastSeen'),
      sortKey: 'lastSeenAt',
      render: (s) => time(s.lastSeenAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'expiresAt',
      label: t('sessionExpires'),
      sortKey: 'expiresAt',
      render: (s) => time(s.expiresAt),
      className: 'whitespace-nowrap',
    },
    { key: 'ip', label: t('sessionIp'), sortKey: 'ip', render: (s) => s.ip ?? '—' },
    {
      key: 'state',
      label: t('statusLabel'),
      render: (s) => (
        <span
          className={cx(
            'inline-block rounded px-1.5 py-0.5 font-medium text-xs',
            s.live ? 'bg-ok/15 text-ok' : 'bg-surface-2 text-muted',
          )}
          data-testid="staff-session-state"
        >
          {s.live
            ? t('sessionLive')
            : s.revokedAt
              ? t('sessionRevoked', { at: time(s.revokedAt) })
              : t('sessionExpired')}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('actions'),
      render: (s) =>
        s.live ? (
          <Button
            variant="danger"
            pending={revoke.isPending && revoke.variables === s.id}
            data-testid="staff-session-end"
            onClick={async () => {
              if (await confirmAction(t('sessionEndConfirm', { name: row.username }), t('sessionEnd')))
                revoke.mutate(s.id);
            }}
          >
            {t('sessionEnd')}
          </Button>
        ) : null,
    },
  ];
  const fields: FilterField[] = [
    {
      key: 'state',
      label: t('statusLabel'),
      kind: 'select',
      options: SESSION_STATES.map((s) => ({ value: s, label: t(`sessionState.${s}`) })),
      testId: 'staff-sessions-state',
    },
    { key: 'ip', label: t('sessionIp'), kind: 'text', testId: 'staff-sessions-ip' },
    { key: 'from', label: t('sessionsFrom'), kind: 'datetime' },
    { key: 'to', label: t('sessionsTo'), kind: 'datetime' },
  ];
  return (
    <Card
      title={t('sessionsOf', { name: row.username })}
      actions={
        <div className="flex gap-2">
          <Button
            variant="danger"
            disabled={row.liveSessions === 0}
            pending={revoke.isPending && revoke.variables === undefined}
            data-testid="staff-sessions-end-all"
            onClick={async () => {
              if (
                await confirmAction(t('sessionsEndAllConfirm', { name: row.username }), t('sessionsEndAll'))
              )
                revoke.mutate(undefined);
            }}
          >
            {t('sessionsEndAll')}
          </Button>
          <Button onClick={onClose}>{tc('close')}</Button>
        </div>
      }
    >
      <div data-testid="staff-sessions-panel" className="flex flex-col gap-2">
        <p className="text-muted text-sm">{t('sessionsNote')}</p>
        <div className="flex flex-col gap-2 lg:flex-row lg:items-end lg:justify-between">
          <ListFilters
            fields={fields}
            values={list.filters}
            onApply={({ state, ip, from, to }) => list.setFilters({ state, ip, from, to })}
            testId="staff-sessions-filters"
          />
          <CsvButton
            download={() =>
              downloadCsv(endpoints.boStaffSessionsCsv, query, `staff-${row.username}-sessions.csv`)
            }
          />
        </div>
        {sessions.isError && (
          <p role="alert" className="text-danger text-sm">
            {errorText(sessions.error)}
          </p>
        )}
        <DataTable
          testId="staff-sessions-table"
          columns={columns}
          rows={sessions.data?.items}
          rowKey={(s) => s.id}
          total={sessions.data?.total ?? 0}
          page={list.page}
          pageSize={list.pageSize}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
          sort={sort}
          order={list.order}
          onSort={list.setSort}
          loading={sessions.isPending}
        />
      </div>
    </Card>
  );
};

/** The owner's staff screen: accounts (filtered, sorted, paged, CSV), roles, sessions, disabling, TOTP resets, new accounts. */
export const StaffPage = () => {
  const { t, i18n } = useTranslation('staff');
  const { t: tc } = useTranslation();
  const me = useStaff();
  const list = useListState({
    filters: { username: '', role: '', status: '' },
    sort: 'username',
    order: 'asc',
  });
  const sessionsList = useListState({
    prefix: 'sess.',
    filters: SESSION_FILTERS,
    sort: 'createdAt',
    order: 'desc',
  });
  const [filter, setFilter] = useState({ username: list.filters.username });
  const sort: Sort = SORTS.includes(list.sort as Sort) ? (list.sort as Sort) : 'username';
  const role = STAFF_ROLES.find((r) => r === list.filters.role);
  const status = (['active', 'disabled'] as const).find((s) => s === list.filters.status);
  const query = {
    username: list.filters.username || undefined,
    role,
    status,
    sort,
    order: list.order,
  };
  const result = useQuery({
    queryKey: [...KEY, query, list.page, list.pageSize],
    queryFn: () => callBo('boStaff', { query: { ...query, page: list.page, pageSize: list.pageSize } }),
    placeholderData: keepPreviousData,
  });
  const [form, setForm] = useState({ username: '', password: '', role: 'support' as StaffRole });
  const [error, setError] = useState<string | null>(null);
  const create = useAction(() => callBo('boStaffCreate', { body: form }), {
    success: t('created'),
    invalidate: [KEY],
    onSuccess: () => setForm({ username: '', password: '', role: 'support' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[a-z0-9_.-]{3,32}$/.test(form.username.trim().toLowerCase())) return setError(t('usernameRule'));
    if (form.password.length < 10) return setError(t('passwordRule'));
    setError(null);
    create.mutate(undefined);
  };
  const sessionsOf = result.data?.items.find((r) => String(r.id) === sessionsList.filters.staffId);
  const columns: Column<Row>[] = [
    {
      key: 'username',
      label: t('username'),
      sortKey: 'username',
      render: (r) => (
        <span className="font-medium" data-testid={`staff-row-${r.username}`}>
          {r.username}
          {r.id === me.id && <span className="ml-1 text-muted text-xs">({t('you')})</span>}
        </span>
      ),
    },
    {
      key: 'role',
      label: t('role'),
      sortKey: 'role',
      render: (r) => <RoleCell key={`${r.id}-${r.role}`} row={r} self={r.id === me.id} />,
    },
    { key: 'status', label: t('statusLabel'), sortKey: 'status', render: (r) => t(`status.${r.status}`) },
    { key: 'enrolled', label: t('enrolled'), render: (r) => tc(r.enrolled ? 'yes' : 'no') },
    {
      key: 'createdAt',
      label: t('createdAt'),
      sortKey: 'createdAt',
      render: (r) => formatTime(r.createdAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'actions',
      label: t('actions'),
      render: (r) =>
        r.id === me.id ? null : (
          <ActionsCell
            key={`${r.id}-${r.status}`}
            row={r}
            onSessions={() => sessionsList.setFilters({ ...SESSION_FILTERS, staffId: String(r.id) })}
          />
        ),
    },
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="staff-page">
      <PageTitle
        title={t('title')}
        actions={<CsvButton download={() => downloadCsv(endpoints.boStaffCsv, query, 'staff.csv')} />}
      />
      <form
        className="grid grid-cols-2 gap-2 sm:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          list.setFilters({ username: filter.username.trim() });
        }}
      >
        <Field label={t('username')}>
          <Input
            value={filter.username}
            onChange={(e) => setFilter({ username: e.target.value })}
            data-testid="staff-filter-username"
          />
        </Field>
        <Field label={t('role')}>
          <Select value={list.filters.role} onChange={(e) => list.setFilters({ role: e.target.value })}>
            <option value="">{t('any')}</option>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {tc(`role.${r}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('statusLabel')}>
          <Select value={list.filters.status} onChange={(e) => list.setFilters({ status: e.target.value })}>
            <option value="">{t('any')}</option>
            <option value="active">{t('status.active')}</option>
            <option value="disabled">{t('status.disabled')}</option>
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" variant="primary">
            {t('filter')}
          </Button>
        </div>
      </form>
      {result.isError && (
        <p role="alert" className="text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      <DataTable
        testId="staff-table"
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
      {sessionsOf && (
        <SessionsPanel
          key={sessionsOf.id}
          row={sessionsOf}
          list={sessionsList}
          onClose={sessionsList.clear}
        />
      )}
      <Card title={t('createTitle')}>
        <form className="grid grid-cols-1 gap-3 sm:grid-cols-4" onSubmit={submit} noValidate>
          <Field label={t('username')}>
            <Input value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
          </Field>
          <Field label={t('password')} hint={t('passwordRule')}>
            <Input
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
          </Field>
          <Field label={t('role')}>
            <Select
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {tc(`role.${r}`)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-start sm:pt-6">
            <Button type="submit" variant="primary" pending={create.isPending}>
              {t('create')}
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-danger text-sm sm:col-span-4">
              {error}
            </p>
          )}
          <p className="text-muted text-xs sm:col-span-4">{t('createNote')}</p>
        </form>
      </Card>
    </div>
  );
};
