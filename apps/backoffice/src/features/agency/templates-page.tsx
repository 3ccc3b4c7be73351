import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { formatTime } from '../../shared/ui/table';
import { AgencyTabs } from './agency-tabs';

const KINDS = ['daily', 'hourly', 'realtime', 'dividend'] as const;
type Kind = (typeof KINDS)[number];
const CARRY = ['none', 'permanent', 'previous', 'half_month'] as const;
type Tier = { minActive: number; rateBp: number };
type Template = { kind: Kind; tiers: Tier[]; cycles: 1 | 2 | 3; carry: (typeof CARRY)[number] };
type Templates = {
  version: number;
  createdAt: number | null;
  createdBy: string | null;
  templates: Template[];
  maxRateBp: Record<Kind, number>;
  versions: { version: number; createdAt: number; createdBy: string; kinds: number }[];
};
/** The editor's copy of one kind: offered or not, tiers as typed (rate in percent). */
type DraftTier = { minActive: string; rate: string };
type DraftKind = { offered: boolean; tiers: DraftTier[]; cycles: 1 | 2 | 3; carry: Template['carry'] };
type Draft = Record<Kind, DraftKind>;

const draftOf = (set: Templates): Draft =>
  Object.fromEntries(
    KINDS.map((kind) => {
      const tpl = set.templates.find((x) => x.kind === kind);
      return [
        kind,
        {
          offered: Boolean(tpl),
          tiers: (tpl?.tiers ?? [{ minActive: 0, rateBp: 0 }]).map((x) => ({
            minActive: String(x.minActive),
            rate: String(x.rateBp / 100),
          })),
          cycles: tpl?.cycles ?? 1,
          carry: tpl?.carry ?? 'none',
        },
      ];
    }),
  ) as Draft;

/** "0.5" % → 50 basis points; NaN when it is not a number with at most two decimals. */
const bpOf = (percent: string) =>
  /^[0-9]{1,3}(\.[0-9]{1,2})?$/.test(percent) ? Math.round(Number(percent) * 100) : Number.NaN;

/**
 * The merchant's contract templates (ADR 059): the agent programme in force (the join page's
 * tables, the terms an approved agent is given), edited as a new version saved at once; the
 * server refuses a rate above the kind's maximum or tiers out of order.
 */
