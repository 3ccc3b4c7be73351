import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiValue } from '../../shared/api/client';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { formatDate } from '../../shared/format/locale';
import { PROMOTIONS_QUERY_KEY } from '../../shared/state/rewards';
import { useSessionState } from '../../shared/state/session';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { useBonusMoney, useRefreshAfterMoney } from './bonus-parts';
import { ReferralQr } from './referral-qr';

type Friend = ApiValue<'promoReferral'>['friends'][number];

const STATUS_TONE: Record<Friend['status'], string> = {
  registered: 'bg-surface-2 text-muted',
  deposited: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  qualified: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  under_review: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  not_eligible: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
  rewarded: 'bg-brand/15 text-brand',
};

/** A value with a copy button (the invite code, the invite link). */
const CopyRow = ({ label, value, testId }: { label: string; value: string; testId: string }) => {
  const { t } = useTranslation('promo');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-semibold text-muted">{label}</span>
      <div className="flex min-w-0 items-center gap-2 rounded-xl bg-surface-2/70 p-2 ring-1 ring-line">
        <code className="min-w-0 flex-1 truncate font-mono text-sm" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          onClick={copy}
          className={buttonClass('secondary')}
          aria-label={t('referral.copyLabel', { what: label })}
          data-testid={`${testId}-copy`}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          <span>{copied ? t('referral.copied') : t('referral.copy')}</span>
        </button>
      </div>
    </div>
  );
};

/**
 * Invite friends (member centre `referral`, ADR 048): the member's code and link with a QR code,
 * the totals, the friends with their standing, and a claim button per qualified friend.
 */
export const ReferralPage = () => {
  const { t, i18n } = useTranslation('promo');
  const { token } = useSessionState();
  const money = useBonusMoney();
  const errorText = useErrorText();
  const refresh = useRefreshAfterMoney();
  const referral = useQuery({
    queryKey: [...PROMOTIONS_QUERY_KEY, 'referral', token ?? ''],
    queryFn: ({ signal }) => callApi('promoReferral', { signal }),
  });
  const claim = useMutation({
    mutationFn: (friendId: number) => callApi('promoReferralClaim', { body: { friendId } }),
    onSuccess: refresh,
  });

  if (referral.isPending)
    return (
      <div className="grid place-items-center py-10" data-testid="page-referral">
        <Spinner />
      </div>
    );
  if (referral.isError)
    return (
      <p role="alert" className="text-sm text-red-600" data-testid="page-referral">
        {errorText(referral.error)}
      </p>
    );
  const data = referral.data;
  const link = `${window.location.origin}${data.registerPath}`;

  return (
    <div className="flex flex-col gap-5" data-testid="page-referral">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg">
          <UserPlus aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-bold">{t('referral.title')}</h2>
          <p className="text-sm text-muted" data-testid="referral-terms">
            {data.rule
              ? t('referral.terms', {
                  reward: money(data.rule.rewardMinor),
                  deposit: money(data.rule.minDepositMinor),
                  turnover: money(data.rule.minTurnoverMinor),
                  multiplier: data.rule.multiplier,
                })
              : t('referral.noProgramme')}
          </p>
        </div>
      </div>

      <section className="flex flex-col gap-4 rounded-2xl bg-surface p-4 ring-1 ring-line sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <CopyRow label={t('referral.code')} value={data.code} testId="referral-code" />
          <CopyRow label={t('referral.link')} value={link} testId="referral-link" />
        </div>
        <div className="flex flex-col items-center gap-1 self-center">
          <ReferralQr link={link} />
          <span className="text-xs text-muted">{t('referral.scan')}</span>
        </div>
      </section>

      <dl className="grid grid-cols-3 gap-2">
        {(
          [
            ['invitations', String(data.totals.invitations)],
            ['qualified', String(data.totals.qualified)],
            ['rewarded', money(data.totals.rewardedMinor)],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-2xl bg-surface-2/60 p-3 text-center">
            <dt className="text-xs text-muted">{t(`referral.totals.${key}`)}</dt>
            <dd
              className="mt-1 truncate text-base font-bold tabular-nums"
              data-testid={`referral-total-${key}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      {claim.isSuccess ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-500/10 px-3 py-2 text-sm"
          data-testid="referral-claimed"
        >
          {t('rewards.claimed', { amount: money(claim.data.amountMinor) })}
        </p>
      ) : null}
      {claim.isError ? (
        <p role="alert" className="text-sm text-red-600" data-testid="referral-claim-error">
          {errorText(claim.error)}
        </p>
      ) : null}

      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">{t('referral.friends')}</h3>
        {data.friends.length === 0 ? (
          <p
            className="rounded-2xl bg-surface-2/60 p-6 text-center text-sm text-muted"
            data-testid="referral-empty"
          >
            {t('referral.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.friends.map((friend) => (
              <li
                key={friend.friendId}
                className="flex flex-wrap items-center gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line"
                data-testid="referral-friend"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-mono font-semibold">{friend.username}</p>
                  <p className="text-xs text-muted">
                    {t('referral.registeredAt', {
                      date: formatDate(friend.registeredAt, i18n.language, 'date'),
                    })}
                  </p>
                </div>
                <span
                  className={cx('rounded-full px-2.5 py-1 text-xs font-semibold', STATUS_TONE[friend.status])}
                  data-testid="referral-friend-status"
                  data-status={friend.status}
                >
                  {t(`referral.status.${friend.status}`)}
                </span>
                {friend.rewardMinor ? (
                  <span className="text-sm tabular-nums">{money(friend.rewardMinor)}</span>
                ) : null}
                {friend.status === 'qualified' ? (
                  <button
                    type="button"
                    className={buttonClass('primary')}
                    disabled={claim.isPending}
                    onClick={() => claim.mutate(friend.friendId)}
                    data-testid={`referral-claim-${friend.friendId}`}
                  >
                    {t('rewards.claim')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted">{t('referral.reviewNote')}</p>
      </section>
    </div>
  );
};
