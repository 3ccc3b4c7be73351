import { useMutation, useQuery } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { FormAlert, useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { Card, fieldClass, percent } from './parts';

const CHANNELS = ['mobile', 'email', 'whatsapp', 'telegram'] as const;

/** `/join`: the brand's agent programme (its contract tables), how it works, and the application. */
export const JoinPage = () => {
  const { t } = useTranslation('agency');
  const errorText = useErrorText();
  const programme = useQuery({ queryKey: ['agency-programme'], queryFn: () => callApi('agencyProgramme') });
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [channel, setChannel] = useState<(typeof CHANNELS)[number]>('mobile');
  const [message, setMessage] = useState('');
  const apply = useMutation({
    mutationFn: () =>
      callApi('agencyApply', { body: { name: name.trim(), contact: contact.trim(), channel, message } }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply.mutate();
  };
  return (
    <section
      data-testid="page-join"
      className="mx-auto flex w-full max-w-[1000px] flex-col gap-5 px-3 py-6 sm:px-4 sm:py-10"
    >
      <header className="flex items-center gap-3">
        <span className="grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-brand to-brand-2 text-brand-fg">
          <Handshake aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-black tracking-tight">{t('join.title')}</h1>
          <p className="text-sm text-muted">{t('join.lead')}</p>
        </div>
      </header>
      <Card title={t('join.how')}>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>{t('join.step1')}</li>
          <li>{t('join.step2')}</li>
          <li>{t('join.step3')}</li>
        </ol>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        {programme.data?.templates.map((tpl) => (
          <Card key={tpl.kind} title={t(`kind.${tpl.kind}`)} testId={`join-table-${tpl.kind}`}>
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted">
                <tr>
                  <th className="py-1 font-medium">{t('join.active')}</th>
                  <th className="py-1 font-medium">
                    {t(tpl.kind === 'dividend' ? 'join.share' : 'join.rate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {tpl.tiers.map((tier) => (
                  <tr key={tier.minActive} className="border-t border-line/60">
                    <td className="py-1.5 tabular-nums">{tier.minActive}+</td>
                    <td className="py-1.5 font-semibold tabular-nums">{percent(tier.rateBp)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {tpl.kind === 'dividend' ? (
              <p className="mt-2 text-xs text-muted">
                {t('contracts.cycles', { n: tpl.cycles })} · {t(`carry.${tpl.carry}`)}
              </p>
            ) : null}
          </Card>
        ))}
      </div>
      <Card title={t('join.apply')} testId="join-apply">
        {apply.isSuccess ? (
          <p className="text-sm font-semibold text-emerald-600" data-testid="join-applied">
            {t('join.applied')}
          </p>
        ) : (
          <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
            <label className="grid gap-1 text-sm">
              {t('join.name')}
              <input
                className={fieldClass}
                value={name}
                onChange={(e) => setName(e.target.value)}
                data-testid="join-name"
              />
            </label>
            <label className="grid gap-1 text-sm">
              {t('join.channel')}
              <select
                className={fieldClass}
                value={channel}
                onChange={(e) => setChannel(e.target.value as (typeof CHANNELS)[number])}
              >
                {CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {t(`join.channels.${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm sm:col-span-2">
              {t('join.contact')}
              <input
                className={fieldClass}
                value={contact}
                onChange={(e) => setContact(e.target.value)}
                data-testid="join-contact"
              />
            </label>
            <label className="grid gap-1 text-sm sm:col-span-2">
              {t('join.message')}
              <textarea
                className={`${fieldClass} h-24 py-2`}
                value={message}
                maxLength={500}
                onChange={(e) => setMessage(e.target.value)}
              />
            </label>
            <div className="sm:col-span-2">
              {apply.isError ? <FormAlert>{errorText(apply.error)}</FormAlert> : null}
              <button
                type="submit"
                className={buttonClass('primary', 'md')}
                disabled={apply.isPending || name.trim().length < 2 || contact.trim().length < 5}
                data-testid="join-submit"
              >
                {t('join.submit')}
              </button>
            </div>
          </form>
        )}
      </Card>
    </section>
  );
};
