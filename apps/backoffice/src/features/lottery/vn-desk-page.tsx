import type { RouteValue } from '@khela/contract';
import { endpoints } from '@khela/contract/browser';
import type { VnResult } from '@khela/fair';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan, useStaff } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { formatTime } from '../../shared/ui/table';
import { type LotteryRoutes, LotteryTabs, money } from './shared';
import { VnResultForm } from './vn-result-form';

type Draw = RouteValue<LotteryRoutes['boVnDraws']>['draws'][number];
type Approved = RouteValue<LotteryRoutes['boVnResultApprove']>;
const STATUSES = ['awaiting', 'entered', 'settled', 'corrected', 'void'] as const;
const TONE: Record<Draw['deskStatus'], string> = {
  awaiting: 'bg-surface-2 text-muted',
  entered: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  settled: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  corrected: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  void: 'bg-danger/15 text-danger',
};

/** A result in the official layout: one line per prize. */
const ResultTable = ({ result, testId }: { result: VnResult | Omit<VnResult, 'region'>; testId: string }) => {
  const { t } = useTranslation('lottery');
  return (
    <dl className="grid grid-cols-[3rem_1fr] gap-x-2 gap-y-0.5 text-sm" data-testid={testId}>
      {result.prizes.map((p) => (
        <div key={p.prize} className="contents">
          <dt className="font-semibold">{t(`vn.prize.${p.prize}`)}</dt>
          <dd className="font-mono tabular-nums">{p.numbers.join(' · ')}</dd>
        </div>
      ))}
    </dl>
  );
};

/** What a correction's re-settlement moved: payouts before and after, the difference, what is owed. */
const DeltaSummary = ({ out }: { out: Approved }) => {
  const { t } = useTranslation('lottery');
  const rows: [string, string][] = [
    [t('vn.delta.bets'), String(out.delta.bets)],
    [t('vn.delta.before'), money(out.delta.paidBeforeMinor)],
    [t('vn.delta.after'), money(out.delta.paidAfterMinor)],
    [t('vn.delta.delta'), money(out.delta.deltaMinor)],
    [t('vn.delta.owed'), money(out.delta.owedMinor)],
  ];
  return (
    <div
      className="rounded-md border border-line bg-surface-2 p-3 text-sm"
      data-testid="vn-delta-summary"
      role="status"
    >
      <p className="mb-1 font-semibold">
        {out.delta.corrected
          ? t('vn.delta.titleCorrected', { version: out.resultVersion })
          : t('vn.delta.titleFirst')}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
};

const DrawCard = ({ draw, onChanged }: { draw: Draw; onChanged: () => void }) => {
  const { t, i18n } = useTranslation('lottery');
  const { merchant } = useMerchant();
  const me = useStaff().username;
  const canWrite = useCan()('lottery.write');
  const [entering, setEntering] = useState(false);
  const [approved, setApproved] = useState<Approved | null>(null);
  const enter = useAction(
    (prizes: VnResult['prizes']) =>
      requestBo<{ id: string }>(endpoints.boVnResultEnter, {
        body: { merchant, issueNo: draw.issueNo, result: { prizes } },
      }),
    {
      invalidate: [['bo', 'lottery', 'vn']],
      success: t('vn.entered'),
      onSuccess: () => {
        setEntering(false);
        onChanged();
      },
    },
  );
  const approve = useAction(
    (entryId: string) => requestBo<Approved>(endpoints.boVnResultApprove, { body: { merchant, entryId } }),
    {
      invalidate: [['bo', 'lottery', 'vn']],
      success: t('vn.approved'),
      onSuccess: (out) => setApproved(out),
    },
  );
  const [voiding, setVoiding] = useState(false);
  const [voidReason, setVoidReason] = useState('');
  const voidDraw = useAction(
    (reason: string) =>
      requestBo<{ voided: boolean; refunded: number }>(endpoints.boVnVoid, {
        body: { merchant, issueNo: draw.issueNo, reason },
      }),
    {
      invalidate: [['bo', 'lottery', 'vn']],
      success: (out) => t('vn.voided', { count: out.refunded }),
      onSuccess: () => setVoiding(false),
    },
  );
  const drawn = draw.drawsAt <= Date.now();
  const canEnter = canWrite && draw.deskStatus !== 'void' && draw.deskStatus !== 'entered' && drawn;
  const ownEntry = draw.pending?.enteredBy === me;
  return (
    <div data-testid={`vn-draw-${draw.issueNo}`}>
      <Card
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span>
              {draw.stationName} <code className="text-muted text-xs">{draw.issueNo}</code>
            </span>
            <span
              className={`rounded-full px-2 py-0.5 font-medium text-xs ${TONE[draw.deskStatus]}`}
              data-testid={`vn-status-${draw.issueNo}`}
              data-status={draw.deskStatus}
            >
              {t(`vn.status.${draw.deskStatus}`)}
            </span>
          </span>
        }
        actions={
          <>
            {canEnter && !entering && (
              <Button data-testid={`vn-enter-${draw.issueNo}`} onClick={() => setEntering(true)}>
                {draw.result ? t('vn.correct') : t('vn.enter')}
              </Button>
            )}
            {canWrite && draw.deskStatus === 'awaiting' && !voiding && (
              <Button
                variant="ghost"
                data-testid={`vn-void-${draw.issueNo}`}
                onClick={() => setVoiding(true)}
              >
                {t('vn.void')}
              </Button>
            )}
          </>
        }
      >
        <p className="mb-2 text-muted text-xs">
          {t(`vn.region.${draw.region}`)} · {t('vn.drawsAt', { at: formatTime(draw.drawsAt, i18n.language) })}{' '}
          · {t('vn.bets', { count: draw.bets })} · {t('vn.paid', { amount: money(draw.paidMinor) })}
          {draw.owedMinor !== '0' && <> · {t('vn.owed', { amount: money(draw.owedMinor) })}</>}
          {draw.resultVersion > 0 && <> · {t('vn.version', { version: draw.resultVersion })}</>}
        </p>
        {voiding && (
          <form
            className="mb-3 flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (voidReason.trim()) voidDraw.mutate(voidReason.trim());
            }}
          >
            <Field label={t('vn.voidReasonLabel')} className="min-w-48 flex-1">
              <Input
                data-testid="vn-void-reason"
                required
                maxLength={200}
                value={voidReason}
                onChange={(e) => setVoidReason(e.target.value)}
              />
            </Field>
            <Button onClick={() => setVoiding(false)}>{t('vn.cancel')}</Button>
            <Button
              type="submit"
              variant="danger"
              pending={voidDraw.isPending}
              disabled={!voidReason.trim()}
              data-testid="vn-void-submit"
            >
              {t('vn.voidSubmit')}
            </Button>
          </form>
        )}
        {draw.voidReason && (
          <p className="mb-2 text-danger text-sm">{t('vn.voidReason', { reason: draw.voidReason })}</p>
        )}
        {draw.result && !entering && (
          <ResultTable result={draw.result} testId={`vn-result-${draw.issueNo}`} />
        )}
        {draw.pending && (
          <div className="mt-3 rounded-md border border-amber-500/40 p-3">
            <p className="mb-2 text-sm">
              {t('vn.pendingBy', {
                by: draw.pending.enteredBy ?? '—',
                at: formatTime(draw.pending.enteredAt, i18n.language),
              })}
            </p>
            <ResultTable result={draw.pending.result} testId={`vn-pending-${draw.issueNo}`} />
            {ownEntry && (
              <p className="mt-2 text-amber-700 text-sm dark:text-amber-300" data-testid="vn-own-entry">
                {t('vn.ownEntry')}
              </p>
            )}
            {canWrite && (
              <div className="mt-2 flex justify-end">
                <Button
                  variant="primary"
                  data-testid={`vn-approve-${draw.issueNo}`}
                  pending={approve.isPending}
                  onClick={() => draw.pending && approve.mutate(draw.pending.id)}
                >
                  {t('vn.approve')}
                </Button>
              </div>
            )}
            {approve.error && (
              <p role="alert" className="mt-2 text-danger text-sm" data-testid="vn-approve-error">
                {errorText(approve.error)}
              </p>
            )}
          </div>
        )}
        {entering && (
          <div className="mt-3">
            {draw.result && <p className="mb-2 text-muted text-sm">{t('vn.correctionNote')}</p>}
            <VnResultForm
              region={draw.region}
              issueNo={draw.issueNo}
              initial={draw.result?.prizes ?? null}
              pending={enter.isPending}
              onSubmit={(prizes) => enter.mutate(prizes)}
              onCancel={() => setEntering(false)}
            />
          </div>
        )}
        {approved && (
          <div className="mt-3">
            <DeltaSummary out={approved} />
          </div>
        )}
      </Card>
    </div>
  );
};

