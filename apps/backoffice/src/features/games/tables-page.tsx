import type { boTablesRoutes, RouteValue } from '@khela/contract';
import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Field, Input, PageTitle } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { type Column, DataTable } from '../../shared/ui/table';
import { GamesTabs, money } from './shared';

type LiveTable = RouteValue<(typeof boTablesRoutes)['boLiveTables']>[number];
type Voided = { voided: boolean; refunded: number };

/**
 * Live tables (ADR 060): the merchant's shared tables with their open round's bets; close a
 * table (its open round voided, every stake refunded) or open it again, void an open round —
 * each with the reason typed above the list (audited).
 */
export const TablesPage = () => {
  const { t } = useTranslation('games');
  const can = useCan();
  const { merchant } = useMerchant();
  const [reason, setReason] = useState('');
  const key = ['bo', 'games', 'tables', merchant] as const;
  const tables = useQuery({
    queryKey: key,
    enabled: Boolean(merchant),
    refetchInterval: 5_000,
    queryFn: () => requestBo<LiveTable[]>(endpoints.boLiveTables, { query: { merchant } }),
  });
  const voided = (v: Voided) =>
    v.voided ? t('tables.voidedRefunded', { count: v.refunded }) : t('tables.nothingVoided');
  const status = useAction(
    (vars: { table: LiveTable; open: boolean }) =>
      requestBo<LiveTable & { voided: Voided }>(endpoints.boLiveTableStatus, {
        body: { merchant, tableId: vars.table.id, open: vars.open, reason: reason.trim() },
      }),
    {
      invalidate: [key],
      success: (d) => (d.open ? t('tables.opened') : `${t('tables.closed')} ${voided(d.voided)}`),
    },
  );
  const voidRound = useAction(
    (vars: { table: LiveTable; roundNo: number }) =>
      requestBo<Voided>(endpoints.boLiveRoundVoid, {
        body: { merchant, tableId: vars.table.id, roundNo: vars.roundNo, reason: reason.trim() },
      }),
    { invalidate: [key], success: voided },
  );
  const writable = can('games.write') && reason.trim().length > 0;
  const busy = status.isPending || voidRound.isPending;

  const close = async (table: LiveTable) => {
    if (await confirmAction(t('tables.confirmClose', { name: table.name }), t('tables.close')))
      status.mutate({ table, open: false });
  };
  const voidOpen = async (table: LiveTable) => {
    if (!table.round) return;
    const no = table.round.roundNo;
    if (await confirmAction(t('tables.confirmVoid', { name: table.name, no }), t('tables.void')))
      voidRound.mutate({ table, roundNo: no });
  };

  const columns: Column<LiveTable>[] = [
    { key: 'name', label: t('tables.name'), render: (r) => r.name },
    {
      key: 'game',
      label: t('tables.game'),
      render: (r) => t(`tables.games.${r.game}`, { defaultValue: r.game }),
    },
    {
      key: 'limits',
      label: t('tables.limits'),
      render: (r) => `${money(r.minBetMinor)} – ${money(r.maxBetMinor)}`,
      className: 'tabular-nums',
    },
    {
      key: 'status',
      label: t('tables.status'),
      render: (r) => (
        <span className={r.open ? 'text-ok' : 'text-danger'} data-testid={`bo-table-status-${r.id}`}>
          {r.open ? t('tables.open') : t('tables.closedState')}
          {r.open && !r.owner ? ` · ${t('tables.noClock')}` : ''}
        </span>
      ),
    },
    {
      key: 'round',
      label: t('tables.round'),
      render: (r) =>
        r.round
          ? t('tables.roundLine', {
              no: r.round.roundNo,
              bets: r.round.bets,
              stake: money(r.round.stakeMinor),
            })
          : '—',
    },
    {
      key: 'actions',
      label: t('tables.actions'),
      render: (r) => (
        <div className="flex flex-wrap gap-2">
          {r.open ? (
            <Button
              variant="danger"
              disabled={!writable || busy}
              data-testid={`bo-table-close-${r.id}`}
              onClick={() => void close(r)}
            >
              {t('tables.close')}
            </Button>
          ) : (
            <Button
              variant="primary"
              disabled={!writable || busy}
              data-testid={`bo-table-open-${r.id}`}
              onClick={() => status.mutate({ table: r, open: true })}
            >
              {t('tables.openAction')}
            </Button>
          )}
          {r.round ? (
            <Button
              disabled={!writable || busy}
              data-testid={`bo-table-void-${r.id}`}
              onClick={() => void voidOpen(r)}
            >
              {t('tables.void')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const rows = tables.data ?? [];
  return (
    <div data-testid="bo-games-tables">
      <PageTitle title={t('title')} />
      <GamesTabs />
      {can('games.write') ? (
        <div className="mb-3 max-w-md">
          <Field label={t('tables.reason')}>
            <Input
              value={reason}
              maxLength={200}
              data-testid="bo-table-reason"
              placeholder={t('tables.reasonHint')}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
        </div>
      ) : null}
      {tables.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(tables.error)}
        </p>
      )}
      <DataTable
        testId="bo-tables-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onPage={() => undefined}
        loading={tables.isPending}
      />
    </div>
  );
};
