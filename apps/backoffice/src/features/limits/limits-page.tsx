import type { BoLimitDefaultsValue, BoMemberLimitsValue, CashierLimitSet } from '@khela/contract';
import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { parseAmount } from '../../shared/money';
import { Button, Card, Field, Input, PageTitle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';
import { Money } from '../../shared/ui/money';
import { formatTime } from '../../shared/ui/table';

type Draft = { depositAmount: string; withdrawAmount: string; withdrawCount: string; reason: string };
type LimitBody = {
  depositAmount: number | null;
  withdrawAmount: number | null;
  withdrawCount: number | null;
  reason: string;
};

const draftOf = (l: CashierLimitSet | undefined): Draft => ({
  depositAmount: l?.depositAmount ?? '',
  withdrawAmount: l?.withdrawAmount ?? '',
  withdrawCount: l?.withdrawCount === null || l?.withdrawCount === undefined ? '' : String(l.withdrawCount),
  reason: '',
});

/** Checks a draft: empty fields are null (no limit of its own); amounts to minor units as numbers. */
const useParse = () => {
  const { t } = useTranslation('limits');
  return (draft: Draft): { body?: LimitBody; errors: Record<string, string> } => {
    const errors: Record<string, string> = {};
    const amount = (field: 'depositAmount' | 'withdrawAmount') => {
      const text = draft[field].trim();
      if (!text) return null;
      const parsed = parseAmount(text);
      if (!parsed.ok) {
        errors[field] = t(`amountError.${parsed.problem}`);
        return null;
      }
      return Number(parsed.minor);
    };
    const depositAmount = amount('depositAmount');
    const withdrawAmount = amount('withdrawAmount');
    let withdrawCount: number | null = null;
    if (draft.withdrawCount.trim()) {
      const n = Number(draft.withdrawCount.trim());
      if (!Number.isInteger(n) || n < 1 || n > 1000) errors.withdrawCount = t('countFormat');
      else withdrawCount = n;
    }
    const reason = draft.reason.trim();
    if (reason.length < 3) errors.reason = t('reasonLength');
    if (Object.keys(errors).length > 0) return { errors };
    return { body: { depositAmount, withdrawAmount, withdrawCount, reason }, errors };
  };
};

const LimitFields = ({
  draft,
  setDraft,
  errors,
  prefix,
  placeholder,
}: {
  draft: Draft;
  setDraft: (d: Draft) => void;
  errors: Record<string, string>;
  prefix: string;
  placeholder: string;
}) => {
  const { t } = useTranslation('limits');
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
    'data-testid': `${prefix}-${name}`,
  });
  return (
    <>
      <Field label={t('depositAmount')} error={errors.depositAmount}>
        <Input inputMode="decimal" placeholder={placeholder} {...field('depositAmount')} />
      </Field>
      <Field label={t('withdrawAmount')} error={errors.withdrawAmount}>
        <Input inputMode="decimal" placeholder={placeholder} {...field('withdrawAmount')} />
      </Field>
      <Field label={t('withdrawCount')} error={errors.withdrawCount}>
        <Input inputMode="numeric" placeholder={placeholder} {...field('withdrawCount')} />
      </Field>
      <Field label={t('reason')} error={errors.reason} className="sm:col-span-3">
        <Input maxLength={500} {...field('reason')} />
      </Field>
    </>
  );
};

/** The limits in force, one line each: an amount, a count, or "no limit". */
const LimitList = ({
  limits,
  currency,
  testId,
}: {
  limits: CashierLimitSet;
  currency: string;
  testId: string;
}) => {
  const { t } = useTranslation('limits');
  const none = <span className="text-muted">{t('none')}</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid={testId}>
      <dt className="text-muted">{t('depositAmount')}</dt>
      <dd>{limits.depositAmount ? <Money value={limits.depositAmount} currency={currency} /> : none}</dd>
      <dt className="text-muted">{t('withdrawAmount')}</dt>
      <dd>{limits.withdrawAmount ? <Money value={limits.withdrawAmount} currency={currency} /> : none}</dd>
      <dt className="text-muted">{t('withdrawCount')}</dt>
      <dd>{limits.withdrawCount ?? none}</dd>
    </dl>
  );
};

