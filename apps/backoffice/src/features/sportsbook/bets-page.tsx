import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select, Toggle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { formatTime } from '../../shared/ui/table';
import { type BoBet, decimalOdds, money, SportsbookTabs } from './shared';

/** A settled bet's results (the contract's SPORTSBOOK_BET_RESULTS). */
const BET_RESULTS = [
  'won',
  'lost',
  'void',
  'half_won',
  'half_lost',
  'push',
  'cashed_out',
  'dead_heat',
] as const;

type CashOutRule = { version: number; enabled: boolean; marginBp: number };
const RULE_KEY = ['bo', 'sportsbook', 'cashout'];

/** The cash-out setting in force: on or off and the margin (a new rule version for bets from now on). */
const CashOutCard = () => {
  const { t } = useTranslation('sportsbook');
  const { merchant } = useMerchant();
  const can = useCan();
  const rule = useQuery({
    queryKey: [...RULE_KEY, merchant],
    enabled: Boolean(merchant),
    queryFn: () => requestBo<CashOutRule>(endpoints.boSportsbookCashOutRuleGet, { query: { merchant } }),
  });
  const [draft, setDraft] = useState<{ enabled: boolean; margin: string } | null>(null);
  const [seen, setSeen] = useState<CashOutRule | undefined>(undefined);
  if (seen !== rule.data) {
    setSeen(rule.data);
    setDraft(
      rule.data ? { enabled: rule.data.enabled, margin: (rule.data.marginBp / 100).toFixed(2) } : null,
    );
  }
  const [reason, setReason] = useState('');
  const save = useAction(
    (body: Record<string, unknown>) => requestBo<CashOutRule>(endpoints.boSportsbookCashOutRule, { body }),
    { invalidate: [RULE_KEY], success: (v) => t('cashOut.saved', { version: v.version }) },
  );
  const marginBp =
    draft && /^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(draft.margin) ? Math.round(Number(draft.margin) * 100) : null;
  const ready = marginBp !== null && marginBp <= 5000 && reason.trim().length > 0 && !save.isPending;
  return (
    <Card title={t('cashOut.title')}>
      {rule.isPending ? <PageLoading /> : null}
      {draft && rule.data ? (
        <form
          className="grid gap-2"
          data-testid="bo-sb-cashout-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready) save.mutate({ merchant, enabled: draft.enabled, marginBp, reason });
          }}
        >
          <p className="text-muted text-xs" data-testid="bo-sb-cashout-version">
            {t('cashOut.version', { version: rule.data.version })}
          </p>
          <div className="flex items-center gap-2">
            <Toggle
              checked={draft.enabled}
              disabled={!can('sportsbook.write')}
              onChange={(v) => setDraft({ ...draft, enabled: v })}
              label={t('cashOut.enabled')}
              testId="bo-sb-cashout-enabled"
            />
            <span className="text-sm">{t('cashOut.enabled')}</span>
          </div>
          <Field label={t('cashOut.margin')} hint={t('cashOut.marginHint')}>
            <Input
              inputMode="decimal"
              value={draft.margin}
              disabled={!can('sportsbook.write')}
              data-testid="bo-sb-cashout-margin"
              onChange={(e) => setDraft({ ...draft, margin: e.target.value.trim() })}
            />
          </Field>
          {can('sportsbook.write') ? (
            <>
              <Field label={t('reason')}>
                <Input
                  value={reason}
                  data-testid="bo-sb-cashout-reason"
                  onChange={(e) => setReason(e.target.value)}
                />
              </Field>
              <div>
                <Button type="submit" variant="primary" disabled={!ready} data-testid="bo-sb-cashout-save">
                  {t('cashOut.save')}
                </Button>
              </div>
            </>
          ) : null}
        </form>
      ) : null}
    </Card>
  );
};

/** A bet's legs in one line: event, market, pick, odds (and its outcome once settled). */
const Legs = ({ bet }: { bet: BoBet }) => {
  const { t } = useTranslation('sportsbook');
  return (
    <ul className="grid gap-0.5">
      {bet.legs.map((leg) => (
        <li key={`${leg.eventId}-${leg.marketKind}-${leg.selectionCode}`}>
          {leg.event} · {t(`kind.${leg.marketKind}`)} · {t(`code.${leg.selectionCode}`)} @{' '}
          {decimalOdds(leg.odds)}
          {leg.outcome ? ` · ${t(`outcome.${leg.outcome}`)}` : ''}
        </li>
      ))}
    </ul>
  );
};

