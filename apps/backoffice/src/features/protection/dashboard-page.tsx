import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { type Dashboard, ProtectionTabs } from './shared';

const Figure = ({ label, value, testId }: { label: string; value: number; testId: string }) => (
  <div className="rounded-lg border border-line bg-surface p-4">
    <div className="text-muted text-xs">{label}</div>
    <div className="font-semibold text-2xl tabular-nums" data-testid={testId}>
      {value}
    </div>
  </div>
);

/** The responsible-gaming dashboard: limits in force, exclusions, reality checks; and a pause staff record. */
export const DashboardPage = () => {
  const { t } = useTranslation('protection');
  const { merchant } = useMerchant();
  const can = useCan();
  const data = useQuery({
    queryKey: ['bo', 'protection', 'dashboard', merchant],
    queryFn: () => requestBo<Dashboard>(endpoints.boProtectionDashboard, { query: { merchant } }),
  });
  const [form, setForm] = useState({ memberId: '', choice: 'timeout:1', reason: '' });
  const record = useAction(
    (body: Record<string, unknown>) => requestBo<{ ok: true }>(endpoints.boProtectionExclude, { body }),
    {
      success: t('exclude.done'),
      invalidate: [['bo', 'protection']],
      onSuccess: () => setForm({ memberId: '', choice: 'timeout:1', reason: '' }),
    },
  );
  const submit = async () => {
    if (!(await confirmAction(t('exclude.confirm'), t('exclude.submit')))) return;
    const [type, length = ''] = form.choice.split(':');
    record.mutate({
      memberId: Number(form.memberId),
      reason: form.reason,
      ...(type === 'timeout'
        ? { type: 'timeout', days: Number(length) }
        : { type: 'selfExclusion', term: length }),
    });
  };
  return (
    <div data-testid="bo-protection-dashboard">
      <PageTitle title={t('title')} />
      <ProtectionTabs />
      {data.isPending ? (
        <PageLoading />
      ) : data.isError ? (
        <p className="text-red-600">{t('loadFailed')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Figure label={t('dashboard.timeouts')} value={data.data.timeouts} testId="bo-rg-timeouts" />
            <Figure
              label={t('dashboard.selfExclusions')}
              value={data.data.selfExclusions}
              testId="bo-rg-exclusions"
            />
            <Figure
              label={t('dashboard.pending')}
              value={data.data.pendingIncreases}
              testId="bo-rg-pending"
            />
            <Figure
              label={t('dashboard.realityChecks')}
              value={data.data.realityChecks7d}
              testId="bo-rg-checks"
            />
            <Figure
              label={t('dashboard.realityStops')}
              value={data.data.realityStops7d}
              testId="bo-rg-stops"
            />
          </div>
          <Card title={t('dashboard.limits')}>
            {data.data.activeLimits.length === 0 ? (
              <p className="text-muted text-sm">{t('dashboard.noLimits')}</p>
            ) : (
              <table className="w-full text-sm">
                <tbody>
                  {data.data.activeLimits.map((l) => (
                    <tr key={`${l.kind}.${l.period}`} className="border-line border-b last:border-0">
                      <td className="py-1.5">{t(`kind.${l.kind}`)}</td>
                      <td className="py-1.5">{t(`period.${l.period}`)}</td>
                      <td className="py-1.5 text-right tabular-nums">{l.members}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        </div>
      )}
      {can('protection.write') ? (
        <Card title={t('exclude.title')} className="mt-4">
          <form
            className="grid grid-cols-1 gap-2 sm:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Field label={t('exclude.memberId')}>
              <Input
                inputMode="numeric"
                required
                value={form.memberId}
                onChange={(e) => setForm({ ...form, memberId: e.target.value.replace(/[^0-9]/g, '') })}
              />
            </Field>
            <Field label={t('exclude.length')}>
              <Select value={form.choice} onChange={(e) => setForm({ ...form, choice: e.target.value })}>
                {[1, 7, 30, 42].map((d) => (
                  <option key={d} value={`timeout:${d}`}>
                    {t('exclude.timeoutDays', { count: d })}
                  </option>
                ))}
                {['6m', '1y', '5y', 'permanent'].map((term) => (
                  <option key={term} value={`exclusion:${term}`}>
                    {t(`exclude.term.${term}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('exclude.reason')}>
              <Input
                required
                minLength={3}
                value={form.reason}
                onChange={(e) => setForm({ ...form, reason: e.target.value })}
              />
            </Field>
            <div className="flex items-end">
              <Button type="submit" variant="primary" disabled={record.isPending}>
                {t('exclude.submit')}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
    </div>
  );
};
