import type { RegisterRule, RegisterRules } from '@khela/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, Input, Select, Toggle } from '../../shared/ui/controls';
import { useDraft } from '../../shared/ui/feedback';
import { checkSample, ruleMessage, ruleProblems } from './rule-preview';
import type { SettingsValue } from './settings-query';
import { useSaveSetting } from './use-save';

const PLAYER_LANGUAGES = ['bn', 'en', 'hi'] as const;
type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];
const PATTERN_IDS = Array.from({ length: 20 }, (_, id) => id);

const RuleRow = ({
  field,
  rule,
  onChange,
  readOnly,
  language,
}: {
  field: string;
  rule: RegisterRule;
  onChange: (rule: RegisterRule) => void;
  readOnly: boolean;
  language: PlayerLanguage;
}) => {
  const { t } = useTranslation('settings');
  const [sample, setSample] = useState('');
  const problems = ruleProblems(rule);
  const verdict = checkSample(rule, sample, language);
  const num = (v: string) => Math.max(0, Math.min(999, Number(v.replace(/\D/g, '')) || 0));
  return (
    <div
      className="grid grid-cols-1 gap-2 border-line border-t py-3 lg:grid-cols-[10rem_1fr_1fr]"
      data-testid={`rule-${field}`}
    >
      <div>
        <code className="font-semibold text-sm">{field}</code>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          <span className="flex items-center gap-1.5">
            <Toggle
              checked={rule.enabled}
              label={t('rules.enabled')}
              disabled={readOnly}
              testId={`rule-${field}-enabled`}
              onChange={(v) => onChange({ ...rule, enabled: v })}
            />
            {t('rules.enabled')}
          </span>
          <span className="flex items-center gap-1.5">
            <Toggle
              checked={rule.required}
              label={t('rules.required')}
              disabled={readOnly}
              testId={`rule-${field}-required`}
              onChange={(v) => onChange({ ...rule, required: v })}
            />
            {t('rules.required')}
          </span>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2 text-sm">
        <Field label={t('rules.pattern')}>
          <Select
            value={rule.patternId}
            disabled={readOnly}
            data-testid={`rule-${field}-pattern`}
            onChange={(e) => onChange({ ...rule, patternId: Number(e.target.value) })}
          >
            {PATTERN_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('rules.min')}>
          <Input
            inputMode="numeric"
            value={rule.minLength}
            disabled={readOnly}
            data-testid={`rule-${field}-min`}
            onChange={(e) => onChange({ ...rule, minLength: num(e.target.value) })}
          />
        </Field>
        <Field label={t('rules.max')}>
          <Input
            inputMode="numeric"
            value={rule.maxLength}
            disabled={readOnly}
            data-testid={`rule-${field}-max`}
            onChange={(e) => onChange({ ...rule, maxLength: num(e.target.value) })}
          />
        </Field>
        <Field label={t('rules.regex')} className="col-span-3">
          <Input
            value={rule.acceptedPattern}
            disabled={readOnly}
            className="font-mono text-xs"
            onChange={(e) => onChange({ ...rule, acceptedPattern: e.target.value })}
          />
        </Field>
      </div>
      <div className="flex flex-col gap-1.5 text-sm">
        <span className="text-muted text-xs">{t('rules.preview')}</span>
        <p className="rounded bg-surface-2 px-2 py-1.5 text-danger" data-testid={`rule-${field}-message`}>
          {ruleMessage(rule, language)}
        </p>
        <Input
          placeholder={t('rules.sample')}
          aria-label={t('rules.sample')}
          value={sample}
          onChange={(e) => setSample(e.target.value)}
          data-testid={`rule-${field}-sample`}
        />
        <p
          className={verdict ? 'text-danger text-xs' : 'text-ok text-xs'}
          data-testid={`rule-${field}-verdict`}
        >
          {!rule.enabled ? t('rules.disabledField') : verdict ? verdict : t('rules.accepted')}
        </p>
        {problems.map((p) => (
          <p key={p} role="alert" className="text-danger text-xs">
            {t(p)}
          </p>
        ))}
      </div>
    </div>
  );
};

/**
 * Register field rules: on/off, required, pattern, bounds; beside each rule the error text a
 * player would read (in the chosen player language) and a sample value checked live.
 */
export const RegisterRulesForm = ({ value, readOnly }: { value: SettingsValue; readOnly: boolean }) => {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useDraft<RegisterRules>(value.register);
  const [language, setLanguage] = useState<PlayerLanguage>('en');
  const save = useSaveSetting(value.merchant);
  if (!draft) return null;
  const broken = Object.values(draft).some((r) => ruleProblems(r).length > 0);
  const changed = JSON.stringify(draft) !== JSON.stringify(value.register);
  return (
    <Card
      title={t('tab.register')}
      actions={
        <>
          <Select
            aria-label={t('rules.playerLanguage')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as PlayerLanguage)}
            className="w-auto"
            data-testid="rules-language"
          >
            {PLAYER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t('rules.previewIn', { language: l.toUpperCase() })}
              </option>
            ))}
          </Select>
          {!readOnly && (
            <>
              <Button disabled={!changed} onClick={() => setDraft(value.register)}>
                {t('reset')}
              </Button>
              <Button
                variant="primary"
                disabled={!changed || broken}
                pending={save.isPending}
                data-testid="rules-save"
                onClick={() => save.mutate({ key: 'register', value: draft })}
              >
                {t('save')}
              </Button>
            </>
          )}
        </>
      }
    >
      <p className="mb-2 text-muted text-sm">{t('rules.intro')}</p>
      {Object.entries(draft).map(([field, rule]) => (
        <RuleRow
          key={field}
          field={field}
          rule={rule}
          readOnly={readOnly}
          language={language}
          onChange={(next) => setDraft({ ...draft, [field]: next })}
        />
      ))}
    </Card>
  );
};
