import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Toggle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { GamesTabs, type Jackpot, money } from './shared';

type Draft = { enabled: boolean; sharePercent: string; seed: string; odds: string; bigWin: string };

const toDraft = (j: Jackpot): Draft => ({
  enabled: j.enabled,
  sharePercent: (j.shareBp / 100).toFixed(2),
  seed: money(j.seedMinor).replaceAll(',', ''),
  odds: String(j.odds),
  bigWin: money(j.bigWinMinMinor).replaceAll(',', ''),
});

/** "12.50" → "1250" (minor units), or null when it is not an amount with at most 2 decimals. */
const toMinor = (text: string) => {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return String(BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0'));
};

/** Jackpot of a merchant: on/off, share of every in-house stake, seed, odds; the winner-board threshold. */
export const JackpotPage = () => {
  const { t } = useTranslation('games');
  const { merchant } = useMerchant();
  const can = useCan();
  const key = ['bo', 'games', 'jackpot', merchant] as const;
  const jackpot = useQuery({
    queryKey: key,
    enabled: Boolean(merchant),
    queryFn: () => requestBo<Jackpot>(endpoints.boJackpot, { query: { merchant } }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadedFor, setLoadedFor] = useState<Jackpot | undefined>(undefined);
  if (jackpot.data !== loadedFor) {
    setLoadedFor(jackpot.data);
    setDraft(jackpot.data ? toDraft(jackpot.data) : null);
  }
  const save = useAction(
    (body: {
      merchant: string;
      enabled: boolean;
      shareBp: number;
      seedMinor: string;
      odds: number;
      bigWinMinMinor: string;
    }) => requestBo<Jackpot>(endpoints.boJackpotUpdate, { body }),
    { invalidate: [key], success: t('jackpot.saved') },
  );

  const share = draft ? Math.round(Number(draft.sharePercent) * 100) : Number.NaN;
  const seedMinor = draft ? toMinor(draft.seed) : null;
  const bigWinMinor = draft ? toMinor(draft.bigWin) : null;
  const odds = draft ? Number(draft.odds) : Number.NaN;
  const problems = {
    share: !(Number.isInteger(share) && share >= 0 && share <= 1000),
    seed: seedMinor === null,
    odds: !(Number.isInteger(odds) && odds >= 2 && odds <= 1_000_000_000),
    bigWin: bigWinMinor === null,
  };
  const valid = !Object.values(problems).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !valid || seedMinor === null || bigWinMinor === null) return;
    save.mutate({
      merchant,
      enabled: draft.enabled,
      shareBp: share,
      seedMinor,
      odds,
      bigWinMinMinor: bigWinMinor,
    });
  };

  const editable = can('games.write');
  return (
    <div data-testid="bo-games-jackpot">
      <PageTitle title={t('title')} />
      <GamesTabs />
      {jackpot.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(jackpot.error)}
        </p>
      )}
      {jackpot.data && draft ? (
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <Card title={t('jackpot.settings', { merchant })}>
            <form onSubmit={submit} className="grid max-w-xl gap-3">
              <div className="flex items-center gap-3">
                <Toggle
                  checked={draft.enabled}
                  label={t('jackpot.enabled')}
                  disabled={!editable}
                  testId="bo-jackpot-enabled"
                  onChange={(enabled) => setDraft({ ...draft, enabled })}
                />
                <span className="text-sm">{t('jackpot.enabled')}</span>
              </div>
              <Field
                label={t('jackpot.share')}
                hint={t('jackpot.shareHint')}
                error={problems.share ? t('jackpot.bad') : undefined}
              >
                <Input
                  inputMode="decimal"
                  value={draft.sharePercent}
                  disabled={!editable}
                  data-testid="bo-jackpot-share"
                  onChange={(e) => setDraft({ ...draft, sharePercent: e.target.value })}
                />
              </Field>
              <Field
                label={t('jackpot.seed', { currency: jackpot.data.currency })}
                hint={t('jackpot.seedHint')}
                error={problems.seed ? t('jackpot.bad') : undefined}
              >
                <Input
                  inputMode="decimal"
                  value={draft.seed}
                  disabled={!editable}
                  onChange={(e) => setDraft({ ...draft, seed: e.target.value })}
                />
              </Field>
              <Field
                label={t('jackpot.odds')}
                hint={t('jackpot.oddsHint')}
                error={problems.odds ? t('jackpot.bad') : undefined}
              >
                <Input
                  inputMode="numeric"
                  value={draft.odds}
                  disabled={!editable}
                  onChange={(e) => setDraft({ ...draft, odds: e.target.value })}
                />
              </Field>
              <Field
                label={t('jackpot.bigWin', { currency: jackpot.data.currency })}
                hint={t('jackpot.bigWinHint')}
                error={problems.bigWin ? t('jackpot.bad') : undefined}
              >
                <Input
                  inputMode="decimal"
                  value={draft.bigWin}
                  disabled={!editable}
                  onChange={(e) => setDraft({ ...draft, bigWin: e.target.value })}
                />
              </Field>
              <div>
                <Button
                  type="submit"
                  variant="primary"
                  disabled={!editable || !valid}
                  pending={save.isPending}
                  data-testid="bo-jackpot-save"
                >
                  {t('jackpot.save')}
                </Button>
              </div>
            </form>
          </Card>
          <Card title={t('jackpot.pool')}>
            <p data-testid="bo-jackpot-pool" className="font-semibold text-3xl tabular-nums">
              {money(jackpot.data.poolMinor, jackpot.data.currency)}
            </p>
          </Card>
        </div>
      ) : null}
    </div>
  );
};