/**
 * The bet search (issue 21, ADR 050): a merchant's bets, newest first, by member id, status and
 * result (cashed-out and partly cashed-out bets with their amounts), and the cash-out setting.
 */
export const BetsPage = () => {
  const { t, i18n } = useTranslation('sportsbook');
  const { merchant } = useMerchant();
  const [draft, setDraft] = useState({ memberId: '', status: '', result: '' });
  const [filters, setFilters] = useState(draft);
  const bets = useQuery({
    queryKey: ['bo', 'sportsbook', 'bets', merchant, filters],
    enabled: Boolean(merchant),
    queryFn: () =>
      requestBo<BoBet[]>(endpoints.boSportsbookBets, {
        query: {
          merchant,
          memberId: filters.memberId ? Number(filters.memberId) : undefined,
          status: filters.status || undefined,
          result: filters.result || undefined,
          count: 100,
        },
      }),
  });
  return (
    <div data-testid="page-bo-sportsbook-bets">
      <PageTitle title={t('title')} />
      <SportsbookTabs />
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <div>
          <form
            className="mb-3 grid grid-cols-1 gap-2 sm:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              setFilters(draft);
            }}
          >
            <Field label={t('bets.member')}>
              <Input
                inputMode="numeric"
                value={draft.memberId}
                data-testid="bo-sb-bets-member"
                onChange={(e) => setDraft({ ...draft, memberId: e.target.value.replace(/[^0-9]/g, '') })}
              />
            </Field>
            <Field label={t('bets.status')}>
              <Select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
                <option value="">{t('bets.any')}</option>
                <option value="open">{t('bets.open')}</option>
                <option value="settled">{t('bets.settled')}</option>
              </Select>
            </Field>
            <Field label={t('bets.result')}>
              <Select
                value={draft.result}
                data-testid="bo-sb-bets-result"
                onChange={(e) => setDraft({ ...draft, result: e.target.value })}
              >
                <option value="">{t('bets.any')}</option>
                {BET_RESULTS.map((r) => (
                  <option key={r} value={r}>
                    {t(`result.${r}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="flex items-end">
              <Button type="submit" variant="primary" data-testid="bo-sb-bets-search">
                {t('bets.search')}
              </Button>
            </div>
          </form>
          {bets.isPending ? <PageLoading /> : null}
          {bets.isError ? (
            <p role="alert" className="text-danger text-sm">
              {errorText(bets.error)}
            </p>
          ) : null}
          {bets.data?.length === 0 ? <p className="text-muted text-sm">{t('bets.none')}</p> : null}
          {bets.data && bets.data.length > 0 ? (
            <div className="overflow-x-auto rounded-lg border border-line bg-surface">
              <table className="w-full text-sm" data-testid="bo-sb-bets-table">
                <thead>
                  <tr className="border-line border-b text-left text-muted text-xs">
                    <th className="p-2">{t('bets.placed')}</th>
                    <th className="p-2">{t('bets.member')}</th>
                    <th className="p-2">{t('bets.legs')}</th>
                    <th className="p-2 text-right">{t('bets.stake')}</th>
                    <th className="p-2 text-right">{t('bets.payout')}</th>
                    <th className="p-2">{t('bets.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {bets.data.map((bet) => (
                    <tr key={bet.id} className="border-line border-b align-top" data-testid="bo-sb-bet">
                      <td className="whitespace-nowrap p-2">{formatTime(bet.placedAt, i18n.language)}</td>
                      <td className="p-2">#{bet.memberId}</td>
                      <td className="p-2 text-xs">
                        <span className="text-muted">{t(`betKind.${bet.kind}`)}</span>
                        <Legs bet={bet} />
                      </td>
                      <td className="whitespace-nowrap p-2 text-right tabular-nums">
                        {money(bet.stakeMinor)}
                        {bet.cashedOutStakeMinor !== '0' ? (
                          <div className="text-muted text-xs">
                            {t('bets.partly', {
                              stake: money(bet.cashedOutStakeMinor),
                              paid: money(bet.cashedOutMinor),
                            })}
                          </div>
                        ) : null}
                      </td>
                      <td className="whitespace-nowrap p-2 text-right tabular-nums">
                        {money(bet.payoutMinor)}
                      </td>
                      <td className="p-2" data-testid="bo-sb-bet-result">
                        {bet.result ? t(`result.${bet.result}`) : t('bets.open')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
        <div className="grid content-start gap-4">
          <CashOutCard />
        </div>
      </div>
    </div>
  );
};
