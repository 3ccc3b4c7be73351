import type { PayoutAccount } from '@khela/contract';
import { PAYMENT_PASSWORD_MAX, PAYMENT_PASSWORD_MIN } from '@khela/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Landmark, LockKeyhole, UserRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { dayKey, formatDay } from '../../../shared/format/date-range';
import { useMember } from '../../../shared/state/session';
import { AuthenticatorCard } from '../../auth/authenticator';
import { serverFields, useErrorText, useFieldText, useSingleFlight } from '../hooks';
import { CASHIER_KEY, useWithdrawInfo } from '../queries';
import {
  Card,
  ErrorState,
  Loading,
  Notice,
  PageHeading,
  SecretInput,
  SelectInput,
  SubmitButton,
  TextInput,
} from '../ui';

type Errors = Record<string, string | undefined>;
type Result = { tone: 'success' | 'error'; text: string } | null;

const SectionTitle = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <span className="flex items-center gap-2">
    <span className="grid size-7 place-items-center rounded-full bg-brand/12 text-brand">{icon}</span>
    {children}
  </span>
);

/** My account (securityCenter): account details, login password, payment password, payout account. */
export const SecurityCenterPage = () => {
  const { t } = useTranslation('member');
  const { member, account } = useMember();
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
      <AuthenticatorCard />
      <PaymentSection />
    </div>
  );
};

const LoginPasswordForm = () => {
  const { t } = useTranslation('member');
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { busy, run } = useSingleFlight();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Result>(null);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Errors = {};
    if (!values.oldPassword.trim()) found.oldPassword = t('form.required');
    if (!values.newPassword.trim()) found.newPassword = t('form.required');
    if (!values.confirmNewPassword.trim()) found.confirmNewPassword = t('form.required');
    else if (values.confirmNewPassword.trim() !== values.newPassword.trim())
      found.confirmNewPassword = t('form.mismatch');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await run(() =>
        callApi('changePassword', {
          body: {
            oldPassword: values.oldPassword.trim(),
            newPassword: values.newPassword.trim(),
            confirmNewPassword: values.confirmNewPassword.trim(),
          },
        }),
      );
      setValues({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
      setResult({ tone: 'success', text: t('security.loginPasswordChanged') });
    } catch (error) {
      const fields = serverFields(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fieldText(value)])));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      testId="login-password"
      title={
        <SectionTitle icon={<KeyRound className="size-4" />}>{t('security.loginPassword')}</SectionTitle>
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-4 sm:grid-cols-3">
        <SecretInput
          name="oldPassword"
          label={t('security.currentPassword')}
          value={values.oldPassword}
          onValue={set('oldPassword')}
          error={errors.oldPassword}
          autoComplete="current-password"
          required
        />
        <SecretInput
          name="newPassword"
          label={t('security.newPassword')}
          value={values.newPassword}
          onValue={set('newPassword')}
          error={errors.newPassword}
          autoComplete="new-password"
          required
        />
        <SecretInput
          name="confirmNewPassword"
          label={t('security.confirmPassword')}
          value={values.confirmNewPassword}
          onValue={set('confirmNewPassword')}
          error={errors.confirmNewPassword}
          autoComplete="new-password"
          required
        />
        <div className="flex flex-col gap-3 sm:col-span-3">
          {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
          <SubmitButton busy={busy} testId="login-password-submit">
            {t('security.changeLoginPassword')}
          </SubmitButton>
        </div>
      </form>
    </Card>
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

const checkPaymentPassword = (value: string) =>
  value.length >= PAYMENT_PASSWORD_MIN && value.length <= PAYMENT_PASSWORD_MAX;

const PaymentPasswordForm = ({ isSet }: { isSet: boolean }) => {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { busy, run } = useSingleFlight();
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Result>(null);
  const set = (key: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const lengthText = t('security.paymentPasswordLength', {
    min: PAYMENT_PASSWORD_MIN,
    max: PAYMENT_PASSWORD_MAX,
  });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Errors = {};
    if (isSet && !values.oldPassword) found.oldPassword = t('form.required');
    if (!values.newPassword) found.newPassword = t('form.required');
    else if (!checkPaymentPassword(values.newPassword)) found.newPassword = lengthText;
    if (!values.confirmPassword) found.confirmPassword = t('form.required');
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = t('form.mismatch');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await run(() =>
        callApi('paymentPassword', {
          body: {
            ...(isSet ? { oldPassword: values.oldPassword } : {}),
            newPassword: values.newPassword,
            confirmPassword: values.confirmPassword,
          },
        }),
      );
      setValues({ oldPassword: '', newPassword: '', confirmPassword: '' });
      setResult({
        tone: 'success',
        text: t(isSet ? 'security.paymentPasswordChanged' : 'security.paymentPasswordSet'),
      });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    } catch (error) {
      const fields = serverFields(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fieldText(value)])));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      testId="payment-password"
      title={
        <SectionTitle icon={<LockKeyhole className="size-4" />}>
          {t(isSet ? 'security.changePaymentPassword' : 'security.setPaymentPassword')}
        </SectionTitle>
      }
    >
      {!isSet ? (
        <div className="mb-3">
          <Notice tone="warning">{t('security.paymentPasswordIntro')}</Notice>
        </div>
      ) : null}
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-4 sm:grid-cols-3">
        {isSet ? (
          <SecretInput
            name="oldPaymentPassword"
            label={t('security.currentPaymentPassword')}
            value={values.oldPassword}
            onValue={set('oldPassword')}
            error={errors.oldPassword}
            autoComplete="off"
            required
          />
        ) : null}
        <SecretInput
          name="newPaymentPassword"
          label={t('security.newPaymentPassword')}
          value={values.newPassword}
          onValue={set('newPassword')}
          error={errors.newPassword}
          hint={lengthText}
          autoComplete="new-password"
          required
        />
        <SecretInput
          name="confirmPaymentPassword"
          label={t('security.confirmPaymentPassword')}
          value={values.confirmPassword}
          onValue={set('confirmPassword')}
          error={errors.confirmPassword}
          autoComplete="new-password"
          required
        />
        <div className="flex flex-col gap-3 sm:col-span-3">
          {result ? (
            <Notice tone={result.tone} testId="payment-password-result">
              {result.text}
            </Notice>
          ) : null}
          <SubmitButton busy={busy} testId="payment-password-submit">
            {t(isSet ? 'security.changePaymentPassword' : 'security.setPaymentPassword')}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
};

