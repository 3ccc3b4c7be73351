import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { clearSession, useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { decimalOf } from './parts';

/** How often the page asks for the play session's figures. */
const POLL_MS = 30_000;

/**
 * The reality check (ADR 030): every N minutes of play (the member's interval) an interruption
 * over the page with the time played and the net result of the play session, and "continue" or
 * "stop" (stop ends the play session and signs out). Warnings at 80/90/95 % of a session limit.
 */
export const RealityCheck = () => {
  const { t } = useTranslation('protection');
  const { token, passwordChangePending } = useSessionState();
  const shownAt = useRef<number>(0);
  const [open, setOpen] = useState(false);
  const reality = useQuery({
    queryKey: ['protection', 'reality', token ?? ''],
    queryFn: ({ signal }) => callApi('protectionReality', { signal }),
    // Not while a forced password change is pending: the server refuses every other call then.
    enabled: token !== null && !passwordChangePending,
    refetchInterval: POLL_MS,
  });
  const data = reality.data;
  useEffect(() => {
    if (!data?.realityMinutes || data.startedAt === null) return;
    const every = data.realityMinutes * 60;
    // The checks due in this play session so far; one interruption per interval passed.
    const due = Math.floor(data.playedSeconds / every);
    const key = data.startedAt + due;
    if (due >= 1 && shownAt.current !== key) {
      shownAt.current = key;
      setOpen(true);
    }
  }, [data]);
  if (!open || !data) return null;
  const minutes = Math.floor(data.playedSeconds / 60);
  const answer = async (choice: 'continue' | 'stop') => {
    setOpen(false);
    await callApi('protectionRealityAnswer', { body: { choice } }).catch(() => undefined);
    if (choice === 'stop') {
      await callApi('logout').catch(() => undefined);
      clearSession();
    }
  };
  return (
    <div
      className="fixed inset-0 z-[90] grid place-items-center bg-black/55 p-4"
      role="dialog"
      aria-modal="true"
      aria-labelledby="reality-check-title"
      data-testid="reality-check"
    >
      <div className="w-full max-w-sm rounded-2xl bg-surface p-5 text-fg shadow-2xl ring-1 ring-line">
        <div className="mb-3 flex items-center gap-2">
          <span className="grid size-9 place-items-center rounded-full bg-brand/12 text-brand">
            <Hourglass className="size-5" />
          </span>
          <h2 id="reality-check-title" className="text-lg font-bold">
            {t('reality.checkTitle')}
          </h2>
        </div>
        <dl className="mb-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-muted">{t('reality.played')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="reality-played">
              {t('reality.minutes', { count: minutes })}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('reality.net')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="reality-net">
              {decimalOf(data.netMinor)}
            </dd>
          </div>
        </dl>
        {data.sessionUsedPercent !== null && data.sessionUsedPercent >= 80 ? (
          <p className="mb-4 text-sm text-amber-700 dark:text-amber-300" data-testid="reality-warning">
            {t('reality.sessionWarning', { percent: data.sessionUsedPercent })}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('secondary', 'md', 'flex-1')}
            onClick={() => void answer('stop')}
            data-testid="reality-stop"
          >
            {t('reality.stop')}
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'md', 'flex-1')}
            onClick={() => void answer('continue')}
            data-testid="reality-continue"
          >
            {t('reality.continue')}
          </button>
        </div>
      </div>
    </div>
  );
};
