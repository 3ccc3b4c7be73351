import { UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/form';
import { dayKey, formatDay } from '../../../shared/format/date-range';
import { useMember } from '../../../shared/state/session';
import { useMemberParts } from '../parts';
import { useWithdrawInfo } from '../queries';
import { Card, ErrorState, Loading, PageHeading } from '../ui';
import { LoginPasswordForm } from './security/login-password-form';
import { PaymentPasswordForm } from './security/payment-password-form';
import { PayoutAccountForm } from './security/payout-account-form';
import { SectionTitle } from './security/shared';

/** My account (securityCenter): account details, login password, payment password, payout account. */
export const SecurityCenterPage = () => {
  const { t } = useTranslation('member');
  const { member, account } = useMember();
  const { authenticator: Authenticator, responsibleGaming: ResponsibleGaming } = useMemberParts();
  return (
    <div className="flex flex-col gap-4" data-testid="page-securityCenter">
      <PageHeading title={t('menu.securityCenter')} />
      <Card
        title={<SectionTitle icon={<UserRound className="size-4" />}>{t('security.account')}</SectionTitle>}
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs text-muted">{t('security.username')}</dt>
            <dd className="font-semibold" data-testid="security-username">
              {member?.account ?? account}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('security.nickname')}</dt>
            <dd className="font-semibold">{member?.nickname || '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('security.mobile')}</dt>
            <dd className="font-semibold">{member?.mobile ?? t('security.none')}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('security.registered')}</dt>
            <dd className="font-semibold tabular-nums">
              {member ? formatDay(dayKey(new Date(member.regDate))) : '—'}
            </dd>
          </div>
        </dl>
      </Card>
      <LoginPasswordForm />
      {/* Authenticator app (identity): one of the ways to confirm a sign-in from a new network. */}
      {Authenticator ? (
        <Suspense fallback={<Loading />}>
          <Authenticator />
        </Suspense>
      ) : null}
      <PaymentSection />
      {/* Responsible gaming (protection): limits, reality check, time-out and self-exclusion. */}
      {ResponsibleGaming ? (
        <Suspense fallback={<Loading />}>
          <ResponsibleGaming />
        </Suspense>
      ) : null}
    </div>
  );
};

const PaymentSection = () => {
  const info = useWithdrawInfo();
  const errorText = useErrorText();
  if (info.isPending) return <Loading />;
  if (info.isError) return <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />;
  return (
    <>
      <PaymentPasswordForm isSet={info.data.paymentPasswordSet} />
      <PayoutAccountForm
        current={info.data.payoutAccount}
        channels={info.data.payoutChannels}
        hasPaymentPassword={info.data.paymentPasswordSet}
      />
    </>
  );
};
