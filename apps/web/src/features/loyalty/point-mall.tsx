import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Coins, Gift, Package } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { parseAmount } from '../../shared/format/money';
import { newRequestKey } from '../../shared/request-key';
import { useMember } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import {
  Card,
  inputClass,
  LOYALTY_KEYS,
  Note,
  type Outcome,
  useAmount,
  useCount,
  useLocalName,
} from './parts';

type Item = {
  id: number;
  kind: 'cash' | 'goods';
  name: Record<string, string>;
  pointsCost: string;
  cashMinor: string;
  stock: number | null;
};

/**
 * `/pointMall` (issue 19): my points, the mall's items (redeem; goods ask for a delivery address),
 * conversion of points to cash, and my records (processing / approved / rejected). Redeeming and
 * converting ask for the payment password (the spec's passwordCheck relays).
 */
export const PointMallPage = () => {
  const { t } = useTranslation('loyalty');
  const { loggedIn } = useMember();
  const count = useCount();
  const items = useQuery({
    queryKey: LOYALTY_KEYS.mall,
    enabled: loggedIn,
    queryFn: ({ signal }) => callApi('getPointReward', { signal }),
  });
  const balance = useQuery({
    queryKey: LOYALTY_KEYS.points,
    enabled: loggedIn,
    queryFn: ({ signal }) => callApi('getPointBalance', { signal }),
  });
  const [chosen, setChosen] = useState<Item | null>(null);

  return (
    <div
      className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-6"
      data-testid="page-pointMall"
    >
      <h1 className="flex items-center gap-2 text-xl font-bold">
        <Coins className="size-5 text-brand" />
        {t('mall.title')}
      </h1>
      {!loggedIn ? (
        <Note tone="info" testId="mall-login">
          {t('mall.login')}
        </Note>
      ) : (
        <>
          <Card testId="mall-balance">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="text-sm text-muted">{t('mall.myPoints')}</span>
              <span className="text-2xl font-bold" data-testid="mall-points">
                {balance.data ? count(balance.data.points) : '…'}
              </span>
            </div>
          </Card>
          <Card title={t('mall.items')} testId="mall-items">
            {items.data && items.data.items.length === 0 ? (
              <p className="text-sm text-muted">{t('mall.empty')}</p>
            ) : null}
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {(items.data?.items ?? []).map((item) => (
                <MallCard key={item.id} item={item} onRedeem={() => setChosen(item)} />
              ))}
            </ul>
          </Card>
          {chosen ? <RedeemForm item={chosen} onDone={() => setChosen(null)} /> : null}
          <ConvertForm />
          <Records />
        </>
      )}
    </div>
  );
};

const MallCard = ({ item, onRedeem }: { item: Item; onRedeem: () => void }) => {
  const { t } = useTranslation('loyalty');
  const amount = useAmount();
  const count = useCount();
  const name = useLocalName();
  const soldOut = item.stock === 0;
  const Icon = item.kind === 'cash' ? Gift : Package;
  return (
    <li
      className="flex flex-col gap-2 rounded-xl bg-surface p-3 ring-1 ring-line"
      data-testid={`mall-item-${item.id}`}
    >
      <span className="grid size-10 place-items-center rounded-full bg-brand/12 text-brand">
        <Icon className="size-5" />
      </span>
      <span className="font-semibold">{name(item.name)}</span>
      <span className="text-xs text-muted">
        {item.kind === 'cash' ? t('mall.cash', { amount: amount(item.cashMinor) }) : t('mall.goods')}
      </span>
      <span className="text-sm font-bold">{t('mall.cost', { points: count(item.pointsCost) })}</span>
      <button
        type="button"
        className={buttonClass('primary', 'sm')}
        disabled={soldOut}
        onClick={onRedeem}
        data-testid={`mall-redeem-${item.id}`}
      >
        {soldOut ? t('mall.soldOut') : t('mall.redeem')}
      </button>
    </li>
  );
};

