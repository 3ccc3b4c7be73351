import { endpoints } from '@khela/contract/browser';
import { type SlotState, type SpinResult, themeFor, verifyRound } from '@khela/fair';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { Button, Card, PageTitle } from '../../shared/ui/controls';
import { cx } from '../../shared/ui/cx';
import { formatTime } from '../../shared/ui/table';
import { money, type RoundDetail } from './shared';

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <>
    <dt className="text-muted">{label}</dt>
    <dd className="min-w-0 break-all">{children}</dd>
  </>
);

/** Recall of an in-house round: the grid, then each win in turn. */
const Recall = ({ detail }: { detail: RoundDetail }) => {
  const { t } = useTranslation('games');
  const [step, setStep] = useState(0);
  const result = detail.result as unknown as SpinResult | null;
  const theme = useMemo(() => {
    const input = detail.proof?.theme;
    try {
      return input ? themeFor(input) : null;
    } catch {
      return null;
    }
  }, [detail.proof]);
  if (!result || !theme) return <p className="text-muted text-sm">{t('detail.noRecall')}</p>;
  const steps = [null, ...result.wins];
  const win = steps[Math.min(step, steps.length - 1)] ?? null;
  const lit = new Set((win?.cells ?? []).map(([reel, row]) => `${reel}:${row}`));
  return (
    <div className="space-y-3" data-testid="bo-round-recall">
      <div className="grid max-w-sm grid-cols-5 gap-1">
        {[0, 1, 2].flatMap((row) =>
          [0, 1, 2, 3, 4].map((reel) => {
            const symbol = theme.symbols[result.grid[reel]?.[row] ?? 0];
            return (
              <span
                key={`${reel}-${row}`}
                title={symbol?.label}
                className={cx(
                  'grid aspect-square place-items-center rounded text-xl',
                  win && (lit.has(`${reel}:${row}`) ? 'ring-2 ring-accent' : 'opacity-40'),
                )}
                style={{ background: symbol?.color }}
              >
                {symbol?.glyph}
              </span>
            );
          }),
        )}
      </div>
      <p className="text-sm">
        {win
          ? t('detail.win', {
              kind: win.kind,
              line: win.line === null ? '—' : win.line + 1,
              count: win.count,
              amount: money(String(win.winMinor)),
            })
          : t('detail.stops', { stops: result.stops.join(', '), multiplier: result.multiplier })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          data-testid="bo-recall-prev"
          onClick={() => setStep((s) => Math.max(0, s - 1))}
          disabled={step === 0}
        >
          {t('detail.prev')}
        </Button>
        <span className="text-muted text-sm" data-testid="bo-recall-step">
          {Math.min(step, steps.length - 1) + 1} / {steps.length}
        </span>
        <Button
          data-testid="bo-recall-next"
          onClick={() => setStep((s) => Math.min(steps.length - 1, s + 1))}
          disabled={step >= steps.length - 1}
        >
          {t('detail.next')}
        </Button>
      </div>
    </div>
  );
};

/** The fairness proof, recomputed here with @khela/fair once the server seed is revealed. */
const Proof = ({ proof }: { proof: NonNullable<RoundDetail['proof']> }) => {
  const { t } = useTranslation('games');
  const check = useMemo(
    () =>
      proof.serverSeed
        ? verifyRound({
            serverSeed: proof.serverSeed,
            serverSeedHash: proof.commitment,
            clientSeed: proof.clientSeed,
            nonce: proof.nonce,
            theme: proof.theme,
            betMinor: proof.betMinor,
            state: proof.state as unknown as SlotState | null,
            jackpotOdds: proof.jackpotOdds,
            recorded: proof.recorded,
          })
        : null,
    [proof],
  );
  return (
    <div className="space-y-3" data-testid="bo-round-proof">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Row label={t('detail.commitment')}>
          <code className="text-xs">{proof.commitment}</code>
        </Row>
        <Row label={t('detail.serverSeed')}>
          <code className="text-xs">{proof.serverSeed ?? t('detail.notRevealed')}</code>
        </Row>
        <Row label={t('detail.clientSeed')}>
          <code className="text-xs">{proof.clientSeed}</code>
        </Row>
        <Row label={t('detail.nonce')}>{proof.nonce}</Row>
        <Row label={t('detail.bet')}>{money(String(proof.betMinor))}</Row>
      </dl>
      {check ? (
        <p
          data-testid="bo-proof-result"
          data-ok={check.ok}
          className={cx(
            'rounded-md px-3 py-2 font-semibold text-sm',
            check.ok
              ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300'
              : 'bg-danger/15 text-danger',
          )}
        >
          {check.ok
            ? t('detail.verified')
            : t('detail.mismatch', { fields: check.mismatches.join(', ') || check.error || '—' })}
        </p>
      ) : (
        <p className="text-muted text-sm">{t('detail.verifyLater')}</p>
      )}
    </div>
  );
};

/** One round: amounts, balances, ledger entry; for in-house rounds the recall and the proof. */
export const RoundPage = () => {
  const { t, i18n } = useTranslation('games');
  const { id = '' } = useParams();
  const detail = useQuery({
    queryKey: ['bo', 'games', 'round', id],
    queryFn: () => requestBo<RoundDetail>(endpoints.boGameRound, { query: { id } }),
  });
  const round = detail.data;
  return (
    <div data-testid="bo-game-round">
      <Link to="/games" className="mb-2 inline-flex items-center gap-1 text-accent text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" /> {t('detail.back')}
      </Link>
      <PageTitle title={t('detail.title')} />
      {detail.isError && (
        <p role="alert" className="text-danger text-sm">
          {errorText(detail.error)}
        </p>
      )}
      {round ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={t('detail.round')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <Row label="id">
                <code className="text-xs">{round.id}</code>
              </Row>
              <Row label={t('rounds.member')}>
                {round.username ? `${round.username} (#${round.memberId})` : '—'}
              </Row>
              <Row label={t('rounds.game')}>
                {round.vendorCode} · {round.gameType} · {round.gameNodeId ?? '—'}
              </Row>
              {round.externalRoundId ? <Row label={t('detail.external')}>{round.externalRoundId}</Row> : null}
              <Row label={t('rounds.status')}>
                {t(`status.${round.status}`)}
                {round.cancelReason ? ` (${round.cancelReason})` : ''}
              </Row>
              <Row label={t('rounds.stake')}>{money(round.stakeMinor, round.currency)}</Row>
              <Row label={t('rounds.payout')}>{money(round.payoutMinor, round.currency)}</Row>
              <Row label={t('detail.jackpotWin')}>{money(round.jackpotWinMinor, round.currency)}</Row>
              <Row label={t('detail.jackpotContribution')}>
                {money(round.jackpotContributionMinor, round.currency)}
              </Row>
              <Row label={t('rounds.balance')}>
                {money(round.balanceBeforeMinor)} → {money(round.balanceAfterMinor)}
              </Row>
              <Row label={t('rounds.openedAt')}>{formatTime(round.openedAt, i18n.language)}</Row>
              <Row label={t('detail.settledAt')}>{formatTime(round.settledAt, i18n.language)}</Row>
              <Row label={t('detail.ledger')}>
                <code className="text-xs">{round.ledgerEntryId ?? '—'}</code>
              </Row>
            </dl>
          </Card>
          <Card title={t('detail.recall')}>
            <Recall detail={round} />
          </Card>
          {round.proof ? (
            <Card title={t('detail.proof')} className="lg:col-span-2">
              <Proof proof={round.proof} />
            </Card>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};