const PayoutAccountForm = ({
  current,
  channels,
  hasPaymentPassword,
}: {
  current: PayoutAccount | null;
  channels: string[];
  hasPaymentPassword: boolean;
}) => {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { busy, run } = useSingleFlight();
  const [editing, setEditing] = useState(current === null);
  const [values, setValues] = useState({
    payeeName: current?.payeeName ?? '',
    channel: current?.channel ?? channels[0] ?? '',
    number: '',
    paymentPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<Result>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((now) => ({ ...now, [key]: value }));
  const changing = current !== null;
  // The server checks the payment password once one exists (always for a change).
  const askPassword = changing || hasPaymentPassword;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: Errors = {};
    const payeeName = values.payeeName.trim();
    const number = values.number.trim();
    if (payeeName.length < 2) found.payeeName = t(payeeName ? 'payout.nameLength' : 'form.required');
    if (!number) found.number = t('form.required');
    else if (!/^[A-Za-z0-9@._-]{4,40}$/.test(number)) found.number = t('fieldError.payout_number_format');
    if (askPassword && !values.paymentPassword) found.paymentPassword = t('form.required');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await run(() =>
        callApi('payoutAccountBind', {
          body: {
            payeeName,
            channel: values.channel as PayoutAccount['channel'],
            number,
            ...(askPassword ? { paymentPassword: values.paymentPassword } : {}),
          },
        }),
      );
      setValues((now) => ({ ...now, number: '', paymentPassword: '' }));
      setEditing(false);
      setResult({ tone: 'success', text: t('payout.saved') });
      void queryClient.invalidateQueries({ queryKey: CASHIER_KEY });
    } catch (error) {
      const fields = serverFields(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fieldText(value)])));
      setResult({ tone: 'error', text: errorText(error) });
    }
  };

  return (
    <Card
      testId="payout-account"
      title={<SectionTitle icon={<Landmark className="size-4" />}>{t('payout.title')}</SectionTitle>}
      actions={
        current && !editing ? (
          <button
            type="button"
            data-testid="payout-change"
            className="text-sm font-semibold text-brand hover:underline"
            onClick={() => {
              setEditing(true);
              setResult(null);
            }}
          >
            {t('payout.change')}
          </button>
        ) : null
      }
    >
      {current ? (
        <dl
          className="mb-3 grid gap-3 rounded-xl bg-raised p-3 text-sm ring-1 ring-line sm:grid-cols-3"
          data-testid="payout-current"
        >
          <div>
            <dt className="text-xs text-muted">{t('payout.payeeName')}</dt>
            <dd className="font-semibold">{current.payeeName}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('payout.channel')}</dt>
            <dd className="font-semibold">{t(`channel.${current.channel}`)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('payout.number')}</dt>
            <dd className="font-semibold tabular-nums">{current.numberMasked}</dd>
          </div>
        </dl>
      ) : (
        <p className="mb-3 text-sm text-muted">{t('payout.none')}</p>
      )}
      {result && !editing ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      {editing ? (
        changing && !hasPaymentPassword ? (
          <Notice tone="warning">{t('payout.needPaymentPassword')}</Notice>
        ) : (
          <form
            noValidate
            onSubmit={(event) => void handleSubmit(event)}
            className="grid gap-4 sm:grid-cols-2"
          >
            <TextInput
              name="payeeName"
              label={t('payout.payeeName')}
              value={values.payeeName}
              onValue={set('payeeName')}
              error={errors.payeeName}
              autoComplete="name"
              maxLength={60}
              required
            />
            <SelectInput
              name="channel"
              label={t('payout.channel')}
              value={values.channel}
              onValue={set('channel')}
              options={channels.map((code) => ({ value: code, label: t(`channel.${code}`) }))}
              required
            />
            <TextInput
              name="number"
              label={t('payout.number')}
              value={values.number}
              onValue={set('number')}
              error={errors.number}
              hint={t('payout.numberHint')}
              autoComplete="off"
              maxLength={40}
              required
            />
            {askPassword ? (
              <SecretInput
                name="payoutPaymentPassword"
                label={t('form.paymentPassword')}
                value={values.paymentPassword}
                onValue={set('paymentPassword')}
                error={errors.paymentPassword}
                autoComplete="off"
                required
              />
            ) : null}
            <div className="flex flex-col gap-3 sm:col-span-2">
              {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
              <SubmitButton busy={busy} testId="payout-submit">
                {t(changing ? 'payout.saveChange' : 'payout.bind')}
              </SubmitButton>
            </div>
          </form>
        )
      ) : null}
    </Card>
  );
};
