import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { Button, Card, Field, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { CsvButton, formatTime } from '../../shared/ui/table';
import { AgencyTabs } from './agency-tabs';

const KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;
type Kind = (typeof KINDS)[number];

type Line = {
  account: string;
  rateBp: number;
  activeMembers: number;
  teamTurnoverMinor: string;
  teamGgrMinor: string;
  grossMinor: string;
  childrenMinor: string;
  owedMinor: string;
};
type Preview = { periodStart: number; periodEnd: number; lines: Line[] };
type Bill = Line & {
  id: number;
  kind: Kind;
  periodStart: number;
  seq: number;
  amountMinor: string;
  state: string;
};

const pct = (bp: number) => `${bp / 100}%`;

/**
 * Settlement runs: the preview of the last finished period of a kind (the current hour for the
 * real-time salary), the run (each contract paid once; a second run writes nothing), the bills
 * with CSV (templates and applications have their own tabs).
 */
export const RunsPage = () => {
  const { t, i18n } = useTranslation('agency');
  const { merchant } = useMerchant();
  const [kind, setKind] = useState<Kind>('daily');
  const preview = useQuery({
    queryKey: ['bo', 'agency', 'preview', merchant, kind],
    queryFn: () => requestBo<Preview>(endpoints.boAgencyPreview, { query: { merchant, kind } }),
  });
  const bills = useQuery({
    queryKey: ['bo', 'agency', 'bills', merchant, kind],
    queryFn: () => requestBo<{ items: Bill[] }>(endpoints.boAgencySettlements, { query: { merchant, kind } }),
  });
  const run = useAction(
    () =>
      requestBo<{ written: number; paidMinor: string }>(endpoints.boAgencyRun, { body: { merchant, kind } }),
    {
      success: (r) => t('ran', { written: r.written, paid: r.paidMinor }),
      invalidate: [['bo', 'agency']],
    },
  );
  return (
    <div className="flex flex-col gap-4" data-testid="bo-agency">
      <PageTitle title={t('title')} />
      <AgencyTabs />
      <Card
        title={t('preview')}
        actions={
          <>
            <Field label={t('kind')}>
              <Select
                value={kind}
                onChange={(e) => setKind(e.target.value as Kind)}
                data-testid="bo-agency-kind"
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              variant="primary"
              pending={run.isPending}
              data-testid="bo-agency-run"
              onClick={async () => {
                if (await confirmAction(t('confirmRun'), t('run'), false)) run.mutate(undefined);
              }}
            >
              {t('run')}
            </Button>
          </>
        }
      >
        {preview.data ? (
          <p className="mb-2 text-muted text-sm">
            {formatTime(preview.data.periodStart, i18n.language)} –{' '}
            {formatTime(preview.data.periodEnd, i18n.language)}
          </p>
        ) : null}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted text-xs">
              <tr>
                {['account', 'active', 'rate', 'base', 'gross', 'children', 'owed'].map((c) => (
                  <th key={c} className="py-1 pr-3 font-medium">
                    {t(`col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(preview.data?.lines ?? []).map((l) => (
                <tr key={l.account} className="border-line border-t">
                  <td className="py-1.5 pr-3">{l.account}</td>
                  <td className="pr-3 tabular-nums">{l.activeMembers}</td>
                  <td className="pr-3 tabular-nums">{pct(l.rateBp)}</td>
                  <td className="pr-3 tabular-nums">
                    {kind === 'dividend' ? l.teamGgrMinor : l.teamTurnoverMinor}
                  </td>
                  <td className="pr-3 tabular-nums">{l.grossMinor}</td>
                  <td className="pr-3 tabular-nums">{l.childrenMinor}</td>
                  <td className="pr-3 font-semibold tabular-nums">{l.owedMinor}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card
        title={t('bills')}
        actions={
          <CsvButton
            download={() =>
              downloadCsv(endpoints.boAgencySettlementsCsv, { merchant, kind }, `agency-${kind}.csv`)
            }
          />
        }
      >
        <ul className="flex flex-col gap-1 text-sm" data-testid="bo-agency-bills">
          {(bills.data?.items ?? []).map((b) => (
            <li key={b.id} className="flex flex-wrap justify-between gap-2 border-line border-t py-1.5">
              <span>
                {b.account} · {formatTime(b.periodStart, i18n.language)} #{b.seq}
              </span>
              <span className="tabular-nums">
                {b.amountMinor} · {t(`state.${b.state}`)}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
};
