import type { ClosureReason } from '@khela/contract/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatDate } from '../../shared/format/locale';
import { clearSession } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { Note, type Outcome, Section } from './parts';

const ACCOUNT_KEY = ['protection', 'account'] as const;

/**
 * The account's closure, reopening and erasure (ADRs 045, 052). Open: close it, for gambling harm
 * (never reopened by the member) or another reason. Closed for another reason: the member still
 * signs in, asks to reopen and confirms after the cooling-off, or erases the personal data.
 */
export const AccountCard = () => {
  const { t, i18n } = useTranslation('protection');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const account = useQuery({
    queryKey: ACCOUNT_KEY,
    queryFn: ({ signal }) => callApi('protectionAccount', { signal }),
  });
  const [reason, setReason] = useState<ClosureReason>('harm');
  const [understood, setUnderstood] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [erased, setErased] = useState(false);
  const when = (ms: number) => formatDate(ms, i18n.language);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setOutcome(null);
    try {
      await action();
      if (done) setOutcome({ tone: 'success', text: done });
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY });
    } catch (caught) {
      setOutcome({ tone: 'error', text: errorText(caught) });
    }
  };

  const close = () => {
    if (!understood) return setOutcome({ tone: 'error', text: t('pause.tickFirst') });
    return run(async () => {
      await callApi('protectionClose', { body: { confirm: true, reason } });
      clearSession();
      window.location.replace('/');
    });
  };

  /** The session ends with the erasure: the answer is shown, nothing is asked again. */
  const erase = async () => {
    if (!understood) return setOutcome({ tone: 'error', text: t('pause.tickFirst') });
    setOutcome(null);
    try {
      const erased = await callApi('protectionErasure', { body: { confirm: true } });
      setOutcome({
        tone: 'success',
        text:
          erased.retainedUntil === null
            ? t('erasure.done')
            : t('erasure.retained', { until: when(erased.retainedUntil) }),
      });
      setErased(true);
    } catch (caught) {
      setOutcome({ tone: 'error', text: errorText(caught) });
    }
  };

  const state = account.data;
  const note = outcome ? <Note tone={outcome.tone}>{outcome.text}</Note> : null;
  const tick = (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={understood}
        onChange={(e) => setUnderstood(e.target.checked)}
        data-testid="account-understood"
      />
      {state?.closed ? t('erasure.understood') : t('close.understood')}
    </label>
  );

  if (!state) return null;
  if (!state.closed)
    return (
      <Section title={t('close.title')} testId="close-account">
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-muted">{t('close.intro')}</p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">{t('close.reason')}</legend>
            {(['harm', 'other'] as const).map((r) => (
              <label key={r} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="closure-reason"
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  data-testid={`close-reason-${r}`}
                />
                {t(`close.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          {tick}
          {note}
          <div>
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => void close()}
              data-testid="close-submit"
            >
              {t('close.submit')}
            </button>
          </div>
        </div>
      </Section>
    );

  const { reopen, erasure } = state;
  return (
    <Section title={t('account.title')} testId="account-closed">
      <div className="flex flex-col gap-3 text-sm">
        <p data-testid="account-closed-since">
          {t('account.closedSince', { at: state.closedAt === null ? '' : when(state.closedAt) })}
        </p>
        {erasure ? (
          <Note tone="success">
            {erasure.retainedUntil === null
              ? t('erasure.done')
              : t('erasure.retained', { until: when(erasure.retainedUntil) })}
          </Note>
        ) : null}
        {reopen.possible && !erased ? (
          <div className="flex flex-col gap-2" data-testid="reopen">
            <h5 className="font-semibold">{t('reopen.title')}</h5>
            <p className="text-muted">
              {reopen.requestedAt === null
                ? t('reopen.intro')
                : t('reopen.from', { at: reopen.from === null ? '' : when(reopen.from) })}
            </p>
            <div>
              {reopen.requestedAt === null ? (
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  onClick={() =>
                    void run(
                      () => callApi('protectionReopen', { body: { confirm: true } }),
                      t('reopen.asked'),
                    )
                  }
                  data-testid="reopen-request"
                >
                  {t('reopen.request')}
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  onClick={() =>
                    void run(
                      () => callApi('protectionReopenConfirm', { body: { confirm: true } }),
                      t('reopen.done'),
                    )
                  }
                  data-testid="reopen-confirm"
                >
                  {t('reopen.confirm')}
                </button>
              )}
            </div>
          </div>
        ) : null}
        {erasure || erased ? null : (
          <div className="flex flex-col gap-2" data-testid="erasure">
            <h5 className="font-semibold">{t('erasure.title')}</h5>
            <p className="text-muted">{t('erasure.intro')}</p>
            {tick}
            <div>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                onClick={() => void erase()}
                data-testid="erasure-submit"
              >
                {t('erasure.submit')}
              </button>
            </div>
          </div>
        )}
        {note}
      </div>
    </Section>
  );
};
