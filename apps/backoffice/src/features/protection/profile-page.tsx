import {
  AML_RETENTION_MAX,
  AML_RETENTION_MIN,
  endpoints,
  GAME_TYPES,
  LIMIT_PROMPTS,
  MIN_AGES,
  MONEY_MODES,
  PROFILE_COOLING_OFF_MAX,
  PROFILE_COOLING_OFF_MIN,
  RISK_CYCLE_HOURS_MAX,
  RISK_CYCLE_HOURS_MIN,
  RISK_CYCLE_PERCENT_MAX,
  RISK_CYCLE_PERCENT_MIN,
} from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select, Toggle } from '../../shared/ui/controls';
import { confirmAction, useAction, useDraft } from '../../shared/ui/feedback';
import { PageLoading } from '../../shared/ui/page-loading';
import { formatTime } from '../../shared/ui/table';
import { ProtectionTabs } from './shared';

type Profile = {
  merchant: string;
  version: number;
  savedAt: number | null;
  savedBy: number | null;
  minAge: number;
  moneyMode: string;
  allowedProducts: string[];
  coolingOffHours: number;
  limitPrompt: string;
  kycBeforeDeposit: boolean;
  kycWithdrawalAbove: string | null;
  amlRetentionYears: number;
  riskCycleHours: number;
  riskCyclePercent: number;
  riskHoldWithdrawals: boolean;
};

/** Minor units shown and typed as a whole amount (the profile's KYC threshold). */
const majorOf = (minor: string | null) => (minor === null ? '' : String(BigInt(minor) / 100n));

/**
 * The merchant's licence profile (ADR 045): minimum age, money mode, allowed verticals, cooling-off,
 * limit prompt, KYC rules, risk rules (ADR 057). Saving makes a new version (audited); an editor behind a newer version is refused.
 */