export const TemplatesPage = () => {
  const { t, i18n } = useTranslation('agency');
  const { merchant } = useMerchant();
  const can = useCan();
  const key = ['bo', 'agency', 'templates', merchant] as const;
  const set = useQuery({
    queryKey: key,
    enabled: Boolean(merchant),
    queryFn: () => requestBo<Templates>(endpoints.boAgencyTemplates, { query: { merchant } }),
  });
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [seen, setSeen] = useState<Templates | undefined>(undefined);
  if (seen !== set.data) {
    setSeen(set.data);
    setDraft(set.data ? draftOf(set.data) : undefined);
  }
  const save = useAction(
    (body: Record<string, unknown>) => requestBo<Templates>(endpoints.boAgencyTemplatesSave, { body }),
    { invalidate: [key], success: (r) => t('templates.saved', { version: r.version }) },
  );
  const readOnly = !can('agency.write');
  const change = (kind: Kind, next: Partial<DraftKind>) =>
    setDraft((d) => (d ? { ...d, [kind]: { ...d[kind], ...next } } : d));
  const setTier = (kind: Kind, i: number, next: Partial<DraftTier>) =>
    draft && change(kind, { tiers: draft[kind].tiers.map((x, j) => (j === i ? { ...x, ...next } : x)) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const templates = KINDS.filter((k) => draft[k].offered).map((kind) => ({
      kind,
      tiers: draft[kind].tiers.map((x) => ({ minActive: Number(x.minActive), rateBp: bpOf(x.rate) })),
      cycles: kind === 'dividend' ? draft[kind].cycles : 1,
      carry: kind === 'dividend' ? draft[kind].carry : 'none',
    }));
    if (!(await confirmAction(t('templates.confirm'), t('templates.save'), false))) return;
    save.mutate({ merchant, templates });
  };
  const data = set.data;
  return (
    <div className="flex flex-col gap-4" data-testid="bo-agency-templates">
      <PageTitle title={t('title')} />
      <AgencyTabs />
      {data ? (
        <p className="text-muted text-sm" data-testid="bo-agency-templates-version">
          {data.version === 0
            ? t('templates.default')
            : t('templates.inForce', {
                version: data.version,
                by: data.createdBy,
                at: formatTime(data.createdAt ?? 0, i18n.language),
              })}
        </p>
      ) : null}
      {draft && data ? (
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <div className="grid gap-4 lg:grid-cols-2">
            {KINDS.map((kind) => {
              const k = draft[kind];
              return (
                <Card key={kind} title={t(`kinds.${kind}`)}>
                  <div className="flex flex-col gap-2" data-testid={`bo-template-${kind}`}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={k.offered}
                        disabled={readOnly}
                        data-testid={`bo-template-${kind}-offered`}
                        onChange={(e) => change(kind, { offered: e.target.checked })}
                      />
                      {t('templates.offered')}
                    </label>
                    {k.offered ? (
                      <>
                        <p className="text-muted text-xs">
                          {t(kind === 'dividend' ? 'templates.shareHint' : 'templates.rateHint', {
                            max: data.maxRateBp[kind] / 100,
                          })}
                        </p>
                        {k.tiers.map((tier, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place by position
                          <div key={i} className="flex items-end gap-2">
                            <Field label={t('templates.minActive')}>
                              <Input
                                inputMode="numeric"
                                value={tier.minActive}
                                disabled={readOnly}
                                data-testid={`bo-template-${kind}-active-${i}`}
                                onChange={(e) => setTier(kind, i, { minActive: e.target.value.trim() })}
                              />
                            </Field>
                            <Field label={t('templates.ratePercent')}>
                              <Input
                                inputMode="decimal"
                                value={tier.rate}
                                disabled={readOnly}
                                data-testid={`bo-template-${kind}-rate-${i}`}
                                onChange={(e) => setTier(kind, i, { rate: e.target.value.trim() })}
                              />
                            </Field>
                            {i > 0 && !readOnly ? (
                              <Button
                                aria-label={t('templates.removeTier')}
                                onClick={() => change(kind, { tiers: k.tiers.filter((_, j) => j !== i) })}
                              >
                                <Minus aria-hidden="true" className="size-4" />
                              </Button>
                            ) : null}
                          </div>
                        ))}
                        {!readOnly && k.tiers.length < 10 ? (
                          <div>
                            <Button
                              data-testid={`bo-template-${kind}-add`}
                              onClick={() =>
                                change(kind, { tiers: [...k.tiers, { minActive: '', rate: '' }] })
                              }
                            >
                              <Plus aria-hidden="true" className="size-4" /> {t('templates.addTier')}
                            </Button>
                          </div>
                        ) : null}
                        {kind === 'dividend' ? (
                          <div className="flex gap-2">
                            <Field label={t('templates.cycles')}>
                              <Select
                                value={k.cycles}
                                disabled={readOnly}
                                onChange={(e) =>
                                  change(kind, { cycles: Number(e.target.value) as 1 | 2 | 3 })
                                }
                              >
                                {[1, 2, 3].map((n) => (
                                  <option key={n} value={n}>
                                    {t('templates.cyclesN', { n })}
                                  </option>
                                ))}
                              </Select>
                            </Field>
                            <Field label={t('templates.carry')}>
                              <Select
                                value={k.carry}
                                disabled={readOnly}
                                onChange={(e) => change(kind, { carry: e.target.value as Template['carry'] })}
                              >
                                {CARRY.map((c) => (
                                  <option key={c} value={c}>
                                    {t(`carry.${c}`)}
                                  </option>
                                ))}
                              </Select>
                            </Field>
                          </div>
                        ) : null}
                      </>
                    ) : null}
                  </div>
                </Card>
              );
            })}
          </div>
          {readOnly ? null : (
            <div>
              <Button
                type="submit"
                variant="primary"
                pending={save.isPending}
                disabled={!KINDS.some((k) => draft[k].offered)}
                data-testid="bo-agency-templates-save"
              >
                {t('templates.save')}
              </Button>
            </div>
          )}
        </form>
      ) : null}
      <Card title={t('templates.versions')}>
        <ul className="flex flex-col gap-1 text-sm" data-testid="bo-agency-template-versions">
          {(data?.versions ?? []).length === 0 ? (
            <li className="text-muted">{t('templates.noVersions')}</li>
          ) : null}
          {(data?.versions ?? []).map((v) => (
            <li key={v.version} className="flex justify-between gap-2 border-line border-t py-1.5">
              <span>
                {t('templates.version', { version: v.version })} · {v.createdBy}
              </span>
              <span className="text-muted">{formatTime(v.createdAt, i18n.language)}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
};
