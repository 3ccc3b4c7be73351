import type { promotionsBoRoutes, RouteValue } from '@khela/contract';
import { endpoints } from '@khela/contract/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, Select, TextArea } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { money, PromotionsTabs } from './shared';

type Row = RouteValue<(typeof promotionsBoRoutes)['boReferralReport']>['items'][number];
const STATUSES = [
  'registered',
  'deposited',
  'qualified',
  'under_review',
  'not_eligible',
  'rewarded',
] as const;

/** The decision on one friend under review: a reason, then approve (paid once) or reject (never paid). */
const DecisionPanel = ({ row, onClose }: { row: Row; onClose: () => void }) => {
  const { t } = useTranslation('promotions');
  const { merchant } = useMerchant();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const decide = useAction(
    (approve: boolean) =>
      requestBo<{ status: string; bonusId: string | null }>(endpoints.boReferralDecide, {
        body: {
          merchant,
          referrerId: row.referrerId,
          friendId: row.friendId,
          approve,
          reason: reason.trim(),
        },
      }),
    {
      invalidate: [['bo', 'promotions', 'referrals']],
      success: (out) => t('referrals.decided', { status: t(`referrals.status.${out.status}`) }),
      onSuccess: onClose,
    },
  );
  const missing = reason.trim().length === 0;
  const send = (approve: boolean) => {
    setTouched(true);
    if (!missing) decide.mutate(approve);
  };
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="referral-decision-title"
      className="fixed inset-0 z-40 flex items-end justify-center bg-black/40 p-3 sm:items-center"
    >
      <div className="w-full max-w-md" data-testid="referral-decision">
        <Card>
          <h2 id="referral-decision-title" className="mb-2 font-semibold text-lg">
            {t('referrals.decideTitle', { friend: row.friendUsername, referrer: row.referrerUsername })}
          </h2>
          <p className="mb-3 text-muted text-sm">
            {t('referrals.flaggedBecause', {
              reasons: row.flags.map((f) => t(`referrals.flag.${f}`)).join(', '),
            })}
          </p>
          <Field
            label={t('referrals.reason')}
            error={touched && missing ? t('referrals.reasonRequired') : null}
            hint={t('referrals.reasonHint')}
          >
            <TextArea
              data-testid="referral-reason"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <Button onClick={onClose}>{t('referrals.cancel')}</Button>
            <Button
              variant="danger"
              data-testid="referral-reject"
              pending={decide.isPending && decide.variables === false}
              disabled={decide.isPending}
              onClick={() => send(false)}
            >
              {t('referrals.reject')}
            </Button>
            <Button
              variant="primary"
              data-testid="referral-approve"
              pending={decide.isPending && decide.variables === true}
              disabled={decide.isPending}
              onClick={() => send(true)}
            >
              {t('referrals.approve')}
            </Button>
          </div>
        </Card>
      </div>
    </div>
  );
};

/**
 * The referral report (ADR 051): every invited friend of the merchant with their referrer,
 * standing, deposit, turnover, reward paid or not, why they are flagged and the staff decision;
 * filters, CSV; a friend under review is approved or rejected here.
 */
export const ReferralsPage = () => {
  const { t, i18n } = useTranslation('promotions');
  const { merchant } = useMerchant();
  const canWrite = useCan()('promotions.write');
  const [deciding, setDeciding] = useState<Row | null>(null);
  const columns: Column<Row>[] = [
    {
      key: 'referrer',
      label: t('referrals.referrer'),
      render: (r) => (
        <span>
          {r.referrerUsername} <span className="text-muted text-xs">#{r.referrerId}</span>
          <br />
          <code className="text-muted text-xs">{r.code}</code>
        </span>
      ),
    },
    {
      key: 'friend',
      label: t('referrals.friend'),
      render: (r) => (
        <span>
          {r.friendUsername} <span className="text-muted text-xs">#{r.friendId}</span>
          <br />
          <span className="text-muted text-xs">{formatTime(r.registeredAt, i18n.language)}</span>
        </span>
      ),
    },
    {
      key: 'status',
      label: t('referrals.statusLabel'),
      render: (r) => (
        <span data-testid={`referral-status-${r.friendId}`} data-status={r.status}>
          {t(`referrals.status.${r.status}`)}
        </span>
      ),
    },
    {
      key: 'deposit',
      label: t('referrals.deposit'),
      render: (r) => money(r.depositMinor),
      className: 'text-right tabular-nums',
    },
    {
      key: 'turnover',
      label: t('referrals.turnover'),
      render: (r) => money(r.turnoverMinor),
      className: 'text-right tabular-nums',
    },
    {
      key: 'reward',
      label: t('referrals.reward'),
      render: (r) =>
        r.rewardMinor === null
          ? t('referrals.notPaid')
          : t('referrals.paid', { amount: money(r.rewardMinor) }),
    },
    {
      key: 'flags',
      label: t('referrals.flags'),
      render: (r) => (
        <span className="text-xs">
          {r.flags.map((f) => t(`referrals.flag.${f}`)).join(', ')}
          {r.decision && (
            <span className="block text-muted">
              {t(`referrals.decision.${r.decision}`)}: {r.decisionReason} ({r.decidedBy})
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      label: '',
      render: (r) =>
        r.status === 'under_review' && canWrite ? (
          <Button
            variant="primary"
            data-testid={`referral-decide-${r.friendId}`}
            onClick={() => setDeciding(r)}
          >
            {t('referrals.decide')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <ListScreen
        testId="bo-promotions-referrals"
        tableTestId="bo-promo-referrals-table"
        title={t('title')}
        tabs={<PromotionsTabs />}
        state={{ filters: { status: '', flagged: '', referrerId: '' } }}
        queryKey={['bo', 'promotions', 'referrals']}
        query={(list) => ({
          merchant,
          status: list.filters.status || undefined,
          flagged: list.filters.flagged || undefined,
          referrerId: list.filters.referrerId || undefined,
        })}
        fetch={(query, page) =>
          requestBo<{ items: Row[]; total: number }>(endpoints.boReferralReport, {
            query: { ...query, ...page },
          })
        }
        csv={(query) => downloadCsv(endpoints.boReferralReportCsv, query, `referrals-${merchant}.csv`)}
        columns={columns}
        rowKey={(r) => `${r.referrerId}-${r.friendId}`}
        filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
        empty={t('referrals.empty')}
        filters={({ draft, set }) => (
          <>
            <Field label={t('referrals.statusLabel')}>
              <Select
                value={draft.status}
                onChange={(e) => set({ status: e.target.value })}
                data-testid="referral-filter-status"
              >
                <option value="">{t('referrals.any')}</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`referrals.status.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('referrals.flags')}>
              <Select value={draft.flagged} onChange={(e) => set({ flagged: e.target.value })}>
                <option value="">{t('referrals.any')}</option>
                <option value="yes">{t('referrals.flaggedYes')}</option>
                <option value="no">{t('referrals.flaggedNo')}</option>
              </Select>
            </Field>
            <Field label={t('referrals.referrerId')}>
              <Input
                inputMode="numeric"
                value={draft.referrerId}
                data-testid="referral-filter-referrer"
                onChange={(e) => set({ referrerId: e.target.value })}
              />
            </Field>
            <div className="flex items-end">
              <Button type="submit" variant="primary">
                {t('filter')}
              </Button>
            </div>
          </>
        )}
      />
      {deciding && <DecisionPanel row={deciding} onClose={() => setDeciding(null)} />}
    </>
  );
};
