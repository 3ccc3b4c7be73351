import { type SlotState, type SpinResult, themeFor, verifyLiveRound, verifyRound } from '@khela/fair';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../shared/api/client';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { verifyEngine } from './verify-engines';
import { fieldsFromQuery, type VerifyFields } from './verify-link';
import { type TeenPattiDeal, TeenPattiDealView, verifyTeenPatti } from './verify-teen-patti';

/** What the page concludes: the engine verifier's answer plus the ledger check. */
export type Verdict = {
  ok: boolean;
  commitmentOk: boolean;
  outcomeOk: boolean;
  mismatches: string[];
  missing: string[];
  error: string | null;
  /** The classic slot's recomputed spin (drawn as reels); null for the other engines. */
  result: SpinResult | null;
  /** The payout the seeds give (null when they could not be replayed). */
  payoutMinor: number | null;
  /** A Teen Patti deal's cards per seat (engine `teen-patti`). */
  deal?: TeenPattiDeal | null;
};

type Check =
  | { result: Verdict; checkedAt: number; theme: { nodeId: string; name: string } }
  | { error: string; checkedAt: number };

const inputClass =
  'h-10 w-full rounded-xl bg-surface-2 px-3 font-mono text-xs text-fg ring-1 ring-line outline-none focus:ring-2 focus:ring-brand';

const parseState = (text: string): SlotState | null | 'bad' => {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as SlotState | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return 'bad';
  }
};

const parseObject = (text: string): Record<string, unknown> | null | 'bad' => {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : 'bad';
  } catch {
    return 'bad';
  }
};

/**
 * The payout against the ledger: a real-money round's recorded payout must be what the ledger
 * credited (a missing ledger figure fails, as any missing recorded field does); free play has none.
 */
const withLedger = (fields: VerifyFields, verdict: Verdict, expectedMinor: number | null): Verdict => {
  if (fields.mode.trim() === 'demo') return verdict;
  const missing = [...verdict.missing];
  const mismatches = [...verdict.mismatches];
  const ledger = fields.ledgerPayoutMinor.trim();
  if (ledger === '') missing.push('ledgerPayoutMinor');
  else if (expectedMinor === null || Number(ledger) !== expectedMinor) mismatches.push('ledgerPayoutMinor');
  const ok = verdict.ok && missing.length === 0 && mismatches.length === 0;
  return { ...verdict, missing, mismatches, ok, outcomeOk: verdict.outcomeOk && ok };
};