export const ProfilePage = () => {
  const { t, i18n } = useTranslation('protection');
  const { merchant } = useMerchant();
  const can = useCan();
  const key = ['bo', 'protection', 'profile', merchant];
  const data = useQuery({
    queryKey: key,
    queryFn: () => requestBo<Profile>(endpoints.boProtectionProfile, { query: { merchant } }),
  });
  const [draft, setDraft] = useDraft(data.data);
  const save = useAction(
    (body: Record<string, unknown>) => requestBo<Profile>(endpoints.boProtectionProfileSave, { body }),
    { success: t('profile.saved'), invalidate: [key] },
  );
  const set = (change: Partial<Profile>) => setDraft((d) => (d ? { ...d, ...change } : d));
  const submit = async () => {
    if (!draft || !(await confirmAction(t('profile.confirm'), t('profile.save'), false))) return;
    const { version, savedAt: _at, savedBy: _by, ...rest } = draft;
    save.mutate({ ...rest, merchant, baseVersion: version });
  };
  const readOnly = !can('protection.write');
  return (
    <div data-testid="page-bo-protection-profile">
      <PageTitle title={t('title')} />
      <ProtectionTabs />
      {data.isPending || !draft ? (
        data.isError ? (
          <p className="text-red-600">{t('loadFailed')}</p>
        ) : (
          <PageLoading />
        )
      ) : (
        <Card title={t('profile.title', { merchant })}>
          <p className="mb-4 text-muted text-sm" data-testid="bo-profile-version">
            {draft.version === 0
              ? t('profile.defaults')
              : t('profile.version', {
                  version: draft.version,
                  at: draft.savedAt ? formatTime(draft.savedAt, i18n.language) : '',
                })}
          </p>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
            <Field label={t('profile.minAge')}>
              <Select
                value={String(draft.minAge)}
                disabled={readOnly}
                onChange={(e) => set({ minAge: Number(e.target.value) })}
              >
                {MIN_AGES.map((age) => (
                  <option key={age} value={age}>
                    {age}+
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('profile.moneyMode')}>
              <Select
                value={draft.moneyMode}
                disabled={readOnly}
                data-testid="bo-profile-money"
                onChange={(e) => set({ moneyMode: e.target.value })}
              >
                {MONEY_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(`profile.money.${m}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('profile.coolingOff')}>
              <Input
                type="number"
                min={PROFILE_COOLING_OFF_MIN}
                max={PROFILE_COOLING_OFF_MAX}
                value={draft.coolingOffHours}
                disabled={readOnly}
                onChange={(e) => set({ coolingOffHours: Number(e.target.value) })}
              />
            </Field>
            <Field label={t('profile.amlRetention')}>
              <Input
                type="number"
                min={AML_RETENTION_MIN}
                max={AML_RETENTION_MAX}
                value={draft.amlRetentionYears}
                disabled={readOnly}
                onChange={(e) => set({ amlRetentionYears: Number(e.target.value) })}
                data-testid="profile-aml-retention"
              />
            </Field>
            <Field label={t('profile.limitPrompt')}>
              <Select
                value={draft.limitPrompt}
                disabled={readOnly}
                onChange={(e) => set({ limitPrompt: e.target.value })}
              >
                {LIMIT_PROMPTS.map((p) => (
                  <option key={p} value={p}>
                    {t(`profile.prompt.${p}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('profile.kycAbove')}>
              <Input
                inputMode="numeric"
                value={majorOf(draft.kycWithdrawalAbove)}
                placeholder={t('profile.kycAboveNone')}
                disabled={readOnly}
                data-testid="bo-profile-kyc-above"
                onChange={(e) => {
                  const v = e.target.value.trim();
                  if (v === '') set({ kycWithdrawalAbove: null });
                  else if (/^[0-9]{1,12}$/.test(v)) set({ kycWithdrawalAbove: String(BigInt(v) * 100n) });
                }}
              />
            </Field>
            <div className="flex items-end gap-2">
              <Toggle
                checked={draft.kycBeforeDeposit}
                disabled={readOnly}
                onChange={(v) => set({ kycBeforeDeposit: v })}
                label={t('profile.kycBeforeDeposit')}
              />
              <span className="text-sm">{t('profile.kycBeforeDeposit')}</span>
            </div>
          </div>
          <fieldset className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <legend className="mb-2 font-medium text-sm">{t('profile.risk')}</legend>
            <Field label={t('profile.riskCycleHours')}>
              <Input
                type="number"
                min={RISK_CYCLE_HOURS_MIN}
                max={RISK_CYCLE_HOURS_MAX}
                value={draft.riskCycleHours}
                disabled={readOnly}
                data-testid="bo-profile-risk-hours"
                onChange={(e) => set({ riskCycleHours: Number(e.target.value) })}
              />
            </Field>
            <Field label={t('profile.riskCyclePercent')}>
              <Input
                type="number"
                min={RISK_CYCLE_PERCENT_MIN}
                max={RISK_CYCLE_PERCENT_MAX}
                value={draft.riskCyclePercent}
                disabled={readOnly}
                data-testid="bo-profile-risk-percent"
                onChange={(e) => set({ riskCyclePercent: Number(e.target.value) })}
              />
            </Field>
            <div className="flex items-end gap-2">
              <Toggle
                checked={draft.riskHoldWithdrawals}
                disabled={readOnly}
                onChange={(v) => set({ riskHoldWithdrawals: v })}
                label={t('profile.riskHold')}
                testId="bo-profile-risk-hold"
              />
              <span className="text-sm">{t('profile.riskHold')}</span>
            </div>
          </fieldset>
          <fieldset className="mt-4">
            <legend className="mb-2 font-medium text-sm">{t('profile.verticals')}</legend>
            <div className="flex flex-wrap gap-3">
              {GAME_TYPES.map((g) => (
                <label key={g} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    disabled={readOnly}
                    checked={draft.allowedProducts.includes(g)}
                    onChange={(e) =>
                      set({
                        allowedProducts: e.target.checked
                          ? [...draft.allowedProducts, g]
                          : draft.allowedProducts.filter((x) => x !== g),
                      })
                    }
                  />
                  {g}
                </label>
              ))}
            </div>
          </fieldset>
          {readOnly ? null : (
            <div className="mt-4">
              <Button
                variant="primary"
                pending={save.isPending}
                onClick={() => void submit()}
                data-testid="bo-profile-save"
              >
                {t('profile.save')}
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
};
