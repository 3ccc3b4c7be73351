import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useCan } from '../../shared/session';
import { Input, PageTitle, Toggle } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { type Column, DataTable } from '../../shared/ui/table';
import { GamesTabs, type Vendor } from './shared';

const KEY = ['bo', 'games', 'vendors'] as const;

/** Game vendors: enable or disable each (a disabled vendor's games refuse to launch). */
export const VendorsPage = () => {
  const { t } = useTranslation('games');
  const can = useCan();
  const [filter, setFilter] = useState('');
  const vendors = useQuery({
    queryKey: KEY,
    queryFn: () => requestBo<{ items: Vendor[] }>(endpoints.boGameVendors),
  });
  const toggle = useAction(
    (vars: { vendor: Vendor; enabled: boolean }) =>
      requestBo<Vendor>(endpoints.boGameVendorStatus, {
        body: { code: vars.vendor.code, gameType: vars.vendor.gameType, enabled: vars.enabled },
      }),
    { invalidate: [KEY], success: t('vendors.saved') },
  );
  const change = async (vendor: Vendor, enabled: boolean) => {
    if (
      !enabled &&
      !(await confirmAction(t('vendors.confirmDisable', { name: vendor.displayName }), t('vendors.disable')))
    )
      return;
    toggle.mutate({ vendor, enabled });
  };
  const needle = filter.trim().toLowerCase();
  const rows = (vendors.data?.items ?? []).filter(
    (v) => !needle || v.code.toLowerCase().includes(needle) || v.displayName.toLowerCase().includes(needle),
  );
  const columns: Column<Vendor>[] = [
    { key: 'code', label: t('vendors.code'), render: (v) => <code className="text-xs">{v.code}</code> },
    { key: 'name', label: t('vendors.name'), render: (v) => v.displayName },
    { key: 'type', label: t('vendors.type'), render: (v) => v.gameType },
    { key: 'games', label: t('vendors.games'), render: (v) => v.games, className: 'text-right tabular-nums' },
    { key: 'provider', label: t('vendors.provider'), render: (v) => v.provider ?? t('vendors.noProvider') },
    { key: 'demo', label: t('vendors.demo'), render: (v) => (v.allowDemo ? '✓' : '—') },
    {
      key: 'enabled',
      label: t('vendors.enabled'),
      render: (v) => (
        <Toggle
          checked={v.enabled}
          label={t('vendors.enabledFor', { name: v.displayName })}
          disabled={!can('games.write') || toggle.isPending}
          testId={`bo-vendor-${v.gameType}-${v.code}`}
          onChange={(enabled) => void change(v, enabled)}
        />
      ),
    },
  ];
  return (
    <div data-testid="bo-games-vendors">
      <PageTitle title={t('title')} />
      <GamesTabs />
      <div className="mb-3 max-w-xs">
        <Input
          value={filter}
          placeholder={t('vendors.search')}
          aria-label={t('vendors.search')}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {vendors.isError && (
        <p role="alert" className="mb-2 text-danger text-sm">
          {errorText(vendors.error)}
        </p>
      )}
      <DataTable
        testId="bo-vendors-table"
        columns={columns}
        rows={rows}
        rowKey={(v) => `${v.gameType}:${v.code}`}
        total={rows.length}
        page={1}
        pageSize={Math.max(rows.length, 1)}
        onPage={() => undefined}
        loading={vendors.isPending}
      />
    </div>
  );
};
