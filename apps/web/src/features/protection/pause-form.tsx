import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../shared/api/client';
import {
  CheckboxField,
  KitForm,
  SelectField,
  SubmitButton,
  useErrorText,
  useKitForm,
  withChecks,
} from '../../shared/form';
import { clearSession } from '../../shared/state/session';
import { Note, type Outcome, PROTECTION_KEY } from './parts';

type PauseValues = { choice: string; understood: boolean };
const TIMEOUT_DAYS = [1, 3, 7, 14, 30, 42];
const TERMS = ['6m', '1y', '5y', 'permanent'];

/**
 * Time-out (1 day to 6 weeks) or self-exclusion (6 months to permanent): in force at once, the
 * member is signed out everywhere; confirmed with a tick first.
 */
export const PauseForm = () => {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const schema = withChecks(z.object({ choice: z.string(), understood: z.boolean() }), (v, put) => {
    if (!v.understood) put('understood', { key: 'required', text: t('pause.tickFirst') });
  });
  const form = useKitForm<PauseValues>(schema, { defaultValues: { choice: 'timeout:1', understood: false } });

  const submit = async (values: PauseValues) => {
    setOutcome(null);
    const [type, length = ''] = values.choice.split(':');
    try {
      await callApi('protectionPause', {
        body:
          type === 'timeout'
            ? { type: 'timeout', days: Number(length), allMerchants: false }
            : { type: 'selfExclusion', term: length as '6m', allMerchants: false },
      });
      // Every session ended with it, this one too: start again signed out, on the home page.
      clearSession();
      window.location.replace('/');
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <KitForm form={form} onSubmit={submit} className="flex flex-col gap-3" testId="rg-pause-form">
      <SelectField
        name="choice"
        label={t('pause.choose')}
        options={[
          ...TIMEOUT_DAYS.map((d) => ({
            value: `timeout:${d}`,
            label: t('pause.timeoutDays', { count: d }),
          })),
          ...TERMS.map((term) => ({ value: `exclusion:${term}`, label: t(`pause.term.${term}`) })),
        ]}
      />
      <CheckboxField name="understood">{t('pause.understood')}</CheckboxField>
      {outcome ? <Note tone={outcome.tone}>{outcome.text}</Note> : null}
      <div>
        <SubmitButton testId="rg-pause-submit">{t('pause.submit')}</SubmitButton>
      </div>
    </KitForm>
  );
};

type RealityValues = { minutes: string };
const INTERVALS = ['', '10', '15', '30', '60', '120', '240', '480'];

/** The reality-check interval (10 minutes to 8 hours, or none). */
export const RealityForm = ({ current }: { current: number | null }) => {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useKitForm<RealityValues>(z.object({ minutes: z.string() }), {
    defaultValues: { minutes: current === null ? '' : String(current) },
  });
  const submit = async (values: RealityValues) => {
    setOutcome(null);
    try {
      const state = await callApi('protectionRealitySet', {
        body: { minutes: values.minutes === '' ? null : Number(values.minutes) },
      });
      queryClient.setQueryData(PROTECTION_KEY, state);
      setOutcome({ tone: 'success', text: t('reality.saved') });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };
  return (
    <KitForm
      form={form}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
      testId="rg-reality-form"
    >
      <div className="min-w-48">
        <SelectField
          name="minutes"
          label={t('reality.every')}
          options={INTERVALS.map((m) => ({
            value: m,
            label: m === '' ? t('reality.off') : t('reality.minutes', { count: Number(m) }),
          }))}
        />
      </div>
      <SubmitButton testId="rg-reality-submit">{t('reality.save')}</SubmitButton>
      {outcome ? <Note tone={outcome.tone}>{outcome.text}</Note> : null}
    </KitForm>
  );
};
