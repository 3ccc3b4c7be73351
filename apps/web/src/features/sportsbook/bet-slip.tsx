import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { parseAmount } from '../../shared/format/money';
import { BALANCE_QUERY_KEY } from '../../shared/state/balance';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { useOddsFormat } from './odds-format';
import {
  canCombine,
  combinedOdds,
  previewReturn,
  type SlipKind,
  type SlipLeg,
  systemOf,
  totalStakeOf,
} from './slip';

type Policy = 'any' | 'higher' | 'none';

/**
 * The bet slip: singles (one bet per leg at the stake) or a multiple, the odds-change policy, the
 * exact potential return, and place (one request key per bet until it is answered). A panel on
 * wide screens, a bottom sheet on phones.
 */
export const BetSlip = ({
  legs,
  onRemove,
  onClear,
  loggedIn,
  money,
}: {
  legs: SlipLeg[];
  onRemove: (selectionId: string) => void;
  onClear: () => void;
  loggedIn: boolean;
  money: (minor: bigint) => string;
}) => {
  const { t } = useTranslation('sportsbook');
  const { show: showOdds } = useOddsFormat();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [stakeText, setStakeText] = useState('10');
  const [policy, setPolicy] = useState<Policy>('higher');
  const [mode, setMode] = useState<SlipKind>('single');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const keys = useRef(new Map<string, string>());
  const combinable = canCombine(legs);
  const system = systemOf(legs);
  const kind: SlipKind =
    mode === 'multiple' && combinable ? 'multiple' : mode === 'system' && system ? 'system' : 'single';
  const stake = parseAmount(stakeText);
  const stakeMinor = stake.ok ? stake.minor : 0n;
  const preview = previewReturn(legs, stakeMinor, kind);

  const keyOf = (id: string) => {
    let key = keys.current.get(id);
    if (!key) {
      key = crypto.randomUUID();
      keys.current.set(id, key);
    }
    return key;
  };

  const place = useMutation({
    mutationFn: async () => {
      const bets =
        kind === 'multiple'
          ? [{ id: legs.map((l) => l.selectionId).join('+'), legs }]
          : legs.map((l) => ({ id: l.selectionId, legs: [l] }));
      let placed = 0;
      for (const bet of bets) {
        await callApi('sportsbookPlaceBet', {
          body: {
            requestKey: keyOf(bet.id),
            kind,
            stakeMinor: stakeMinor.toString(),
            ...(kind === 'system' && system ? { systemSizes: system.sizes } : {}),
            oddsPolicy: policy,
            legs: bet.legs.map((l) => ({ selectionId: l.selectionId, odds: l.odds })),
          },
        });
        keys.current.delete(bet.id);
        placed += 1;
      }
      return placed;
    },
    onSuccess: (count) => {
      setMessage({ ok: true, text: t('slip.placed', { count }) });
      onClear();
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['sportsbook'] });
    },
    onError: (error) => {
      keys.current.clear();
      setMessage({ ok: false, text: errorText(error) });
      void client.invalidateQueries({ queryKey: ['sportsbook', 'events'] });
    },
  });

  if (legs.length === 0 && !message)
    return (
      <aside
        className="hidden rounded-3xl bg-surface p-4 text-sm text-muted ring-1 ring-line lg:block"
        data-testid="bet-slip"
      >
        <h2 className="mb-1 font-bold text-fg">{t('slip.title')}</h2>
        {t('slip.empty')}
      </aside>
    );

  return (
    <aside
      data-testid="bet-slip"
      className={cx(
        'z-50 space-y-3 bg-surface p-4 ring-1 ring-line',
        'fixed inset-x-0 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] max-h-[70vh] overflow-y-auto rounded-t-3xl shadow-2xl lg:static lg:max-h-none lg:rounded-3xl lg:shadow-none',
      )}
    >
      <button
        type="button"
        data-testid="slip-toggle"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 font-bold lg:pointer-events-none"
      >
        {t('slip.title')}
        <span className="rounded-full bg-brand px-2 text-xs text-brand-fg">{legs.length}</span>
        {preview !== null ? <span className="ml-auto text-sm tabular-nums">{money(preview)}</span> : null}
        <span className="lg:hidden">
          {open ? <ChevronDown className="size-4" /> : <ChevronUp className="size-4" />}
        </span>
      </button>
      <div className={cx('space-y-3', !open && 'hidden lg:block')}>
        <ul className="space-y-1.5">
          {legs.map((l) => (
            <li key={l.selectionId} data-testid="slip-leg" className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{l.pick}</span>
                <span className="block truncate text-xs text-muted">
                  {l.event} · {l.market}
                </span>
              </span>
              <span className="font-black tabular-nums">
                {l.pariMutuel ? t('slip.pool') : showOdds(l.odds)}
              </span>
              <button
                type="button"
                aria-label={t('slip.remove')}
                onClick={() => onRemove(l.selectionId)}
                className="text-muted"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
        {legs.length >= 2 ? (
          <div role="tablist" className="flex gap-1.5">
            {(['single', 'multiple', 'system'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                data-testid={`slip-mode-${m}`}
                aria-selected={kind === m}
                disabled={(m === 'multiple' && !combinable) || (m === 'system' && !system)}
                onClick={() => setMode(m)}
                className={cx(
                  'rounded-full px-3 py-1 text-sm font-semibold disabled:opacity-40',
                  kind === m ? 'bg-fg text-bg' : 'bg-surface-2 ring-1 ring-line',
                )}
              >
                {m === 'multiple'
                  ? t('slip.multiple', { odds: combinedOdds(legs) })
                  : m === 'system'
                    ? t('slip.system', {
                        name: t(`system.${system?.name ?? 'trixie'}`),
                        count: system?.count ?? 0,
                      })
                    : t('slip.singles')}
              </button>
            ))}
          </div>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <span className="w-24 text-muted">
            {kind === 'single' && legs.length > 1 ? t('slip.stakeEach') : t('slip.stake')}
          </span>
          <input
            data-testid="slip-stake"
            inputMode="decimal"
            value={stakeText}
            onChange={(e) => setStakeText(e.target.value)}
            className="h-10 min-w-0 flex-1 rounded-xl bg-surface-2 px-3 tabular-nums ring-1 ring-line"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="w-24 text-muted">{t('slip.policy')}</span>
          <select
            data-testid="slip-policy"
            value={policy}
            onChange={(e) => setPolicy(e.target.value as Policy)}
            className="h-10 min-w-0 flex-1 rounded-xl bg-surface-2 px-2 ring-1 ring-line"
          >
            {(['higher', 'any', 'none'] as const).map((p) => (
              <option key={p} value={p}>
                {t(`slip.policyOption.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="flex text-sm">
          <span className="text-muted">{t('slip.total')}</span>
          <span className="ml-auto tabular-nums" data-testid="slip-total">
            {money(totalStakeOf(legs, stakeMinor, kind))}
          </span>
        </p>
        <p className="flex text-sm">
          <span className="text-muted">{t('slip.return')}</span>
          <span className="ml-auto font-bold tabular-nums" data-testid="slip-return">
            {preview === null ? t('slip.poolReturn') : money(preview)}
          </span>
        </p>
        {message ? (
          <p
            role="status"
            data-testid="slip-message"
            className={cx('text-sm', message.ok ? 'text-emerald-600' : 'text-rose-600')}
          >
            {message.text}
          </p>
        ) : null}
        <button
          type="button"
          data-testid="slip-place"
          disabled={!loggedIn || legs.length === 0 || !stake.ok || place.isPending}
          onClick={() => {
            setMessage(null);
            place.mutate();
          }}
          className={buttonClass('primary', 'lg', 'w-full')}
        >
          {loggedIn ? t('slip.place') : t('slip.login')}
        </button>
      </div>
    </aside>
  );
};
