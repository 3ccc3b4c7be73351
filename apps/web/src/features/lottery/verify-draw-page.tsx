import { type DrawVerification, isLotteryKind, verifyDraw } from '@khela/fair';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { cx } from '../../shared/ui/cx';
import { Ball } from './balls';
import { slotsOf } from './results';

/**
 * `/lotteryVerify?gameCode=&issueNo=`: one draw recomputed in the browser with `@khela/fair`
 * (the same code the server drew with): the revealed seed against the commitment published
 * before the issue opened, the numbers from the seed, the link to the draw before it.
 */
export const VerifyDrawPage = () => {
  const { t } = useTranslation('lottery');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode') ?? '';
  const issueNo = params.get('issueNo') ?? '';
  const proof = useQuery({
    queryKey: ['lottery', 'draw', gameCode, issueNo],
    queryFn: ({ signal }) => callApi('lotteryDraw', { signal, query: { gameCode, issueNo } }),
    enabled: Boolean(gameCode && issueNo),
  });
  const check = useMemo((): DrawVerification | null => {
    const p = proof.data;
    if (!p?.serverSeed || !p.numbers || !p.previousLink || !p.link || !isLotteryKind(p.kind)) return null;
    return verifyDraw({
      kind: p.kind,
      gameCode: p.gameCode,
      issueNo: p.issueNo,
      serverSeed: p.serverSeed,
      commitment: p.commitment,
      numbers: p.numbers,
      previousLink: p.previousLink,
      link: p.link,
    });
  }, [proof.data]);

  const line = (ok: boolean, label: string, testId: string) => (
    <li data-testid={testId} data-ok={ok} className="flex items-center gap-2 text-sm">
      {ok ? (
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
      ) : (
        <CircleX aria-hidden="true" className="size-4 text-rose-600" />
      )}
      {label}
    </li>
  );

  return (
    <div
      data-testid="page-lotteryVerify"
      className="mx-auto w-full max-w-[760px] space-y-4 px-3 pt-5 pb-8 sm:px-4"
    >
      <header className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-gradient-to-br from-emerald-500 to-teal-600 text-white">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-black tracking-tight">{t('verify.title')}</h1>
          <p className="text-sm text-muted tabular-nums">
            {gameCode} · {issueNo}
          </p>
        </div>
      </header>
      {proof.error ? <p className="text-sm text-rose-600">{errorText(proof.error)}</p> : null}
      {proof.data && !proof.data.serverSeed ? (
        <p className="text-sm text-muted">{t('verify.notDrawn')}</p>
      ) : null}
      {proof.data?.numbers ? (
        <div className="flex flex-wrap gap-1.5">
          {slotsOf(proof.data.issueNo, proof.data.numbers).map((ball) => (
            <Ball key={ball.slot} value={ball.value} />
          ))}
        </div>
      ) : null}
      {check ? (
        <section
          data-testid="lottery-verify-result"
          data-ok={check.ok}
          className={cx(
            'space-y-2 rounded-2xl p-4 ring-1',
            check.ok ? 'bg-emerald-500/10 ring-emerald-500/40' : 'bg-rose-500/10 ring-rose-500/40',
          )}
        >
          <p className="font-bold">{check.ok ? t('verify.ok') : t('verify.failed')}</p>
          <ul className="space-y-1">
            {line(check.commitmentMatches, t('verify.commitment'), 'verify-commitment')}
            {line(check.numbersMatch, t('verify.numbers'), 'verify-numbers')}
            {line(check.linkMatches, t('verify.link'), 'verify-link')}
          </ul>
        </section>
      ) : null}
      {proof.data ? (
        <dl className="grid gap-2 break-all rounded-2xl bg-surface p-4 font-mono text-xs ring-1 ring-line">
          <dt className="font-sans font-semibold text-muted">{t('verify.commitmentLabel')}</dt>
          <dd>{proof.data.commitment}</dd>
          <dt className="font-sans font-semibold text-muted">{t('verify.seedLabel')}</dt>
          <dd>{proof.data.serverSeed ?? '—'}</dd>
          <dt className="font-sans font-semibold text-muted">{t('verify.clientSeedLabel')}</dt>
          <dd>{`${gameCode}-${issueNo}`}</dd>
          <dt className="font-sans font-semibold text-muted">{t('verify.previousLabel')}</dt>
          <dd>{proof.data.previousLink ?? '—'}</dd>
          <dt className="font-sans font-semibold text-muted">{t('verify.linkLabel')}</dt>
          <dd>{proof.data.link ?? '—'}</dd>
        </dl>
      ) : null}
    </div>
  );
};
