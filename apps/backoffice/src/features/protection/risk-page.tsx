import { endpoints } from '@khela/contract/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Field, Input, Select } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { ListScreen } from '../../shared/ui/list-screen';
import { type Column, formatTime } from '../../shared/ui/table';
import { ProtectionTabs } from './shared';

const KINDS = ['sharedPayout', 'sharedDevice', 'rapidCycle'] as const;
const STATUSES = ['open', 'cleared', 'confirmed'] as const;

type RiskRow = {
  id: number;
  memberId: number;
  username: string;
  merchant: string;
  kind: (typeof KINDS)[number];
  detail: Record<string, unknown>;
  firstSeenAt: number;
  lastSeenAt: number;
  status: (typeof STATUSES)[number];
  decidedAt: number | null;
  note: string | null;
};

const RISK_KEY = ['bo', 'protection', 'risk'];

/** Minor units as an amount with 2 places. */
const amountOf = (minor: unknown) => {
  const n = Number(minor ?? 0);
  return (n / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
};

/** What the scan found, in words: the other members, the masked account, the cycle's amounts. */
const Finding = ({ row }: { row: RiskRow }) => {
  const { t } = useTranslation('protection');
  const d = row.detail;
  const others = ((d.members ?? []) as { id: number; username: string }[])
    .map((m) => `${m.username} (#${m.id})`)
    .join(', ');
  if (row.kind === 'sharedPayout')
    return <span>{t('risk.finding.sharedPayout', { account: `${d.channel} ${d.account}`, others })}</span>;
  if (row.kind === 'sharedDevice')
    return <span>{t('risk.finding.sharedDevice', { ip: String(d.ip ?? ''), others })}</span>;
  return (
    <span>
      {t('risk.finding.rapidCycle', {
        deposit: amountOf(d.deposit),
        withdrawal: amountOf(d.withdrawal),
        minutes: Number(d.minutes ?? 0),
      })}
    </span>
  );
};

/**
 * One flag's decision, with a note: an open flag is cleared (nothing wrong) or confirmed (a real
 * risk; the licence profile may hold withdrawals); a confirmed one can be cleared (lifts the hold).
 */
const Decide = ({ row }: { row: RiskRow }) => {
  const { t } = useTranslation('protection');
  const [note, setNote] = useState('');
  const decide = useAction(
    (body: Record<string, unknown>) => requestBo<RiskRow>(endpoints.boProtectionRiskDecide, { body }),
    { success: t('risk.decided'), invalidate: [RISK_KEY] },
  );
  const ready = note.trim().length >= 3 && !decide.isPending;
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid={`bo-risk-decide-${row.id}`}>
      <Field label={t('risk.note')}>
        <Input value={note} data-testid="bo-risk-note" onChange={(e) => setNote(e.target.value)} />
      </Field>
      <Button
        data-testid="bo-risk-clear"
        disabled={!ready}
        onClick={() => decide.mutate({ id: row.id, decision: 'clear', note })}
      >
        {row.status === 'confirmed' ? t('risk.clearConfirmed') : t('risk.clear')}
      </Button>
      {row.status === 'open' ? (
        <Button
          variant="primary"
          data-testid="bo-risk-confirm"
          disabled={!ready}
          onClick={() => decide.mutate({ id: row.id, decision: 'confirm', note })}
        >
          {t('risk.confirm')}
        </Button>
      ) : null}
    </div>
  );
};

/**
 * The risk queue (issue 16, ADR 054): flags of members sharing a payout account or a device and of
 * rapid deposit–withdrawal cycles, oldest open first; staff clear or confirm each with a note, and
 * may run the scan now (it also runs every 10 minutes).
 */
export const RiskPage = () => {
  const { t, i18n } = useTranslation('protection');
  const { merchant } = useMerchant();
  const can = useCan();
  const scan = useAction(
    () => requestBo<{ found: number; added: number }>(endpoints.boProtectionRiskScan, {}),
    { success: t('risk.scanned'), invalidate: [RISK_KEY] },
  );
  const columns: Column<RiskRow>[] = [
    { key: 'member', label: t('register.member'), render: (r) => `${r.username} (#${r.memberId})` },
    { key: 'kind', label: t('risk.kindLabel'), render: (r) => t(`risk.kind.${r.kind}`) },
    { key: 'finding', label: t('risk.finding.label'), render: (r) => <Finding row={r} /> },
    {
      key: 'firstSeenAt',
      label: t('risk.found'),
      render: (r) => formatTime(r.firstSeenAt, i18n.language),
      className: 'whitespace-nowrap',
    },
    {
      key: 'status',
      label: t('register.state'),
      render: (r) => (
        <div className="flex flex-col gap-1">
          {r.status === 'open' ? null : (
            <span data-testid="bo-risk-status">
              {t(`risk.status.${r.status}`)}
              {r.note ? ` · ${r.note}` : ''}
            </span>
          )}
          {r.status !== 'cleared' && can('protection.write') ? <Decide row={r} /> : null}
        </div>
      ),
    },
  ];
  return (
    <ListScreen
      testId="page-bo-protection-risk"
      tableTestId="bo-risk-table"
      title={t('title')}
      tabs={<ProtectionTabs />}
      actions={
        can('protection.write') ? (
          <Button data-testid="bo-risk-scan" disabled={scan.isPending} onClick={() => scan.mutate(undefined)}>
            {scan.isPending ? t('risk.scanning') : t('risk.scan')}
          </Button>
        ) : null
      }
      state={{ filters: { status: 'open', kind: '', member: '' } }}
      queryKey={RISK_KEY}
      query={(list) => ({
        merchant,
        status: list.filters.status || 'open',
        kind: list.filters.kind || undefined,
        member: list.filters.member.trim() || undefined,
      })}
      fetch={(query, page) =>
        requestBo<{ items: RiskRow[]; total: number }>(endpoints.boProtectionRisk, {
          query: { ...query, ...page },
        })
      }
      columns={columns}
      rowKey={(r) => r.id}
      filterClassName="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
      filters={({ draft, set }) => (
        <>
          <Field label={t('register.state')}>
            <Select
              value={draft.status}
              data-testid="bo-risk-filter-status"
              onChange={(e) => set({ status: e.target.value })}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`risk.status.${s}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('risk.kindLabel')}>
            <Select
              value={draft.kind}
              data-testid="bo-risk-filter-kind"
              onChange={(e) => set({ kind: e.target.value })}
            >
              <option value="">{t('register.anyType')}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`risk.kind.${k}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('register.search')}>
            <Input
              value={draft.member}
              data-testid="bo-risk-filter-member"
              onChange={(e) => set({ member: e.target.value })}
            />
          </Field>
          <div className="flex items-end">
            <Button type="submit" variant="primary" data-testid="bo-risk-filter-submit">
              {t('register.filter')}
            </Button>
          </div>
        </>
      )}
    />
  );
};
