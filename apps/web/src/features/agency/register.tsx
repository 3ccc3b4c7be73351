import type { ContractKind, ContractView } from '@khela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { FormAlert, useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { Card, fieldClass, percent } from './parts';

/** A rate typed as a percentage ("0.8") in basis points (80), or null when it is not one. */
export const basisPoints = (text: string) => {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const bp = Math.round(Number(text.trim()) * 100);
  return bp <= 10_000 ? bp : null;
};

/**
 * Register centre: a direct downline member or agent; an agent may get a contract offer at once
 * (one tier, never above the agent's own: the server refuses it otherwise).
 */
export const RegisterCentre = ({ own }: { own: ContractView[] }) => {
  const { t } = useTranslation('agency');
  const errorText = useErrorText();
  const client = useQueryClient();
  const offerable = own.filter((c) => c.status === 'accepted');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [asAgent, setAsAgent] = useState(false);
  const [kind, setKind] = useState<ContractKind | ''>('');
  const [rate, setRate] = useState('');
  const [payer, setPayer] = useState<'platform' | 'upline'>('platform');
  const [localError, setLocalError] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: (body: unknown) => callApi('agencyRegister', { body }),
    onSuccess: () => {
      setUsername('');
      setPassword('');
      setRate('');
      void client.invalidateQueries({ queryKey: ['agency-downline'] });
      void client.invalidateQueries({ queryKey: ['agency-overview'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    let contract:
      | { kind: ContractKind; tiers: { minActive: number; rateBp: number }[]; payer: 'platform' | 'upline' }
      | undefined;
    if (asAgent && kind) {
      const bp = basisPoints(rate);
      if (bp === null) return setLocalError(t('register.badRate'));
      contract = { kind, tiers: [{ minActive: 0, rateBp: bp }], payer };
    }
    m.mutate({ username: username.trim(), password, asAgent, ...(contract ? { contract } : {}) });
  };
  return (
    <Card title={t('menu.register')} testId="agency-register">
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        <label className="grid gap-1 text-sm">
          {t('register.username')}
          <input
            className={fieldClass}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            data-testid="agency-register-username"
          />
        </label>
        <label className="grid gap-1 text-sm">
          {t('register.password')}
          <input
            className={fieldClass}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            data-testid="agency-register-password"
          />
        </label>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={asAgent}
            onChange={(e) => setAsAgent(e.target.checked)}
            data-testid="agency-register-agent"
          />
          {t('register.asAgent')}
        </label>
        {asAgent ? (
          <>
            <label className="grid gap-1 text-sm">
              {t('register.contract')}
              <select
                className={fieldClass}
                value={kind}
                onChange={(e) => setKind(e.target.value as ContractKind | '')}
                data-testid="agency-register-kind"
              >
                <option value="">{t('register.noContract')}</option>
                {offerable.map((c) => (
                  <option key={c.kind} value={c.kind}>
                    {t(`kind.${c.kind}`)} ({t('register.upTo', { rate: percent(c.tiers[0]?.rateBp ?? 0) })})
                  </option>
                ))}
              </select>
            </label>
            {kind ? (
              <>
                <label className="grid gap-1 text-sm">
                  {t('register.rate')}
                  <input
                    className={fieldClass}
                    inputMode="decimal"
                    value={rate}
                    onChange={(e) => setRate(e.target.value)}
                    data-testid="agency-register-rate"
                  />
                </label>
                <label className="grid gap-1 text-sm">
                  {t('register.payer')}
                  <select
                    className={fieldClass}
                    value={payer}
                    onChange={(e) => setPayer(e.target.value as 'platform' | 'upline')}
                  >
                    <option value="platform">{t('payer.platform')}</option>
                    <option value="upline">{t('payer.upline')}</option>
                  </select>
                </label>
              </>
            ) : null}
          </>
        ) : null}
        <div className="sm:col-span-2">
          {localError ? <FormAlert>{localError}</FormAlert> : null}
          {m.isError ? <FormAlert>{errorText(m.error)}</FormAlert> : null}
          {m.isSuccess ? (
            <p className="mb-2 text-sm font-semibold text-emerald-600" data-testid="agency-register-done">
              {t('register.done', { account: m.data.account })}
            </p>
          ) : null}
          <button
            type="submit"
            className={buttonClass('primary', 'md')}
            disabled={m.isPending || !username || !password}
            data-testid="agency-register-submit"
          >
            {t('register.submit')}
          </button>
        </div>
      </form>
    </Card>
  );
};