/** Runs the @khela/fair verifier of the round's engine on the form, then the ledger check. */
export const runVerify = (fields: VerifyFields): Check => {
  const checkedAt = Date.now();
  const engine = fields.engine.trim() || 'classic';
  const theme = { nodeId: fields.nodeId.trim(), name: fields.name };
  const seeds = {
    serverSeed: fields.serverSeed.trim().toLowerCase(),
    serverSeedHash: fields.serverSeedHash.trim().toLowerCase(),
    clientSeed: fields.clientSeed.trim(),
    nonce: Number(fields.nonce),
    betMinor: Number(fields.betMinor),
  };
  if (engine !== 'classic') {
    const params = parseObject(fields.params);
    const recorded = parseObject(fields.recorded);
    if (params === 'bad' || recorded === 'bad') return { error: 'state', checkedAt };
    // A shared live table's round (ADR 040): the deal for everyone at the table, no one bet's ledger.
    if (engine.startsWith('live-')) {
      const answer = verifyLiveRound({ ...seeds, game: engine.slice(5), recorded });
      return { result: { ...answer, result: null, payoutMinor: null }, checkedAt, theme };
    }
    // A PvP Teen Patti deal (ADR 060): every seat's cards, no one bet's ledger.
    if (engine === 'teen-patti') {
      const answer = verifyTeenPatti(seeds, params, recorded);
      return { result: { ...answer, result: null, payoutMinor: null }, checkedAt, theme };
    }
    const answer = verifyEngine(engine, seeds, params, recorded);
    if (!answer) return { error: 'state', checkedAt };
    const payout = (answer.result as { payoutMinor?: number } | null)?.payoutMinor ?? null;
    const verdict: Verdict = { ...answer, result: null, payoutMinor: payout };
    return { result: withLedger(fields, verdict, payout), checkedAt, theme };
  }
  const state = parseState(fields.state);
  if (state === 'bad') return { error: 'state', checkedAt };
  const stops = fields.stops
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const recorded = {
    ...(stops.length > 0 ? { stops } : {}),
    ...(fields.winMinor.trim() !== '' ? { winMinor: Number(fields.winMinor) } : {}),
    ...(fields.jackpotHit === 'true' || fields.jackpotHit === 'false'
      ? { jackpotHit: fields.jackpotHit === 'true' }
      : {}),
  };
  const answer = verifyRound({
    ...seeds,
    theme,
    jackpotOdds: fields.jackpotOdds.trim() === '' ? null : Number(fields.jackpotOdds),
    state,
    recorded,
  });
  const win = answer.result?.winMinor ?? null;
  // A jackpot adds the pool of the moment to the engine's win: the recorded payout then stands
  // for the credit, and must at least hold the win the seeds give.
  const jackpot = answer.result?.jackpotHit === true;
  const payout = fields.payoutMinor.trim() === '' ? null : Number(fields.payoutMinor);
  const expected = win === null ? null : jackpot ? (payout !== null && payout >= win ? payout : null) : win;
  const verdict: Verdict = { ...answer, result: answer.result, payoutMinor: win };
  return { result: withLedger(fields, verdict, expected), checkedAt, theme };
};

const FIELD_ORDER: { key: keyof VerifyFields; wide?: boolean }[] = [
  { key: 'serverSeed', wide: true },
  { key: 'serverSeedHash', wide: true },
  { key: 'clientSeed' },
  { key: 'nonce' },
  { key: 'nodeId' },
  { key: 'name' },
  { key: 'betMinor' },
  { key: 'jackpotOdds' },
  { key: 'stops' },
  { key: 'winMinor' },
  { key: 'jackpotHit' },
  { key: 'state', wide: true },
  { key: 'engine' },
  { key: 'mode' },
  { key: 'params', wide: true },
  { key: 'recorded', wide: true },
  { key: 'payoutMinor' },
  { key: 'ledgerPayoutMinor' },
];

/** What a Teen Patti deal takes (ADR 060): no game node, bet, slot record or ledger figure. */
const TEEN_PATTI_FIELDS: (keyof VerifyFields)[] = [
  'serverSeed',
  'serverSeedHash',
  'clientSeed',
  'nonce',
  'engine',
  'params',
  'recorded',
];

/**
 * `/verify`: recompute an in-house round in the browser. A `roundId` in the query loads the
 * round's proof (public; the server seed appears once the player has rotated it); every field can
 * also be pasted. The page says clearly whether the seeds give the recorded outcome.
 */