const MemberLimits = ({ memberId }: { memberId: number }) => {
  const { t, i18n } = useTranslation('limits');
  const parse = useParse();
  const key = ['bo', 'limits', 'member', memberId];
  const limits = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      requestBo<BoMemberLimitsValue>(endpoints.boMemberLimits, { query: { memberId }, signal }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAction(
    (body: LimitBody) =>
      requestBo<BoMemberLimitsValue>(endpoints.boMemberLimitsSave, { body: { memberId, ...body } }),
    { success: t('saved'), invalidate: [key], onSuccess: () => setDraft(null) },
  );
  if (limits.isPending) return <Card>{t('loading')}</Card>;
  if (limits.isError)
    return (
      <Card>
        <p className="text-danger text-sm" data-testid="limits-error">
          {errorText(limits.error)}
        </p>
      </Card>
    );
  const v = limits.data;
  const current = draft ?? draftOf(v.member);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(current);
    setErrors(parsed.errors);
    if (parsed.body) save.mutate(parsed.body);
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('inForce', { name: v.username })}>
        <LimitList limits={v.effective} currency={v.currency} testId="limits-effective" />
        <h3 className="mt-4 mb-1 font-semibold text-sm">{t('usage')}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="limits-usage">
          <dt className="text-muted">{t('deposited')}</dt>
          <dd>
            <Money value={v.usage.deposited} currency={v.currency} />
          </dd>
          <dt className="text-muted">{t('withdrawn')}</dt>
          <dd>
            <Money value={v.usage.withdrawn} currency={v.currency} /> ·{' '}
            {t('withdrawalsCount', { count: v.usage.withdrawals })}
          </dd>
        </dl>
        <p className="mt-3 text-muted text-xs">
          {v.updatedAt
            ? t('updated', {
                by: v.updatedBy?.replace(/^staff:/, '') ?? '',
                at: formatTime(v.updatedAt, i18n.language),
              })
            : t('neverSet')}{' '}
          ·{' '}
          <Link className="text-accent underline" to={`/members/${v.memberId}`}>
            {t('backToMember')}
          </Link>
        </p>
      </Card>
      <Card title={t('ownLimits')}>
        <p className="mb-3 text-muted text-sm">{t('ownHint')}</p>
        <form className="grid grid-cols-1 gap-3 sm:grid-cols-3" onSubmit={submit} data-testid="limits-form">
          <LimitFields
            draft={current}
            setDraft={setDraft}
            errors={errors}
            prefix="limits"
            placeholder={t('defaultPlaceholder')}
          />
          <div>
            <Button type="submit" variant="primary" pending={save.isPending} data-testid="limits-save">
              {t('save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};

const MerchantDefaults = () => {
  const { t } = useTranslation('limits');
  const { merchant } = useMerchant();
  const parse = useParse();
  const key = ['bo', 'limits', 'defaults', merchant];
  const defaults = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      requestBo<BoLimitDefaultsValue>(endpoints.boLimitDefaults, { query: { merchant }, signal }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAction(
    (body: LimitBody) =>
      requestBo<BoLimitDefaultsValue>(endpoints.boLimitDefaultsSave, { body: { merchant, ...body } }),
    { success: t('saved'), invalidate: [key, ['bo', 'limits', 'member']], onSuccess: () => setDraft(null) },
  );
  if (!defaults.data) return null;
  const current = draft ?? draftOf(defaults.data.limits);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(current);
    setErrors(parsed.errors);
    if (parsed.body) save.mutate(parsed.body);
  };
  return (
    <Card title={t('defaults', { merchant })}>
      <p className="mb-3 text-muted text-sm">{t('defaultsHint')}</p>
      <form className="grid grid-cols-1 gap-3 sm:grid-cols-3" onSubmit={submit} data-testid="defaults-form">
        <LimitFields
          draft={current}
          setDraft={setDraft}
          errors={errors}
          prefix="defaults"
          placeholder={t('nonePlaceholder')}
        />
        <div>
          <Button type="submit" pending={save.isPending} data-testid="defaults-save">
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  );
};

/**
 * Risk's cashier limits: a member's own daily limits (opened from the member detail with
 * `?memberId=`), what is in force and the last 24 hours' use, and the merchant defaults that
 * apply where a member has none. The server checks `limits.write` on every call.
 */
export const LimitsPage = () => {
  const { t } = useTranslation('limits');
  const [params, setParams] = useSearchParams();
  const memberId = Number(params.get('memberId') ?? '');
  const valid = Number.isSafeInteger(memberId) && memberId > 0;
  const [input, setInput] = useState(valid ? String(memberId) : '');
  const open = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(input.trim());
    if (Number.isSafeInteger(n) && n > 0) setParams({ memberId: String(n) });
  };
  return (
    <div className="grid gap-4" data-testid="limits-page">
      <PageTitle title={t('title')} />
      <Card>
        <form className="flex flex-wrap items-end gap-3" onSubmit={open}>
          <Field label={t('memberId')}>
            <Input
              inputMode="numeric"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              data-testid="limits-member"
            />
          </Field>
          <Button type="submit" data-testid="limits-open">
            {t('open')}
          </Button>
        </form>
      </Card>
      {valid ? <MemberLimits key={memberId} memberId={memberId} /> : null}
      <MerchantDefaults />
    </div>
  );
};
