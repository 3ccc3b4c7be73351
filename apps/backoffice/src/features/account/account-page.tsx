import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callBo } from '../../shared/api';
import { useStaff } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle } from '../../shared/ui/controls';
import { useAction } from '../../shared/ui/feedback';

/** The signed-in staff member: who they are, what they may do, and changing the own password. */
export const AccountPage = () => {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const staff = useStaff();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useAction(
    () => callBo('boPasswordChange', { body: { currentPassword: current, newPassword: next } }),
    {
      success: t('changed'),
      onSuccess: () => {
        setCurrent('');
        setNext('');
        setAgain('');
      },
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(t('currentRequired'));
    if (next.length < 10 || next.length > 128) return setError(t('length'));
    if (next !== again) return setError(t('mismatch'));
    if (next === current) return setError(t('same'));
    setError(null);
    change.mutate(undefined);
  };
  return (
    <div className="flex max-w-2xl flex-col gap-4" data-testid="account-page">
      <PageTitle title={t('title')} />
      <Card title={t('who')}>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
          <dt className="text-muted">{t('username')}</dt>
          <dd>{staff.username}</dd>
          <dt className="text-muted">{t('role')}</dt>
          <dd>{tc(`role.${staff.role}`)}</dd>
          <dt className="text-muted">{t('permissions')}</dt>
          <dd className="flex flex-wrap gap-1">
            {staff.permissions.map((p) => (
              <code key={p} className="rounded bg-surface-2 px-1.5 py-0.5 text-xs">
                {p}
              </code>
            ))}
          </dd>
        </dl>
      </Card>
      <Card title={t('changeTitle')}>
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <Field label={t('current')}>
            <Input
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
          <Field label={t('new')} hint={t('length')}>
            <Input
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </Field>
          <Field label={t('again')}>
            <Input
              type="password"
              autoComplete="new-password"
              value={again}
              onChange={(e) => setAgain(e.target.value)}
            />
          </Field>
          {error && (
            <p role="alert" className="text-danger text-sm">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" variant="primary" pending={change.isPending}>
              {t('submit')}
            </Button>
          </div>
          <p className="text-muted text-xs">{t('note')}</p>
        </form>
      </Card>
    </div>
  );
};