export const VerifyPage = () => {
  const { t } = useTranslation(['game', 'errors']);
  const [query] = useSearchParams();
  const initial = useMemo(() => fieldsFromQuery(query), [query]);
  const roundId = query.get('roundId') ?? '';
  const [fields, setFields] = useState<VerifyFields>(initial);
  const [check, setCheck] = useState<Check | null>(null);
  // A link verifies at once only with the ledger figure (or as free play); else the proof is asked.
  const hasAllFromLink = Boolean(
    initial.serverSeed &&
      // A shared table's or a PvP deal's link names no game node: its engine says what it is.
      (initial.nodeId || /^(live-.+|teen-patti)$/.test(initial.engine)) &&
      initial.clientSeed &&
      (initial.ledgerPayoutMinor || initial.mode === 'demo' || !/^[0-9a-f-]{36}$/i.test(roundId)),
  );

  const proof = useQuery({
    queryKey: ['round-proof', roundId],
    enabled: /^[0-9a-f-]{36}$/i.test(roundId) && !hasAllFromLink,
    retry: false,
    queryFn: () => callApi('roundProof', { query: { roundId } }),
  });

  useEffect(() => setFields(initial), [initial]);

  useEffect(() => {
    const value = proof.data;
    if (!value) return;
    const next: VerifyFields = {
      roundId: value.roundId,
      nodeId: value.theme.nodeId,
      name: value.theme.name,
      serverSeed: value.serverSeed ?? '',
      serverSeedHash: value.commitment,
      clientSeed: value.clientSeed,
      nonce: String(value.nonce),
      betMinor: String(value.betMinor),
      jackpotOdds: String(value.jackpotOdds),
      state: value.state ? JSON.stringify(value.state) : '',
      stops: value.recorded.stops.join(','),
      winMinor: String(value.recorded.winMinor),
      jackpotHit: String(value.recorded.jackpotHit),
      engine: value.engine,
      params: value.engine === 'classic' ? '' : JSON.stringify(value.params),
      recorded: value.engineRecorded ? JSON.stringify(value.engineRecorded) : '',
      mode: value.mode,
      payoutMinor: value.payoutMinor,
      ledgerPayoutMinor: value.ledgerPayoutMinor ?? '',
    };
    setFields(next);
    if (value.serverSeed) setCheck(runVerify(next));
    else setCheck(null);
  }, [proof.data]);

  // A complete link verifies at once.
  useEffect(() => {
    if (hasAllFromLink) setCheck(runVerify(initial));
  }, [hasAllFromLink, initial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCheck(runVerify(fields));
  };

  const notRevealed = proof.data && !proof.data.serverSeed;
  const proofError =
    proof.error instanceof ApiError
      ? t(`errors:${proof.error.message}`, { defaultValue: t('errors:error.system.error') })
      : null;

  return (
    <div data-testid="page-verify" className="mx-auto w-full max-w-3xl space-y-5 px-3 py-6 sm:px-6">
      <header className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-brand/15 text-brand">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-black tracking-tight">{t('verify.title')}</h1>
          <p className="mt-1 text-sm text-muted">{t('verify.intro')}</p>
        </div>
      </header>

      {check ? <Outcome check={check} /> : null}
      {notRevealed ? (
        <p
          data-testid="verify-not-revealed"
          className="rounded-2xl bg-amber-100 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('verify.notRevealed')}
        </p>
      ) : null}
      {proofError ? (
        <p className="rounded-2xl bg-rose-100 px-4 py-3 text-sm text-rose-900 dark:bg-rose-950 dark:text-rose-100">
          {proofError}
        </p>
      ) : null}

      <form
        onSubmit={submit}
        className="space-y-4 rounded-3xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-6"
      >
        {fields.roundId ? (
          <p className="text-xs text-muted">
            {t('verify.round')}: <span className="font-mono">{fields.roundId}</span>
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELD_ORDER.filter(
            ({ key }) => fields.engine.trim() !== 'teen-patti' || TEEN_PATTI_FIELDS.includes(key),
          ).map(({ key, wide }) => (
            <label key={key} className={cx('block space-y-1', wide && 'sm:col-span-2')}>
              <span className="text-xs font-semibold text-muted">{t(`verify.field.${key}`)}</span>
              <input
                data-testid={`verify-${key}`}
                value={fields[key]}
                onChange={(event) => setFields((f) => ({ ...f, [key]: event.target.value }))}
                className={inputClass}
                spellCheck={false}
                autoComplete="off"
              />
            </label>
          ))}
        </div>
        {fields.engine.trim() === 'teen-patti' ? (
          <p className="text-xs text-muted" data-testid="verify-teen-patti-hint">
            {t('verify.teenPatti.hint')}
          </p>
        ) : null}
        <button
          type="submit"
          data-testid="verify-run"
          className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
        >
          <ShieldCheck aria-hidden="true" className="size-5" />
          {t('verify.run')}
        </button>
      </form>
    </div>
  );
};

const Outcome = ({ check }: { check: Check }) => {
  const { t } = useTranslation('game');
  if ('error' in check) {
    return (
      <Banner ok={false} title={t('verify.mismatch')} testId="verify-result">
        {t('verify.badState')}
      </Banner>
    );
  }
  const { result } = check;
  return (
    <Banner ok={result.ok} title={t(result.ok ? 'verify.match' : 'verify.mismatch')} testId="verify-result">
      <ul className="space-y-1 text-sm">
        <li className="flex items-center gap-2">
          <Mark ok={result.commitmentOk} />{' '}
          {t(result.commitmentOk ? 'verify.commitmentOk' : 'verify.commitmentBad')}
        </li>
        <li className="flex items-center gap-2">
          <Mark ok={result.outcomeOk} />
          {result.error
            ? t('verify.inputsBad', { reason: result.error })
            : result.outcomeOk
              ? t('verify.outcomeOk')
              : t('verify.outcomeBad', { fields: [...result.mismatches, ...result.missing].join(', ') })}
        </li>
      </ul>
      {result.result ? <Recomputed result={result.result} themeInput={check.theme} /> : null}
      {result.deal ? <TeenPattiDealView deal={result.deal} /> : null}
      {!result.result && result.payoutMinor !== null ? (
        <p className="mt-2 text-xs" data-testid="verify-payout">
          {t('verify.payout', { payout: (result.payoutMinor / 100).toFixed(2) })}
        </p>
      ) : null}
    </Banner>
  );
};

const Recomputed = ({
  result,
  themeInput,
}: {
  result: SpinResult;
  themeInput: { nodeId: string; name: string };
}) => {
  const { t } = useTranslation('game');
  const theme = useMemo(() => {
    try {
      return themeFor(themeInput);
    } catch {
      return null;
    }
  }, [themeInput]);
  return (
    <div className="mt-3 space-y-2 rounded-2xl bg-black/5 p-3 dark:bg-white/5">
      <p className="text-xs font-semibold">{t('verify.recomputed')}</p>
      <p className="font-mono text-xs" data-testid="verify-stops">
        {t('verify.stops', { stops: result.stops.join(', ') })}
      </p>
      {theme ? (
        <div className="grid max-w-xs grid-cols-5 gap-1">
          {[0, 1, 2].flatMap((row) =>
            [0, 1, 2, 3, 4].map((reel) => {
              const symbol = theme.symbols[result.grid[reel]?.[row] ?? 0];
              return (
                <span
                  key={`${reel}-${row}`}
                  title={symbol?.label}
                  className="grid aspect-square place-items-center rounded-lg text-lg"
                  style={{ background: symbol?.color }}
                >
                  {symbol?.glyph}
                </span>
              );
            }),
          )}
        </div>
      ) : null}
      <p className="text-xs">
        {t('verify.winSummary', {
          win: (result.winMinor / 100).toFixed(2),
          wins: result.wins.length,
          spins: result.freeSpinsAwarded,
        })}
      </p>
    </div>
  );
};

const Mark = ({ ok }: { ok: boolean }) =>
  ok ? (
    <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
  ) : (
    <CircleX aria-hidden="true" className="size-4 shrink-0 text-rose-600" />
  );

const Banner = ({
  ok,
  title,
  children,
  testId,
}: {
  ok: boolean;
  title: string;
  children: React.ReactNode;
  testId: string;
}) => (
  <section
    data-testid={testId}
    data-ok={ok}
    className={cx(
      'rounded-3xl p-4 ring-2 sm:p-5',
      ok
        ? 'bg-emerald-50 text-emerald-950 ring-emerald-500 dark:bg-emerald-950/60 dark:text-emerald-50'
        : 'bg-rose-50 text-rose-950 ring-rose-500 dark:bg-rose-950/60 dark:text-rose-50',
    )}
  >
    <h2 className="mb-2 flex items-center gap-2 text-xl font-black">
      {ok ? (
        <CircleCheck aria-hidden="true" className="size-6" />
      ) : (
        <CircleX aria-hidden="true" className="size-6" />
      )}
      {title}
    </h2>
    {children}
  </section>
);
