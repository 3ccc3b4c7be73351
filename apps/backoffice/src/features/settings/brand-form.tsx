import type { BrandConfig, WhitelabelNode } from '@khela/contract';
import { LANGUAGES, type Language } from '@khela/contract/browser';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { Button, Card, Field, Input, Select, TextArea, Toggle } from '../../shared/ui/controls';
import { useAction, useDraft } from '../../shared/ui/feedback';
import { type SettingsValue, settingsKey } from './settings-query';
import { useSaveSetting } from './use-save';

/** A module's stored switch and whether every parent above it is on (else it is off in effect). */
export const flagState = (
  nodes: WhitelabelNode[],
  modId: string,
  parentOn = true,
): { on: boolean; parentOn: boolean } | null => {
  for (const node of nodes) {
    if (node.modId === modId) return { on: node.enabled === '1', parentOn };
    const inner = flagState(node.childrenNodes, modId, parentOn && node.enabled === '1');
    if (inner) return inner;
  }
  return null;
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Brand switches that live in the whitelabel tree but belong on the brand screen. */
const BRAND_FLAGS = ['DIRECTREG3', 'FREEPLAY3'] as const;

const BrandFlag = ({
  modId,
  on,
  parentOn,
  merchant,
  readOnly,
}: {
  modId: string;
  /** The stored switch (what a flip changes). */
  on: boolean;
  /** False when a parent module is off: the switch keeps its value but is off in effect. */
  parentOn: boolean;
  merchant: string;
  readOnly: boolean;
}) => {
  const { t } = useTranslation('settings');
  const flip = useAction((enabled: boolean) => callBo('boFlag', { body: { merchant, modId, enabled } }), {
    success: t('flagSaved', { modId }),
    invalidate: [settingsKey(merchant)],
  });
  return (
    <div className="flex items-center gap-2 text-sm">
      <Toggle
        checked={on}
        label={t(`brand.${modId}`)}
        disabled={readOnly || flip.isPending}
        onChange={(v) => flip.mutate(v)}
        testId={`brand-flag-${modId}`}
      />
      {t(`brand.${modId}`)} <code className="text-muted text-xs">{modId}</code>
      {!parentOn && (
        <span className="text-muted text-xs" data-testid={`brand-flag-${modId}-parent-off`}>
          ({t('parentOff')})
        </span>
      )}
    </div>
  );
};

/** Name, colours, currency symbol, languages, after-login landing, licence lines; direct registration and free play. */
export const BrandForm = ({ value, readOnly }: { value: SettingsValue; readOnly: boolean }) => {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useDraft<BrandConfig>(value.brand);
  const save = useSaveSetting(value.merchant);
  if (!draft) return null;
  const set = <K extends keyof BrandConfig>(key: K, v: BrandConfig[K]) => setDraft({ ...draft, [key]: v });
  const problems = [
    !draft.name.trim() && 'brand.nameRequired',
    !HEX.test(draft.primaryColor) && 'brand.colourFormat',
    !HEX.test(draft.chatHeaderColor) && 'brand.colourFormat',
    draft.supportLanguages.length === 0 && 'brand.oneLanguage',
    !draft.supportLanguages.includes(draft.defaultLanguage) && 'brand.defaultSupported',
  ].filter((p): p is string => Boolean(p));
  const changed = JSON.stringify(draft) !== JSON.stringify(value.brand);
  return (
    <div className="flex flex-col gap-4">
      <Card
        title={t('tab.brand')}
        actions={
          !readOnly && (
            <Button
              variant="primary"
              disabled={!changed || problems.length > 0}
              pending={save.isPending}
              data-testid="brand-save"
              onClick={() => save.mutate({ key: 'brand', value: draft })}
            >
              {t('save')}
            </Button>
          )
        }
      >
        <fieldset disabled={readOnly} className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <Field label={t('brand.name')}>
            <Input
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              data-testid="brand-name"
            />
          </Field>
          <Field label={t('brand.currencySymbol')}>
            <Input
              value={draft.defaultCurrencySymbol}
              maxLength={4}
              onChange={(e) => set('defaultCurrencySymbol', e.target.value)}
            />
          </Field>
          {(['primaryColor', 'chatHeaderColor'] as const).map((key) => (
            <Field key={key} label={t(`brand.${key}`)}>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={t(`brand.${key}`)}
                  value={HEX.test(draft[key]) ? draft[key] : '#000000'}
                  onChange={(e) => set(key, e.target.value)}
                  className="h-9 w-12 rounded border border-line bg-surface"
                />
                <Input value={draft[key]} onChange={(e) => set(key, e.target.value)} className="font-mono" />
              </div>
            </Field>
          ))}
          <Field label={t('brand.languages')}>
            <div className="flex gap-4 text-sm">
              {LANGUAGES.map((l) => (
                <label key={l} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={draft.supportLanguages.includes(l)}
                    onChange={(e) =>
                      set(
                        'supportLanguages',
                        e.target.checked
                          ? [...draft.supportLanguages, l]
                          : draft.supportLanguages.filter((x) => x !== l),
                      )
                    }
                  />
                  {l.toUpperCase()}
                </label>
              ))}
            </div>
          </Field>
          <Field label={t('brand.defaultLanguage')}>
            <Select
              value={draft.defaultLanguage}
              onChange={(e) => set('defaultLanguage', e.target.value as Language)}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l.toUpperCase()}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('brand.hindiDigits')}>
            <Select
              value={draft.hindiDigits ?? 'latin'}
              onChange={(e) => set('hindiDigits', e.target.value as 'latin' | 'devanagari')}
              data-testid="brand-hindi-digits"
            >
              <option value="latin">{t('brand.hindiDigitsLatin')}</option>
              <option value="devanagari">{t('brand.hindiDigitsDevanagari')}</option>
            </Select>
          </Field>
          <div className="flex items-center gap-2 text-sm">
            <Toggle
              checked={draft.loginedToHomePage}
              label={t('brand.loginedToHomePage')}
              disabled={readOnly}
              onChange={(v) => set('loginedToHomePage', v)}
            />
            {t('brand.loginedToHomePage')}
          </div>
          <Field label={t('brand.licences')} hint={t('brand.licencesHint')} className="md:col-span-2">
            <TextArea
              value={draft.licences.join('\n')}
              onChange={(e) => set('licences', e.target.value.split('\n'))}
              onBlur={() => set('licences', draft.licences.map((l) => l.trim()).filter(Boolean))}
              data-testid="brand-licences"
            />
          </Field>
        </fieldset>
        <p className="mt-3 text-muted text-xs">{t('brandLocaleHint')}</p>
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same text may appear twice
          <p key={`${p}-${i}`} role="alert" className="mt-2 text-danger text-sm">
            {t(p)}
          </p>
        ))}
      </Card>
      <Card title={t('brand.switches')}>
        <div className="flex flex-col gap-2">
          {BRAND_FLAGS.map((modId) => {
            const state = flagState(value.whitelabel as WhitelabelNode[], modId);
            return state ? (
              <BrandFlag
                key={modId}
                modId={modId}
                on={state.on}
                parentOn={state.parentOn}
                merchant={value.merchant}
                readOnly={readOnly}
              />
            ) : null;
          })}
        </div>
      </Card>
    </div>
  );
};
