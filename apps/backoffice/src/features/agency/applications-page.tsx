import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { formatTime } from '../../shared/ui/table';
import { AgencyTabs } from './agency-tabs';

const STATES = ['new', 'approved', 'rejected'] as const;
type Status = (typeof STATES)[number];
type Application = {
  id: number;
  name: string;
  contact: string;
  channel: string;
  message: string;
  status: Status;
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  reason: string | null;
  account: string | null;
};

/** One new application's decision: a reason, and on approval an optional member account to make the agent. */
const Decision = ({ application }: { application: Application }) => {
  const { t } = useTranslation('agency');
  const { merchant } = useMerchant();
  const [reason, setReason] = useState('');
  const [account, setAccount] = useState('');
  const decide = useAction(
    (approve: boolean) =>
      requestBo<Application>(endpoints.boAgencyApplicationDecide, {
        body: {
          merchant,
          id: application.id,
          approve,
          reason: reason.trim(),
          ...(approve && account.trim() ? { account: account.trim() } : {}),
        },
      }),
    {
      invalidate: [['bo', 'agency', 'applications']],
      success: (r) => t(`applicationsPage.${r.status === 'approved' ? 'approvedToast' : 'rejectedToast'}`),
    },
  );
  const ok = reason.trim().length >= 2;
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
      <Field label={t('applicationsPage.reason')}>
        <Input
          value={reason}
          maxLength={300}
          data-testid={`bo-application-${application.id}-reason`}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Field label={t('applicationsPage.account')} hint={t('applicationsPage.accountHint')}>
        <Input
          value={account}
          maxLength={32}
          data-testid={`bo-application-${application.id}-account`}
          onChange={(e) => setAccount(e.target.value)}
        />
      </Field>
      <Button
        variant="primary"
        disabled={!ok || decide.isPending}
        data-testid={`bo-application-${application.id}-approve`}
        onClick={() => decide.mutate(true)}
      >
        {t('applicationsPage.approve')}
      </Button>
      <Button
        disabled={!ok || decide.isPending}
        data-testid={`bo-application-${application.id}-reject`}
        onClick={() => decide.mutate(false)}
      >
        {t('applicationsPage.reject')}
      </Button>
    </div>
  );
};

/**
 * The join page's agent applications (ADR 059): filtered by status; a new one is approved or
 * rejected once, with a reason. Approval with a member account makes that member an agent with
 * platform contracts copied from the templates in force.
 */
export const ApplicationsPage = () => {
  const { t, i18n } = useTranslation('agency');
  const { merchant } = useMerchant();
  const can = useCan();
  const [status, setStatus] = useState<Status | ''>('new');
  const list = useQuery({
    queryKey: ['bo', 'agency', 'applications', merchant, status],
    enabled: Boolean(merchant),
    queryFn: () =>
      requestBo<{ items: Application[] }>(endpoints.boAgencyApplications, {
        query: { merchant, ...(status ? { status } : {}) },
      }),
  });
  const items = list.data?.items ?? [];
  return (
    <div className="flex flex-col gap-4" data-testid="bo-agency-applications">
      <PageTitle title={t('title')} />
      <AgencyTabs />
      <Card
        title={t('applications')}
        actions={
          <Field label={t('applicationsPage.status')}>
            <Select
              value={status}
              data-testid="bo-applications-status"
              onChange={(e) => setStatus(e.target.value as Status | '')}
            >
              <option value="">{t('applicationsPage.all')}</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`applicationsPage.states.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
        }
      >
        <ul className="flex flex-col text-sm" data-testid="bo-applications-list">
          {items.length === 0 && list.isSuccess ? (
            <li className="text-muted">{t('applicationsPage.none')}</li>
          ) : null}
          {items.map((a) => (
            <li key={a.id} className="border-line border-t py-2" data-testid={`bo-application-${a.id}`}>
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">
                  {a.name} · {t(`applicationsPage.channels.${a.channel}`, { defaultValue: a.channel })}:{' '}
                  {a.contact}
                </span>
                <span className="text-muted">{formatTime(a.createdAt, i18n.language)}</span>
              </div>
              {a.message ? <p className="text-muted">{a.message}</p> : null}
              {a.status === 'new' ? (
                can('agency.write') ? (
                  <Decision application={a} />
                ) : null
              ) : (
                <p data-testid={`bo-application-${a.id}-decision`}>
                  {t(`applicationsPage.states.${a.status}`)} · {a.decidedBy} ·{' '}
                  {formatTime(a.decidedAt ?? 0, i18n.language)} — {a.reason}
                  {a.account ? ` · ${t('applicationsPage.agent', { account: a.account })}` : ''}
                </p>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
};
