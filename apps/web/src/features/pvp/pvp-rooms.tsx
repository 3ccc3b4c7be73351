import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatMoney } from '../../shared/format/money';
import { BALANCE_QUERY_KEY } from '../../shared/state/balance';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { TeenPattiCard } from '../../shared/ui/playing-card';

type Tier = Awaited<ReturnType<typeof callApi<'pvpRoomList'>>>['tiers'][number];

/** One tier: boot, limits, rake, players; a buy-in (in whole units) and "join a table". */
const TierCard = ({ tier, loggedIn }: { tier: Tier; loggedIn: boolean }) => {
  const { t, i18n } = useTranslation('pvp');
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const money = (minor: string) => formatMoney(minor, i18n.language, '');
  const suggested = BigInt(tier.bootMinor) * 50n;
  const [buyIn, setBuyIn] = useState(String(suggested / 100n));
  const [error, setError] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: () =>
      callApi('pvpJoin', {
        body: { tierKey: tier.tierKey, buyInMinor: String(BigInt(buyIn.replace(/\D/g, '') || '0') * 100n) },
      }),
    onSuccess: (value) => {
      void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
      navigate(`/pvpTable?tableId=${encodeURIComponent(value.tableId)}`);
    },
    onError: (e) => setError(errorText(e)),
  });
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl bg-[radial-gradient(ellipse_at_top,#7c2d12,#1c0a04)] p-3 text-white ring-2 ring-amber-700/60"
      data-testid={`pvp-tier-${tier.tierKey}`}
    >
      <div className="flex items-center gap-3">
        <div className="flex -space-x-3">
          <TeenPattiCard card={0} small />
          <TeenPattiCard card={25} small />
          <TeenPattiCard card={38} small />
        </div>
        <div className="min-w-0 flex-1">
          <p className="font-black leading-tight">{t('tier', { boot: money(tier.bootMinor) })}</p>
          <p className="text-xs text-amber-100">
            {t('limits', { pot: money(tier.potLimitMinor), rake: tier.rakeBp / 100 })}
          </p>
        </div>
        <span className="inline-flex items-center gap-1 text-xs text-amber-100" title={t('players')}>
          <Users className="h-3.5 w-3.5" aria-hidden="true" />
          {tier.players} · {t('rooms', { count: tier.rooms.length })}
        </span>
      </div>
      {loggedIn ? (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            join.mutate();
          }}
        >
          <label className="flex flex-1 items-center gap-1 text-xs">
            <span className="shrink-0">{t('buyIn')}</span>
            <input
              inputMode="numeric"
              value={buyIn}
              onChange={(e) => setBuyIn(e.target.value)}
              className="w-full min-w-0 rounded-lg bg-black/40 px-2 py-1 text-sm text-white ring-1 ring-amber-700"
              data-testid="pvp-buyin"
              aria-describedby={`range-${tier.tierKey}`}
            />
          </label>
          <button
            type="submit"
            className={buttonClass('primary', 'sm')}
            disabled={join.isPending}
            data-testid="pvp-join"
          >
            {t('join')}
          </button>
        </form>
      ) : (
        <Link to="/login" className="text-xs font-bold text-amber-300 underline">
          {t('loginToPlay')}
        </Link>
      )}
      <p id={`range-${tier.tierKey}`} className="text-[11px] text-amber-100/80">
        {t('buyInRange', { min: money(tier.minBuyInMinor), max: money(tier.maxBuyInMinor) })}
      </p>
      {error ? (
        <p role="alert" className="text-xs font-bold text-red-300" data-testid="pvp-join-error">
          {error}
        </p>
      ) : null}
    </li>
  );
};

/** The PvP lobby's Teen Patti rooms (`/pvp`, `GLS2_roomList`): tiers by boot with their tables. */
export const PvpRooms = () => {
  const { t } = useTranslation('pvp');
  const { loggedIn } = useMember();
  const list = useQuery({
    queryKey: ['pvp', 'rooms'],
    queryFn: ({ signal }) => callApi('pvpRoomList', { signal }),
    refetchInterval: 5_000,
  });
  const tiers = list.data?.tiers ?? [];
  if (tiers.length === 0) return null;
  return (
    <section aria-labelledby="pvp-rooms" className="space-y-3" data-testid="pvp-rooms">
      <div>
        <h2 id="pvp-rooms" className="text-lg font-bold sm:text-xl">
          {t('title')}
        </h2>
        <p className="text-xs text-muted">{t('subtitle')}</p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiers.map((tier) => (
          <TierCard key={tier.tierKey} tier={tier} loggedIn={loggedIn} />
        ))}
      </ul>
    </section>
  );
};