/** Today in Vietnam (UTC+7 all year), as the desk's default day. */
const vnToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

/**
 * The Vietnamese lotteries' results desk (ADR 046, screen ADR 051): one day's draws by region and
 * station with their status; enter a result in the official structure, a second staff member
 * approves it (its author cannot: the server refuses, the screen says so), correct a settled
 * result (re-settled as deltas, summary shown). Every action is audited by the server.
 */
export const VnDeskPage = () => {
  const { t } = useTranslation('lottery');
  const { merchant } = useMerchant();
  const blank = { date: vnToday(), region: '', station: '', status: '' };
  const [draft, setDraft] = useState(blank);
  const [filters, setFilters] = useState(blank);
  const query = {
    merchant,
    date: filters.date || undefined,
    region: filters.region || undefined,
    station: filters.station.trim().toUpperCase() || undefined,
    status: filters.status || undefined,
  };
  const result = useQuery({
    queryKey: ['bo', 'lottery', 'vn', 'draws', query],
    queryFn: () => requestBo<RouteValue<LotteryRoutes['boVnDraws']>>(endpoints.boVnDraws, { query }),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  return (
    <div data-testid="bo-lottery-vn">
      <PageTitle title={t('title')} />
      <LotteryTabs />
      <form onSubmit={submit} className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <Field label={t('vn.date')}>
          <Input
            type="date"
            data-testid="vn-filter-date"
            value={draft.date}
            onChange={(e) => setDraft({ ...draft, date: e.target.value })}
          />
        </Field>
        <Field label={t('vn.regionLabel')}>
          <Select value={draft.region} onChange={(e) => setDraft({ ...draft, region: e.target.value })}>
            <option value="">{t('vn.any')}</option>
            {(['north', 'central', 'south'] as const).map((r) => (
              <option key={r} value={r}>
                {t(`vn.region.${r}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('vn.station')}>
          <Input
            value={draft.station}
            maxLength={8}
            onChange={(e) => setDraft({ ...draft, station: e.target.value })}
          />
        </Field>
        <Field label={t('vn.statusLabel')}>
          <Select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
            <option value="">{t('vn.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`vn.status.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="submit" variant="primary" data-testid="vn-filter-submit">
            {t('bets.filter')}
          </Button>
        </div>
      </form>
      {result.error && (
        <p role="alert" className="text-danger text-sm">
          {errorText(result.error)}
        </p>
      )}
      {result.data && result.data.draws.length === 0 && <p className="text-muted text-sm">{t('vn.none')}</p>}
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        {result.data?.draws.map((d) => (
          <DrawCard key={d.issueNo} draw={d} onChanged={() => void result.refetch()} />
        ))}
      </div>
    </div>
  );
};
