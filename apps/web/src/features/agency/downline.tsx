import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { FormAlert, useErrorText } from '../../shared/form';
import { parseAmount } from '../../shared/format/money';
import { buttonClass } from '../../shared/ui/button';
import { Card, Empty, fieldClass, percent, useMoney } from './parts';

type Row = Awaited<ReturnType<typeof callApi<'agencyDownline'>>>['items'][number];

/** Downline management: search, status, contracts; lock, transfer funds, end an offered contract. */
export const DownlineManagement = () => {
  const { t } = useTranslation('agency');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['agency-downline', search, page],
    queryFn: () => callApi('agencyDownline', { query: { search, page } }),
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.pageSize)) : 1;
  return (
    <Card title={t('menu.downline')} testId="agency-downline">
      <input
        className={fieldClass}
        placeholder={t('downline.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        data-testid="agency-downline-search"
      />
      <div className="mt-3 flex flex-col gap-2">
        {q.data && q.data.items.length === 0 ? <Empty>{t('downline.empty')}</Empty> : null}
        {q.data?.items.map((m) => (
          <Member key={m.account} m={m} />
        ))}
      </div>
      {pages > 1 ? (
        <div className="mt-3 flex items-center justify-center gap-3 text-sm">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            ‹
          </button>
          <span className="tabular-nums">
            {page} / {pages}
          </span>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </Card>
  );
};

const Member = ({ m }: { m: Row }) => {
  const { t, i18n } = useTranslation('agency');
  const errorText = useErrorText();
  const money = useMoney();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: ['agency-downline'] });
  const status = useMutation({
    mutationFn: () =>
      callApi('agencyDownlineStatus', {
        body: { account: m.account, status: m.status === 'active' ? 'locked' : 'active' },
      }),
    onSuccess: refresh,
  });
  const transfer = useMutation({
    mutationFn: (amountMinor: string) =>
      callApi('agencyTransfer', {
        body: { account: m.account, amountMinor },
        headers: { 'idempotency-key': `agency-${m.account}-${crypto.randomUUID()}` },
      }),
    onSuccess: () => {
      setAmount('');
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
  const end = useMutation({
    mutationFn: (contractId: number) => callApi('agencyTerminate', { body: { contractId } }),
    onSuccess: refresh,
  });
  const parsed = parseAmount(amount);
  const minor = parsed.ok ? parsed.minor : null;
  const error = status.error ?? transfer.error ?? end.error;
  return (
    <article
      className="rounded-xl bg-surface-2/70 p-3 text-sm ring-1 ring-line"
      data-testid="agency-downline-row"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {m.account} {m.isAgent ? <span className="text-xs text-brand">· {t('downline.agent')}</span> : null}
        </span>
        <span className={m.status === 'active' ? 'text-xs text-emerald-600' : 'text-xs text-red-600'}>
          {t(`status.${m.status}`)}
        </span>
      </div>
      <p className="mt-1 text-xs text-muted">
        {t('downline.level', { depth: m.depth })} · {t('downline.upline')}: {m.upline ?? '—'} ·{' '}
        {new Date(m.regDate).toLocaleDateString(i18n.language)}
      </p>
      {m.contracts.map((c) => (
        <p key={c.id} className="mt-1 text-xs" data-testid="agency-downline-contract">
          {t(`kind.${c.kind}`)} {percent(c.tiers[0]?.rateBp ?? 0)} · {t(`state.${c.status}`)}
          {c.revocationAskedAt !== null ? (
            <span className="ml-2 text-amber-600">{t('downline.revocationWaiting')}</span>
          ) : m.depth === 1 ? (
            <button type="button" className="ml-2 text-red-600 underline" onClick={() => end.mutate(c.id)}>
              {t(c.status === 'accepted' ? 'downline.revoke' : 'downline.terminate')}
            </button>
          ) : null}
        </p>
      ))}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => status.mutate()}>
          {m.status === 'active' ? t('downline.lock') : t('downline.unlock')}
        </button>
        <input
          className={`${fieldClass} h-9 max-w-36`}
          inputMode="decimal"
          placeholder={t('downline.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          disabled={minor === null || transfer.isPending}
          onClick={() => minor !== null && transfer.mutate(minor.toString())}
        >
          {t('downline.transfer')}
        </button>
        {transfer.isSuccess ? (
          <span className="text-xs text-emerald-600">
            {t('downline.transferred', { balance: money(transfer.data.balanceMinor) })}
          </span>
        ) : null}
      </div>
      {error ? <FormAlert>{errorText(error)}</FormAlert> : null}
    </article>
  );
};
