import type { AgentHome } from '@khela/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Briefcase, ChevronLeft, ChevronRight, Copy, ShieldX, Users } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client';
import { FormAlert, useErrorText } from '../../shared/form';
import { dayKey, formatDay } from '../../shared/format/date-range';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';

/**
 * The agent site (`/agentHome`, spec §2 "agent home after login from the agent page", §6 "a
 * non-agent cannot log in to the agent site"): a visitor gets the agent sign-in form (the server
 * refuses accounts that are not agents), a signed-in agent sees their account and downline, any
 * other signed-in account the refusal. Below the account and downline: the agent centre (the
 * agency feature's, handed in by app/: team overview, register centre, contracts, salaries).
 */
/** The agent sign-in form (the auth feature's login form with `site="agent"`), handed in by app/. */
export type AgentLoginForm = ComponentType<{ site: 'agent' }>;
/** The agent centre (the agency feature's), handed in by app/. */
export type AgentCentrePart = ComponentType;

export const AgentHomePage = ({
  LoginForm,
  Centre,
}: {
  LoginForm: AgentLoginForm;
  Centre?: AgentCentrePart;
}) => {
  const { loggedIn, isAgent, member } = useMember();
  return (
    <section
      data-testid="page-agentHome"
      className="mx-auto w-full max-w-[1100px] px-3 py-6 sm:px-4 sm:py-10 lg:px-6"
    >
      {!loggedIn ? (
        <AgentSignIn LoginForm={LoginForm} />
      ) : member && !isAgent ? (
        <NotAgent />
      ) : isAgent ? (
        <AgentDashboard Centre={Centre} />
      ) : (
        <Busy />
      )}
    </section>
  );
};

const Busy = () => (
  <div className="grid min-h-40 place-items-center" role="status">
    <Spinner className="size-6" />
  </div>
);

const Frame = ({
  icon,
  title,
  lead,
  children,
}: {
  icon: ReactNode;
  title: string;
  lead?: string;
  children?: ReactNode;
}) => (
  <div className="relative isolate overflow-hidden rounded-3xl bg-surface px-5 py-8 shadow-card ring-1 ring-line sm:px-10 sm:py-10">
    <div
      aria-hidden="true"
      className="absolute inset-x-0 top-0 -z-10 h-36 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklab,var(--brand)_20%,transparent),transparent)]"
    />
    <span className="mx-auto mb-4 grid size-14 place-items-center rounded-3xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg shadow-[0_12px_30px_-12px_var(--brand)]">
      {icon}
    </span>
    <h1 className="text-center text-2xl font-black tracking-tight sm:text-3xl">{title}</h1>
    {lead ? (
      <p className="mx-auto mt-2 max-w-lg text-center text-sm leading-relaxed text-muted">{lead}</p>
    ) : null}
    {children}
  </div>
);

/** A visitor: the agent sign-in (username and password, the member login's captcha and human-verification rules). */
const AgentSignIn = ({ LoginForm }: { LoginForm: AgentLoginForm }) => {
  const { t } = useTranslation('auth');
  return (
    <Frame
      icon={<Briefcase aria-hidden="true" className="size-7" />}
      title={t('agent.signInTitle')}
      lead={t('agent.signInLead')}
    >
      <div className="mx-auto mt-6 w-full max-w-sm" data-testid="agent-sign-in">
        <LoginForm site="agent" />
      </div>
    </Frame>
  );
};

/** A signed-in account that is not an agent. */
const NotAgent = () => {
  const { t } = useTranslation('auth');
  return (
    <Frame icon={<ShieldX aria-hidden="true" className="size-7" />} title={t('agent.refusedTitle')}>
      <p
        className="mx-auto mt-3 max-w-lg text-center text-sm leading-relaxed text-muted"
        data-testid="agent-refused"
      >
        {t('agent.refused')}
      </p>
      <div className="mt-6 flex justify-center">
        <Link to="/" className={buttonClass('secondary', 'md')} data-testid="agent-home-link">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('agent.backHome')}
        </Link>
      </div>
    </Frame>
  );
};

const dateTime = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDay(dayKey(d))} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const Fact = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <div className="min-w-0 rounded-2xl bg-surface-2/70 p-3.5 ring-1 ring-line">
    <dt className="text-xs text-muted">{label}</dt>
    <dd className="mt-1 truncate font-semibold" data-testid={testId}>
      {children}
    </dd>
  </div>
);

