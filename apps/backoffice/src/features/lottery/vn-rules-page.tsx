import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { LotteryTabs, money, type VnExposure, type VnRule } from './shared';

const REGIONS = ['north', 'south', 'central'] as const;
type Region = (typeof REGIONS)[number];
/** The editor's copy of a rule: payouts in thousandths, amounts as whole units typed. */
type Draft = { payouts: Record<string, string>; min: string; max: string; cap: string };

const wholeOf = (minor: string) => String(BigInt(minor) / 100n);
const draftOf = (rule: VnRule): Draft => ({
  payouts: Object.fromEntries(Object.entries(rule.payouts).map(([k, v]) => [k, String(v)])),
  min: wholeOf(rule.minStakeMinor),
  max: wholeOf(rule.maxStakeMinor),
  cap: wholeOf(rule.liabilityCapMinor),
});
const digits = (v: string) => /^[0-9]{1,12}$/.test(v);

/** A draw's liability per number against the region's cap (looked up by issue number). */
const ExposureCard = () => {
  const { t } = useTranslation('lottery');
  const { merchant } = useMerchant();
  const [issueNo, setIssueNo] = useState('');
  const [asked, setAsked] = useState('');
  const exposure = useQuery({
    queryKey: ['bo', 'lottery', 'vn-exposure', merchant, asked],
    enabled: Boolean(merchant && asked),
    refetchInterval: 10_000,
    queryFn: () => requestBo<VnExposure>(endpoints.boVnExposure, { query: { merchant, issueNo: asked } }),
  });
  return (
    <Card title={t('vnRules.exposure')}>
      <form
        className="mb-2 flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(issueNo);
        }}
      >
        <Field label={t('void.issue')}>
          <Input
            value={issueNo}
            placeholder="20261127-HN"
            data-testid="bo-vn-exposure-issue"
            onChange={(e) => setIssueNo(e.target.value.trim())}
          />
        </Field>
        <Button type="submit" disabled={!issueNo} data-testid="bo-vn-exposure-show">
          {t('vnRules.show')}
        </Button>
      </form>
      {exposure.isError ? (
        <p role="alert" className="text-danger text-sm">
          {errorText(exposure.error)}
        </p>
      ) : null}
      {exposure.data ? (
        <ul className="grid gap-1 text-sm" data-testid="bo-vn-exposure">
          {exposure.data.numbers.length === 0 ? <li className="text-muted">{t('exposure.none')}</li> : null}
          {exposure.data.numbers.map((n) => (
            <li key={n.key} className="flex justify-between gap-2 tabular-nums">
              <code>{n.key}</code>
              <span>
                {money(n.liabilityMinor)} / {money(exposure.data.liabilityCapMinor)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
};

/**
 * The Vietnamese lotteries' rules (ADR 058): a region's rule in force with each bet type's payout
 * and RTP, stake limits and the liability cap per number per draw; saving makes a new version in
 * force at once (the server refuses an RTP above 100 %); a draw's exposure per number.
 */
export const VnRulesPage = () => {
  const { t } = useTranslation('lottery');
  const { merchant } = useMerchant();
  const can = useCan();
  const [region, setRegion] = useState<Region>('north');
  const key = ['bo', 'lottery', 'vn-rules', merchant] as const;
  const rules = useQuery({
    queryKey: key,
    enabled: Boolean(merchant),
    queryFn: () => requestBo<VnRule[]>(endpoints.boVnRules, { query: { merchant } }),
  });
  const rule = rules.data?.find((r) => r.region === region);
  // The editor's copy, made again whenever the rule in force (or the region) changes.
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [seen, setSeen] = useState<VnRule | undefined>(undefined);
  if (seen !== rule) {
    setSeen(rule);
    setDraft(rule ? draftOf(rule) : undefined);
  }
  const save = useAction(
    (body: Record<string, unknown>) => requestBo<VnRule>(endpoints.boVnRuleSave, { body }),
    {
      invalidate: [key],
      success: t('rules.saved'),
    },
  );
  const readOnly = !can('lottery.write');
  const valid =
    draft !== undefined &&
    [draft.min, draft.max, draft.cap, ...Object.values(draft.payouts)].every(digits) &&
    [draft.min, draft.max, draft.cap].every((v) => v !== '0');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !valid) return;
    if (
      !(await confirmAction(
        t('vnRules.confirm', { region: t(`vn.region.${region}`) }),
        t('rules.save'),
        false,
      ))
    )
      return;
    save.mutate({
      merchant,
      region,
      payouts: Object.fromEntries(Object.entries(draft.payouts).map(([k, v]) => [k, Number(v)])),
      minStakeMinor: String(BigInt(draft.min) * 100n),
      maxStakeMinor: String(BigInt(draft.max) * 100n),
      liabilityCapMinor: String(BigInt(draft.cap) * 100n),
    });
  };
  return (
    <div data-testid="bo-lottery-vn-rules">
      <PageTitle title={t('title')} />
      <LotteryTabs />
      <Field label={t('vn.regionLabel')}>
        <Select
          value={region}
          data-testid="bo-vn-rules-region"
          onChange={(e) => setRegion(e.target.value as Region)}
        >
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {t(`vn.region.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      {rules.isError ? (
        <p role="alert" className="my-2 text-danger text-sm">
          {errorText(rules.error)}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_22rem]">
        {rule && draft ? (
          <Card title={t('vnRules.version', { version: rule.version, region: t(`vn.region.${region}`) })}>
            <form onSubmit={submit} className="grid gap-3">
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                {(['min', 'max', 'cap'] as const).map((field) => (
                  <Field key={field} label={t(`vnRules.${field}`)}>
                    <Input
                      inputMode="numeric"
                      value={draft[field]}
                      disabled={readOnly}
                      data-testid={`bo-vn-rules-${field}`}
                      onChange={(e) => setDraft({ ...draft, [field]: e.target.value.trim() })}
                    />
                  </Field>
                ))}
              </div>
              <div className="overflow-x-auto">
                <table className="w-full text-sm" data-testid="bo-vn-rules-table">
                  <thead>
                    <tr className="text-left text-muted text-xs">
                      <th className="py-1 pr-3">{t('vnRules.betType')}</th>
                      <th className="py-1 pr-3">{t('vnRules.payout')}</th>
                      <th className="py-1">{t('vnRules.rtp')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.keys(draft.payouts).map((type) => (
                      <tr key={type} data-testid={`bo-vn-rules-row-${type}`}>
                        <td className="py-1 pr-3">
                          <code>{type}</code>
                        </td>
                        <td className="py-1 pr-3">
                          <Input
                            inputMode="numeric"
                            className="w-32"
                            aria-label={`${type} ${t('vnRules.payout')}`}
                            value={draft.payouts[type] ?? ''}
                            disabled={readOnly}
                            onChange={(e) =>
                              setDraft({
                                ...draft,
                                payouts: { ...draft.payouts, [type]: e.target.value.trim() },
                              })
                            }
                          />
                        </td>
                        <td className="py-1 tabular-nums">
                          {((rule.rtpBp[type as keyof typeof rule.rtpBp] ?? 0) / 100).toFixed(2)} %
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="text-muted text-xs">{t('vnRules.hint')}</p>
              <div>
                <Button
                  type="submit"
                  variant="primary"
                  disabled={readOnly || !valid || save.isPending}
                  data-testid="bo-vn-rules-save"
                >
                  {t('rules.save')}
                </Button>
              </div>
            </form>
          </Card>
        ) : (
          <div />
        )}
        <div className="grid content-start gap-4">
          <ExposureCard />
        </div>
      </div>
    </div>
  );
};