const RedeemForm = ({ item, onDone }: { item: Item; onDone: () => void }) => {
  const { t } = useTranslation('loyalty');
  const name = useLocalName();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [key] = useState(newRequestKey);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      await callApi('redeemPointReward', {
        body: {
          itemId: item.id,
          paymentPassword: password,
          requestKey: key,
          ...(item.kind === 'goods' ? { address } : {}),
        },
      });
      setOutcome({ tone: 'success', text: t('mall.redeemed') });
      await queryClient.invalidateQueries({ queryKey: ['loyalty'] });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };
  return (
    <Card title={t('mall.redeemTitle', { name: name(item.name) })} testId="mall-redeem-form">
      <form className="flex flex-col gap-3" onSubmit={submit}>
        {item.kind === 'goods' ? (
          <label className="flex flex-col gap-1 text-sm">
            {t('mall.address')}
            <textarea
              className={`${inputClass} h-20 py-2`}
              value={address}
              maxLength={300}
              onChange={(e) => setAddress(e.target.value)}
              data-testid="mall-address"
            />
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-sm">
          {t('paymentPassword')}
          <input
            type="password"
            className={inputClass}
            value={password}
            autoComplete="off"
            onChange={(e) => setPassword(e.target.value)}
            data-testid="mall-password"
          />
        </label>
        {outcome ? (
          <Note tone={outcome.tone} testId="mall-outcome">
            {outcome.text}
          </Note>
        ) : null}
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary')} data-testid="mall-confirm">
            {t('mall.confirm')}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={onDone}>
            {t('close')}
          </button>
        </div>
      </form>
    </Card>
  );
};

const ConvertForm = () => {
  const { t } = useTranslation('loyalty');
  const amount = useAmount();
  const count = useCount();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: LOYALTY_KEYS.config,
    queryFn: ({ signal }) => callApi('getPointConfig', { signal }),
  });
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = parseAmount(points);
    if (!parsed.ok || parsed.minor % 100n !== 0n) {
      setOutcome({ tone: 'error', text: t('convert.whole') });
      return;
    }
    try {
      const done = await callApi('convertPoint', {
        body: {
          points: (parsed.minor / 100n).toString(),
          paymentPassword: password,
          requestKey: newRequestKey(),
        },
      });
      setOutcome({ tone: 'success', text: t('convert.done', { amount: amount(done.cashMinor) }) });
      setPoints('');
      await queryClient.invalidateQueries({ queryKey: ['loyalty'] });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };
  return (
    <Card title={t('convert.title')} testId="mall-convert">
      {config.data ? (
        <p className="mb-3 text-sm text-muted">
          {t('convert.ratio', {
            amount: amount(config.data.convertMinorPerPoint),
            min: count(config.data.convertMinPoints),
          })}
        </p>
      ) : null}
      <form className="grid gap-3 sm:grid-cols-3" onSubmit={submit}>
        <input
          className={inputClass}
          inputMode="numeric"
          placeholder={t('convert.points')}
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          data-testid="convert-points"
        />
        <input
          type="password"
          className={inputClass}
          placeholder={t('paymentPassword')}
          value={password}
          autoComplete="off"
          onChange={(e) => setPassword(e.target.value)}
          data-testid="convert-password"
        />
        <button type="submit" className={buttonClass('primary')} data-testid="convert-submit">
          {t('convert.submit')}
        </button>
      </form>
      {outcome ? (
        <div className="mt-3">
          <Note tone={outcome.tone} testId="convert-outcome">
            {outcome.text}
          </Note>
        </div>
      ) : null}
    </Card>
  );
};

const Records = () => {
  const { t } = useTranslation('loyalty');
  const count = useCount();
  const name = useLocalName();
  const records = useQuery({
    queryKey: LOYALTY_KEYS.records,
    queryFn: ({ signal }) => callApi('getRedeemPointList', { signal }),
  });
  const rows = records.data?.redemptions ?? [];
  return (
    <Card title={t('records.title')} testId="mall-records">
      {rows.length === 0 ? <p className="text-sm text-muted">{t('records.none')}</p> : null}
      <ul className="flex flex-col gap-2">
        {rows.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface px-3 py-2 text-sm ring-1 ring-line"
            data-testid={`mall-record-${r.id}`}
          >
            <span className="font-semibold">{name(r.itemName)}</span>
            <span>{t('mall.cost', { points: count(r.points) })}</span>
            <span data-testid={`mall-record-status-${r.id}`}>{t(`records.status.${r.status}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
};