/** A signed-in agent: account, type, affiliate code and invitation link, the downline 15 a page. */
const AgentDashboard = ({ Centre }: { Centre?: AgentCentrePart | undefined }) => {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [copied, setCopied] = useState(false);
  const query = useQuery({
    queryKey: ['agent-home', page],
    queryFn: () => callApi('agentHome', { query: { page } }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <Busy />;
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3">
        <FormAlert>{errorText(query.error)}</FormAlert>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => void query.refetch()}>
          {t('agent.retry')}
        </button>
      </div>
    );
  }
  const home: AgentHome = query.data;
  const link = home.affiliateCode
    ? `${window.location.origin}/register?affiliateCode=${encodeURIComponent(home.affiliateCode)}`
    : null;
  const totalPages = Math.max(1, Math.ceil(home.downline.total / home.downline.pageSize));
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="flex flex-col gap-5" data-testid="agent-dashboard">
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg">
          <Briefcase aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-black tracking-tight sm:text-2xl">{t('agent.title')}</h1>
          <p className="truncate text-sm text-muted">{home.nickname || home.account}</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Fact label={t('agent.account')} testId="agent-account">
          {home.account}
        </Fact>
        <Fact label={t('agent.typeLabel')} testId="agent-type">
          {t('agent.type', { type: home.type })}
        </Fact>
        <Fact label={t('agent.affiliateCode')} testId="agent-code">
          {home.affiliateCode ?? '—'}
        </Fact>
        <Fact label={t('agent.since')}>{formatDay(dayKey(new Date(home.regDate)))}</Fact>
      </dl>
      {link ? (
        <div className="flex flex-col gap-2 rounded-2xl bg-surface-2/70 p-3.5 ring-1 ring-line sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-muted">{t('agent.inviteLink')}</p>
            <p className="truncate font-mono text-[0.8125rem]" data-testid="agent-invite-link">
              {link}
            </p>
          </div>
          <button
            type="button"
            className={buttonClass('secondary', 'sm', 'shrink-0')}
            onClick={() => void copy()}
          >
            <Copy aria-hidden="true" className="size-4" />
            {copied ? t('agent.copied') : t('agent.copy')}
          </button>
        </div>
      ) : null}

      {Centre ? <Centre /> : null}

      <section
        className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-5"
        data-testid="agent-downline"
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-base font-bold">
            <Users aria-hidden="true" className="size-4.5 text-brand" />
            {t('agent.downline')}
          </h2>
          <span className="text-sm text-muted" data-testid="agent-downline-total">
            {t('agent.downlineTotal', { count: home.downline.total })}
          </span>
        </div>
        {home.downline.items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
            {t('agent.downlineEmpty')}
          </p>
        ) : (
          <>
            {/* Phones: one card a member. */}
            <ul className="flex flex-col gap-2 md:hidden">
              {home.downline.items.map((m) => (
                <li
                  key={m.account}
                  className="rounded-xl bg-surface-2/70 p-3 text-sm ring-1 ring-line"
                  data-testid="agent-downline-row"
                >
                  <div className="flex items-center justify-between gap-2">
                    <span className="truncate font-semibold">{m.account}</span>
                    <StatusText status={m.status} />
                  </div>
                  <div className="mt-1 grid grid-cols-2 gap-2 text-xs text-muted">
                    <span>
                      {t('agent.joined')}: {formatDay(dayKey(new Date(m.regDate)))}
                    </span>
                    <span className="text-right">
                      {t('agent.lastLogin')}: {m.lastLoginAt ? dateTime(m.lastLoginAt) : t('agent.never')}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
            {/* Wider screens: a table. */}
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-muted">
                  <tr className="border-b border-line">
                    <th className="py-2 pr-3 font-medium">{t('agent.account')}</th>
                    <th className="py-2 pr-3 font-medium">{t('agent.nickname')}</th>
                    <th className="py-2 pr-3 font-medium">{t('agent.joined')}</th>
                    <th className="py-2 pr-3 font-medium">{t('agent.lastLogin')}</th>
                    <th className="py-2 font-medium">{t('agent.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {home.downline.items.map((m) => (
                    <tr
                      key={m.account}
                      className="border-b border-line/60 last:border-0"
                      data-testid="agent-downline-row"
                    >
                      <td className="py-2.5 pr-3 font-semibold">{m.account}</td>
                      <td className="py-2.5 pr-3">{m.nickname}</td>
                      <td className="py-2.5 pr-3 tabular-nums">{formatDay(dayKey(new Date(m.regDate)))}</td>
                      <td className="py-2.5 pr-3 tabular-nums">
                        {m.lastLoginAt ? dateTime(m.lastLoginAt) : t('agent.never')}
                      </td>
                      <td className="py-2.5">
                        <StatusText status={m.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {totalPages > 1 ? (
          <nav
            aria-label={t('agent.pages')}
            className="mt-4 flex items-center justify-center gap-3"
            data-testid="agent-pager"
          >
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={query.isFetching || page <= 1}
              onClick={() => setPage(page - 1)}
              data-testid="agent-pager-prev"
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              {t('agent.prev')}
            </button>
            <span className="text-sm text-muted tabular-nums" data-testid="agent-pager-status">
              {t('agent.pageOf', { page: home.downline.page, total: totalPages })}
            </span>
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={query.isFetching || page >= totalPages}
              onClick={() => setPage(page + 1)}
              data-testid="agent-pager-next"
            >
              {t('agent.next')}
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </nav>
        ) : null}
      </section>
    </div>
  );
};

const StatusText = ({ status }: { status: 'active' | 'locked' }) => {
  const { t } = useTranslation('auth');
  return (
    <span
      className={
        status === 'active'
          ? 'text-xs font-semibold text-emerald-600 dark:text-emerald-400'
          : 'text-xs font-semibold text-red-600 dark:text-red-400'
      }
    >
      {t(`agent.status_${status}`)}
    </span>
  );
};
