import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { type ApiValue, callApi } from '../../shared/api/client';
import { KitForm, SubmitButton, TextField, useErrorText, useKitForm, withChecks } from '../../shared/form';
import { MEMBER_QUERY_PARAM } from '../../shared/state/member-centre';
import { useMember, useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { Note, PROTECTION_KEY } from './parts';

const PERIODS = ['day', 'week', 'month'] as const;
type Values = Record<(typeof PERIODS)[number], string>;
type ProtectionStateValue = ApiValue<'protectionState'>;
const MONEY = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;

/**
 * The licence profile's limit prompt (issue 16, ADR 053): where the merchant's profile asks for
 * it, a signed-in member who has not answered yet is asked to set deposit limits — right after
 * registering (`registration`) or on opening the deposit page (`firstDeposit`). The server refuses
 * deposits until the member sets a limit here (or in the security centre) or says "not now".
 */
export const LimitPrompt = () => {
  const { token, passwordChangePending } = useSessionState();
  const { isTrial } = useMember();
  const location = useLocation();
  const state = useQuery({
    queryKey: [...PROTECTION_KEY, 'prompt', token ?? ''],
    queryFn: ({ signal }) => callApi('protectionState', { signal }),
    enabled: token !== null && !passwordChangePending && !isTrial,
    staleTime: 60_000,
  });
  const prompt = state.data?.limitPrompt;
  if (!prompt?.due || isTrial) return null;
  const onDeposit = new URLSearchParams(location.search).get(MEMBER_QUERY_PARAM) === 'depositv2';
  if (prompt.when === 'firstDeposit' && !onDeposit) return null;
  return <PromptDialog token={token ?? ''} />;
};

const PromptDialog = ({ token }: { token: string }) => {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const schema = withChecks(z.object({ day: z.string(), week: z.string(), month: z.string() }), (v, put) => {
    for (const period of PERIODS) {
      const text = v[period].trim();
      if (text !== '' && (!MONEY.test(text) || Number(text) <= 0))
        put(period, { key: 'money', text: t('limits.amountInvalid') });
    }
    if (PERIODS.every((period) => v[period].trim() === ''))
      put('day', { key: 'none', text: t('prompt.oneAtLeast') });
  });
  const form = useKitForm<Values>(schema, { defaultValues: { day: '', week: '', month: '' } });

  const settle = (next: ProtectionStateValue) => {
    queryClient.setQueryData([...PROTECTION_KEY, 'prompt', token], next);
    void queryClient.invalidateQueries({ queryKey: PROTECTION_KEY, exact: true });
  };

  const save = async (values: Values) => {
    setError(null);
    try {
      let next: ProtectionStateValue | null = null;
      for (const period of PERIODS) {
        const text = values[period].trim();
        if (text === '') continue;
        next = await callApi('protectionLimitSet', {
          body: { kind: 'deposit', period, amount: Math.round(Number(text) * 100) },
        });
      }
      if (next) settle(next);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  const decline = async () => {
    setError(null);
    setDeclining(true);
    try {
      settle(await callApi('protectionLimitPromptDecline', { body: { choice: 'declined' } }));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setDeclining(false);
    }
  };

  // In a portal above the modals (z-100; the page under an open modal is inert): on the deposit
  // page it covers the member centre until answered.
  return createPortal(
    <div
      className="fixed inset-0 z-[110] grid place-items-center overflow-y-auto bg-black/55 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="limit-prompt-title"
      data-testid="limit-prompt"
    >
      <div className="w-full max-w-md rounded-2xl bg-surface p-5 text-fg shadow-2xl ring-1 ring-line">
        <div className="mb-2 flex items-center gap-2">
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand/12 text-brand">
            <ShieldCheck className="size-5" />
          </span>
          <h2 id="limit-prompt-title" className="text-lg font-bold">
            {t('prompt.title')}
          </h2>
        </div>
        <p className="mb-4 text-sm text-muted">{t('prompt.intro')}</p>
        <KitForm form={form} onSubmit={save} className="flex flex-col gap-3" testId="limit-prompt-form">
          {PERIODS.map((period) => (
            <TextField
              key={period}
              name={period}
              label={t('prompt.limitFor', { period: t(`period.${period}`) })}
              inputMode="decimal"
              autoComplete="off"
            />
          ))}
          {error ? (
            <Note tone="error" testId="limit-prompt-error">
              {error}
            </Note>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <button
              type="button"
              className={buttonClass('secondary', 'md', 'flex-1')}
              onClick={() => void decline()}
              disabled={declining}
              data-testid="limit-prompt-decline"
            >
              {t('prompt.notNow')}
            </button>
            <div className="flex-1 [&>button]:w-full">
              <SubmitButton testId="limit-prompt-save">{t('prompt.save')}</SubmitButton>
            </div>
          </div>
        </KitForm>
      </div>
    </div>,
    document.body,
  );
};
