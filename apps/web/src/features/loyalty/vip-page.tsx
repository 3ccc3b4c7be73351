import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { useMember } from '../../shared/state/session';
import { cx } from '../../shared/ui/cx';
import { Card, LOYALTY_KEYS, Note, Progress, useAmount } from './parts';

/** ppm as a percent with up to 3 decimals ("0.45"). */
const percentOf = (ppm: number) => (ppm / 10_000).toFixed(3).replace(/\.?0+$/, '');

/**
 * `/vip` (issue 19): the tiers with what reaching each takes and what it gives (rebate rates,
 * withdrawal limit per 24 hours, level-up and birthday bonus; ADR 056), and — signed in — my level
 * and progress to the next one (opening the page evaluates it: at most one level up a day, its
 * level-up bonus paid with it) and the VIP bonuses I received.
 */
export const VipPage = () => {
  const { t } = useTranslation('loyalty');
  const { loggedIn } = useMember();
  const amount = useAmount();
  const errorText = useErrorText();
  const vip = useQuery({
    queryKey: [...LOYALTY_KEYS.vip, loggedIn],
    queryFn: ({ signal }) => callApi('vipInfo', { signal }),
  });
  const me = vip.data?.me ?? null;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-6" data-testid="page-vip">
      <h1 className="flex items-center gap-2 text-xl font-bold">
        <Crown className="size-5 text-brand" />
        {t('vip.title')}
      </h1>
      {vip.isError ? <Note tone="error">{errorText(vip.error)}</Note> : null}
      {me ? (
        <Card title={t('vip.myLevel')} testId="vip-me">
          <p className="mb-3 text-2xl font-bold" data-testid="vip-level" data-level={me.level}>
            {vip.data?.tiers[me.level]?.name ?? me.level}
          </p>
          {me.nextLevel !== null && me.nextTurnoverMinor !== null && me.nextDepositMinor !== null ? (
            <div className="flex flex-col gap-3 text-sm">
              <p>{t('vip.next', { name: vip.data?.tiers[me.nextLevel]?.name ?? me.nextLevel })}</p>
              <div className="flex flex-col gap-1">
                <span>
                  {t('vip.turnover', { have: amount(me.turnoverMinor), need: amount(me.nextTurnoverMinor) })}
                </span>
                <Progress value={me.turnoverMinor} target={me.nextTurnoverMinor} testId="vip-turnover-bar" />
              </div>
              <div className="flex flex-col gap-1">
                <span>
                  {t('vip.deposits', { have: amount(me.depositMinor), need: amount(me.nextDepositMinor) })}
                </span>
                <Progress value={me.depositMinor} target={me.nextDepositMinor} />
              </div>
            </div>
          ) : (
            <p className="text-sm">{t('vip.top')}</p>
          )}
          {me.retentionTargetMinor !== null ? (
            <p className="mt-3 text-xs text-muted">
              {t('vip.retention', {
                have: amount(me.retentionTurnoverMinor),
                need: amount(me.retentionTargetMinor),
              })}
            </p>
          ) : null}
        </Card>
      ) : !loggedIn ? (
        <Note tone="info">{t('vip.login')}</Note>
      ) : null}
      {me && me.bonuses.length > 0 ? (
        <Card title={t('vip.myBonuses')} testId="vip-bonuses">
          <ul className="flex flex-col gap-1 text-sm">
            {me.bonuses.map((b) => (
              <li
                key={`${b.kind}-${b.period}`}
                data-testid={`vip-bonus-${b.kind}-${b.period}`}
                className="flex justify-between gap-3"
              >
                <span>
                  {b.kind === 'level_up'
                    ? t('vip.bonusLevelUp', { name: vip.data?.tiers[b.level]?.name ?? b.level })
                    : t('vip.bonusBirthday', { year: b.period })}
                </span>
                <span className="font-semibold">{amount(b.amountMinor)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title={t('vip.tiers')} testId="vip-tiers">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="text-xs text-muted">
              <tr>
                <th className="py-2 pr-3">{t('vip.level')}</th>
                <th className="py-2 pr-3">{t('vip.needTurnover')}</th>
                <th className="py-2 pr-3">{t('vip.needDeposits')}</th>
                <th className="py-2 pr-3">{t('vip.rebate')}</th>
                <th className="py-2 pr-3">{t('vip.withdraw')}</th>
                <th className="py-2 pr-3">{t('vip.levelUp')}</th>
                <th className="py-2">{t('vip.birthday')}</th>
              </tr>
            </thead>
            <tbody>
              {(vip.data?.tiers ?? []).map((tier) => (
                <tr
                  key={tier.level}
                  data-testid={`vip-tier-${tier.level}`}
                  className={cx(
                    'border-t border-line',
                    me?.level === tier.level && 'bg-brand/8 font-semibold',
                  )}
                >
                  <td className="py-2 pr-3">{tier.name}</td>
                  <td className="py-2 pr-3">{amount(tier.turnoverMinor)}</td>
                  <td className="py-2 pr-3">{amount(tier.depositMinor)}</td>
                  <td className="py-2 pr-3">
                    {t('vip.rebateValue', {
                      slots: percentOf(tier.rebatePpm.RNG ?? 0),
                      live: percentOf(tier.rebatePpm.LIVE ?? 0),
                      sports: percentOf(tier.rebatePpm.SPORTS ?? 0),
                    })}
                  </td>
                  <td className="py-2 pr-3" data-testid={`vip-tier-${tier.level}-withdraw`}>
                    {tier.withdrawDailyMinor === '0' ? t('vip.noLimit') : amount(tier.withdrawDailyMinor)}
                  </td>
                  <td className="py-2 pr-3" data-testid={`vip-tier-${tier.level}-levelup`}>
                    {amount(tier.levelUpBonusMinor)}
                  </td>
                  <td className="py-2" data-testid={`vip-tier-${tier.level}-birthday`}>
                    {amount(tier.birthdayBonusMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs text-muted">{t('vip.rules')}</p>
        <p className="mt-1 text-xs text-muted">{t('vip.bonusRules')}</p>
      </Card>
    </div>
  );
};
