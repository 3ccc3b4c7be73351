import type { ContractKind, ContractView } from '@khela/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { FormAlert, useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { cx } from '../../shared/ui/cx';
import { Spinner } from '../../shared/ui/spinner';
import { DownlineManagement } from './downline';
import { TeamOverview } from './overview';
import { Card, Empty, percent } from './parts';
import { RegisterCentre } from './register';
import { Income, TeamPlay } from './statements';

type Section =
  | 'overview'
  | 'register'
  | 'downline'
  | 'betting'
  | 'profit'
  | 'income'
  | 'contracts'
  | ContractKind;

const SALARY_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;

/**
 * The agent centre (spec §2 "Agent centre modal", issue 20): a menu (a row of chips on phones, a
 * column on wide screens) and one section at a time; team overview first. The dividend record and
 * the salary statements show only for the kinds the agent holds or is offered.
 */
export const AgentCentre = () => {
  const { t } = useTranslation('agency');
  const [section, setSection] = useState<Section>('overview');
  const centre = useQuery({ queryKey: ['agency-centre'], queryFn: () => callApi('agencyCentre') });
  if (centre.isPending)
    return (
      <div className="grid min-h-24 place-items-center" role="status">
        <Spinner className="size-6" />
      </div>
    );
  const features = centre.data?.features;
  const menu: Section[] = [
    'overview',
    'register',
    'downline',
    'betting',
    'profit',
    'income',
    'contracts',
    ...SALARY_KINDS.filter((k) => features?.[k]),
  ];
  const contracts = centre.data?.contracts ?? [];
  return (
    <div className="grid gap-4 lg:grid-cols-[200px_1fr]" data-testid="agency-centre">
      <nav
        aria-label={t('menu.label')}
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible"
      >
        {menu.map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => setSection(s)}
            aria-current={s === section ? 'page' : undefined}
            data-testid={`agency-menu-${s}`}
            className={cx(
              'shrink-0 rounded-xl px-3 py-2 text-left text-sm font-semibold ring-1 transition',
              s === section
                ? 'bg-brand text-brand-fg ring-brand'
                : 'bg-surface text-fg ring-line hover:ring-brand/40',
            )}
          >
            {t(`menu.${s}`)}
          </button>
        ))}
      </nav>
      <div className="min-w-0">
        {section === 'overview' ? <TeamOverview /> : null}
        {section === 'register' ? <RegisterCentre own={contracts} /> : null}
        {section === 'downline' ? <DownlineManagement /> : null}
        {section === 'betting' || section === 'profit' ? <TeamPlay view={section} /> : null}
        {section === 'income' ? <Income /> : null}
        {section === 'contracts' ? <MyContracts contracts={contracts} /> : null}
        {(SALARY_KINDS as readonly string[]).includes(section) ? (
          <Income kind={section as ContractKind} />
        ) : null}
      </div>
    </div>
  );
};

/** The agent's own contracts: the ones in force and offers to accept or decline. */
const MyContracts = ({ contracts }: { contracts: ContractView[] }) => {
  const { t } = useTranslation('agency');
  const errorText = useErrorText();
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (q: { contractId: number; accept: boolean }) => callApi('agencyDecide', { body: q }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['agency-centre'] }),
  });
  const revocation = useMutation({
    mutationFn: (q: { contractId: number; confirm: boolean }) => callApi('agencyRevocation', { body: q }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['agency-centre'] }),
  });
  const error = decide.error ?? revocation.error;
  return (
    <Card title={t('menu.contracts')} testId="agency-contracts">
      {contracts.length === 0 ? <Empty>{t('contracts.none')}</Empty> : null}
      <div className="flex flex-col gap-2">
        {contracts.map((c) => (
          <article
            key={c.id}
            className="rounded-xl bg-surface-2/70 p-3 text-sm ring-1 ring-line"
            data-testid="agency-contract"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">
                {t(`kind.${c.kind}`)} · v{c.version}
              </span>
              <span className="text-xs">{t(`state.${c.status}`)}</span>
            </div>
            <ul className="mt-1 text-xs text-muted">
              {c.tiers.map((tier) => (
                <li key={tier.minActive}>
                  {t('contracts.tier', { active: tier.minActive, rate: percent(tier.rateBp) })}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-muted">
              {t(`payer.${c.payer}`)} · {c.offeredBy ?? t('contracts.platform')}
              {c.kind === 'dividend'
                ? ` · ${t('contracts.cycles', { n: c.cycles })} · ${t(`carry.${c.carry}`)}`
                : ''}
            </p>
            {c.status === 'requested' ? (
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  onClick={() => decide.mutate({ contractId: c.id, accept: true })}
                  data-testid="agency-contract-accept"
                >
                  {t('contracts.accept')}
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  onClick={() => decide.mutate({ contractId: c.id, accept: false })}
                >
                  {t('contracts.decline')}
                </button>
              </div>
            ) : null}
            {c.status === 'accepted' && c.revocationAskedAt !== null ? (
              <div className="mt-2 rounded-lg bg-amber-500/10 p-2" data-testid="agency-contract-revocation">
                <p className="text-xs font-semibold">
                  {t('contracts.revocationAsked', { upline: c.offeredBy })}
                </p>
                <div className="mt-2 flex gap-2">
                  <button
                    type="button"
                    className={buttonClass('primary', 'sm')}
                    onClick={() => revocation.mutate({ contractId: c.id, confirm: true })}
                    data-testid="agency-revocation-confirm"
                  >
                    {t('contracts.revocationConfirm')}
                  </button>
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    onClick={() => revocation.mutate({ contractId: c.id, confirm: false })}
                  >
                    {t('contracts.revocationKeep')}
                  </button>
                </div>
              </div>
            ) : null}
          </article>
        ))}
      </div>
      {error ? <FormAlert>{errorText(error)}</FormAlert> : null}
    </Card>
  );
};
