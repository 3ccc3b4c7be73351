import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, PageTitle, TextArea } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { money, PromotionsTabs, type RuleRow } from './shared';

/** A starting point for a new promotion: every field the server checks. */
const TEMPLATE = {
  code: 'welcome',
  kind: 'first_deposit',
  active: true,
  startsAt: null,
  endsAt: null,
  frequency: 'once',
  percentBp: 10000,
  fixedMinor: 0,
  capMinor: 500000,
  minDepositMinor: 50000,
  minTurnoverMinor: 0,
  wageringBase: 'deposit_bonus',
  multiplier: 10,
  weights: { RNG: 100, FISH: 100, PVP: 20, LIVE: 10, SPORTS: 50 },
  maxBetMinor: 50000,
  expiryHours: 168,
  spendingOrder: 'cash_first',
  withdrawPolicy: 'forfeit',
  texts: { en: { title: 'Welcome bonus 100%', body: '' }, bn: { title: 'স্বাগতম বোনাস ১০০%', body: '' } },
};

/**
 * The promotion designer: the merchant's promotions with every version, and a new version saved
 * from the promotion's JSON (the server checks every field; each save is audited, in force at once).
 */
export const DesignerPage = () => {
  const { t, i18n } = useTranslation('promotions');
  const { merchant } = useMerchant();
  const canWrite = useCan()('promotions.write');
  const key = ['bo', 'promotions', 'rules', merchant];
  const rules = useQuery({
    queryKey: key,
    queryFn: () => requestBo<{ rules: RuleRow[] }>(endpoints.boPromoRules, { query: { merchant } }),
  });
  const [text, setText] = useState(JSON.stringify(TEMPLATE, null, 2));
  const save = useAction(
    (body: Record<string, unknown>) => requestBo<{ version: number }>(endpoints.boPromoRuleSave, { body }),
    { invalidate: [key], success: (d) => t('designer.saved', { version: d.version }) },
  );
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed) save.mutate({ ...parsed, merchant });
  };
  const edit = (rule: RuleRow) => {
    const { merchant: _m, version: _v, effectiveFrom: _e, ...rest } = rule;
    setText(JSON.stringify(rest, null, 2));
  };
  return (
    <div data-testid="bo-promotions-designer">
      <PageTitle title={t('title')} />
      <PromotionsTabs />
      {rules.isError && (
        <p role="alert" className="my-2 text-danger text-sm">
          {errorText(rules.error)}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[1fr_28rem]">
        <Card title={t('designer.versions')}>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="bo-promo-rules">
              <thead className="text-left text-muted text-xs">
                <tr>
                  <th className="p-1">{t('designer.code')}</th>
                  <th className="p-1">{t('designer.version')}</th>
                  <th className="p-1">{t('designer.kind')}</th>
                  <th className="p-1">{t('designer.bonus')}</th>
                  <th className="p-1">{t('designer.wagering')}</th>
                  <th className="p-1">{t('designer.from')}</th>
                  <th className="p-1" />
                </tr>
              </thead>
              <tbody>
                {(rules.data?.rules ?? []).map((r) => (
                  <tr key={`${r.code}:${r.version}`} className="border-line border-t">
                    <td className="p-1 font-medium">
                      {r.code} <span className="text-muted">{r.texts.en.title}</span>
                    </td>
                    <td className="p-1 tabular-nums">v{r.version}</td>
                    <td className="p-1">{r.active ? r.kind : `${r.kind} (${t('designer.off')})`}</td>
                    <td className="p-1 tabular-nums">
                      {r.percentBp > 0 ? `${r.percentBp / 100}% ≤ ${money(r.capMinor)}` : money(r.fixedMinor)}
                    </td>
                    <td className="p-1 tabular-nums">
                      {r.multiplier}× · {t('designer.maxBet')} {money(r.maxBetMinor)} · {r.withdrawPolicy}
                    </td>
                    <td className="p-1 whitespace-nowrap">
                      {new Date(r.effectiveFrom).toLocaleString(i18n.language)}
                    </td>
                    <td className="p-1">
                      <Button type="button" onClick={() => edit(r)}>
                        {t('designer.edit')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        <Card title={t('designer.newVersion')}>
          <form onSubmit={submit} className="flex flex-col gap-2">
            <Field label={t('designer.json')}>
              <TextArea
                data-testid="bo-promo-json"
                className="min-h-[28rem] font-mono text-xs"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            {parsed === null && <p className="text-danger text-sm">{t('designer.badJson')}</p>}
            <p className="text-muted text-xs">{t('designer.help')}</p>
            <Button
              type="submit"
              variant="primary"
              disabled={!canWrite || parsed === null || save.isPending}
              data-testid="bo-promo-save"
            >
              {t('designer.save')}
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
};
