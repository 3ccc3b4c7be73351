import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HeartPulse } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { AccountCard } from './account-card';
import { KycCard } from './kyc-card';
import { LimitsForm } from './limits-form';
import { MyDataCard } from './my-data-card';
import { decimalOf, Note, type Outcome, PROTECTION_KEY, Section } from './parts';
import { PauseForm, RealityForm } from './pause-form';

/**
 * The security centre's "Responsible gaming" (issue 16, ADR 030): the member's limits with their
 * usage and pending changes (confirm once the cooling-off is over), a time-out or self-exclusion,
 * and the reality-check interval.
 */
export const ResponsibleGamingCard = () => {
  const { t } = useTranslation('protection');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const state = useQuery({
    queryKey: PROTECTION_KEY,
    queryFn: ({ signal }) => callApi('protectionState', { signal }),
  });

  const confirm = async (kind: string, period: string) => {
    setOutcome(null);
    try {
      const next = await callApi('protectionLimitConfirm', {
        body: { kind: kind as 'deposit', period: period as 'day' },
      });
      queryClient.setQueryData(PROTECTION_KEY, next);
      setOutcome({ tone: 'success', text: t('limits.confirmed') });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };

  const title = (
    <span className="flex items-center gap-2">
      <span className="grid size-7 place-items-center rounded-full bg-brand/12 text-brand">
        <HeartPulse className="size-4" />
      </span>
      {t('title')}
    </span>
  );
  if (state.isPending) return <Section title={title}>{t('loading')}</Section>;
  if (state.isError)
    return (
      <Section title={title}>
        <Note tone="error">{errorText(state.error)}</Note>
      </Section>
    );
  const { limits, realityMinutes } = state.data;
  const now = Date.now();
  const show = (kind: string, amount: string | null) =>
    kind === 'session' ? t('limits.minutesValue', { count: Number(amount ?? 0) }) : decimalOf(amount);

  return (
    <>
      <Section title={title} testId="responsible-gaming">
        <div className="flex flex-col gap-5">
          <p className="text-sm text-muted">{t('intro')}</p>
          <div>
            <h5 className="mb-2 text-sm font-semibold">{t('limits.title')}</h5>
            {limits.length === 0 ? (
              <p className="text-sm text-muted" data-testid="rg-no-limits">
                {t('limits.none')}
              </p>
            ) : (
              <ul className="flex flex-col gap-2" data-testid="rg-limits">
                {limits.map((l) => (
                  <li
                    key={`${l.kind}.${l.period}`}
                    data-testid={`rg-limit-${l.kind}-${l.period}`}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface px-3 py-2 text-sm ring-1 ring-line"
                  >
                    <span className="font-semibold">
                      {t(`kind.${l.kind}`)}
                      {l.kind === 'session' ? '' : ` · ${t(`period.${l.period}`)}`}
                    </span>
                    <span className="tabular-nums">
                      {t('limits.usage', { usage: show(l.kind, l.usage), amount: show(l.kind, l.amount) })}
                    </span>
                    {l.pending ? (
                      <span className="flex w-full flex-wrap items-center justify-between gap-2 text-xs text-muted">
                        {l.pending.action === 'remove'
                          ? t('limits.pendingRemove', { from: new Date(l.pending.from).toLocaleString() })
                          : t('limits.pendingRaise', {
                              amount: show(l.kind, l.pending.amount),
                              from: new Date(l.pending.from).toLocaleString(),
                            })}
                        {now >= l.pending.from ? (
                          <button
                            type="button"
                            className={buttonClass('outline', 'sm')}
                            onClick={() => void confirm(l.kind, l.period)}
                            data-testid={`rg-confirm-${l.kind}-${l.period}`}
                          >
                            {t('limits.confirm')}
                          </button>
                        ) : null}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {outcome ? (
              <div className="mt-2">
                <Note tone={outcome.tone}>{outcome.text}</Note>
              </div>
            ) : null}
          </div>
          <LimitsForm />
          <div>
            <h5 className="mb-2 text-sm font-semibold">{t('reality.title')}</h5>
            <RealityForm current={realityMinutes} />
          </div>
          <div>
            <h5 className="mb-2 text-sm font-semibold">{t('pause.title')}</h5>
            <p className="mb-3 text-sm text-muted">{t('pause.intro')}</p>
            <PauseForm />
          </div>
        </div>
      </Section>
      <KycCard />
      <MyDataCard />
      <AccountCard />
    </>
  );
};
