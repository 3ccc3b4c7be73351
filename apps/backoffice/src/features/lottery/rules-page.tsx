import { endpoints } from '@khela/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBo } from '../../shared/api';
import { errorText } from '../../shared/i18n';
import { useMerchant } from '../../shared/merchant';
import { useCan } from '../../shared/session';
import { Button, Card, Field, Input, PageTitle, Select, TextArea } from '../../shared/ui/controls';
import { confirmAction, useAction } from '../../shared/ui/feedback';
import { type Exposure, GAME_CODES, LotteryTabs, money, type Rule } from './shared';

/**
 * A game's rule in force with each bet type's RTP; a new version (the server refuses a table
 * above 100 %); the open issue's exposure per number; void an issue (every stake refunded).
 */
export const RulesPage = () => {
  const { t } = useTranslation('lottery');
  const { merchant } = useMerchant();
  const can = useCan();
  const [gameCode, setGameCode] = useState<string>('KENO1');
  const ruleKey = ['bo', 'lottery', 'rules', merchant, gameCode] as const;
  const rule = useQuery({
    queryKey: ruleKey,
    enabled: Boolean(merchant),
    queryFn: () => requestBo<Rule>(endpoints.boLotteryRules, { query: { merchant, gameCode } }),
  });
  const exposure = useQuery({
    queryKey: ['bo', 'lottery', 'exposure', merchant, gameCode],
    enabled: Boolean(merchant),
    refetchInterval: 5_000,
    queryFn: () => requestBo<Exposure>(endpoints.boLotteryExposure, { query: { merchant, gameCode } }),
  });
  const [payouts, setPayouts] = useState('');
  const [loadedFor, setLoadedFor] = useState<Rule | undefined>(undefined);
  if (rule.data !== loadedFor) {
    setLoadedFor(rule.data);
    setPayouts(rule.data ? JSON.stringify(rule.data.payouts, null, 2) : '');
  }
  const save = useAction(
    (body: Record<string, unknown>) => requestBo<Rule>(endpoints.boLotteryRuleSave, { body }),
    { invalidate: [ruleKey], success: t('rules.saved') },
  );
  const [issueNo, setIssueNo] = useState('');
  const [reason, setReason] = useState('');
  const voidIssue = useAction(
    (body: Record<string, unknown>) =>
      requestBo<{ voided: boolean; refunded: number }>(endpoints.boLotteryVoid, { body }),
    { invalidate: [['bo', 'lottery']], success: t('void.done') },
  );

  let parsed: unknown = null;
  try {
    parsed = JSON.parse(payouts);
  } catch {
    parsed = null;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rule.data || parsed === null) return;
    save.mutate({
      merchant,
      gameCode,
      intervalSeconds: rule.data.intervalSeconds,
      lockSeconds: rule.data.lockSeconds,
      minStakeMinor: rule.data.minStakeMinor,
      maxStakeMinor: rule.data.maxStakeMinor,
      liabilityCapMinor: rule.data.liabilityCapMinor,
      payouts: parsed,
    });
  };
  const submitVoid = async (event: FormEvent) => {
    event.preventDefault();
    if (!issueNo || !reason) return;
    if (!(await confirmAction(t('void.confirm', { issueNo }), t('void.submit')))) return;
    voidIssue.mutate({ merchant, gameCode, issueNo, reason });
  };

  return (
    <div data-testid="bo-lottery-rules">
      <PageTitle title={t('title')} />
      <LotteryTabs />
      <Field label={t('rules.game')}>
        <Select value={gameCode} onChange={(e) => setGameCode(e.target.value)} data-testid="bo-lottery-game">
          {GAME_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </Select>
      </Field>
      {rule.isError && (
        <p role="alert" className="my-2 text-danger text-sm">
          {errorText(rule.error)}
        </p>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_22rem]">
        {rule.data ? (
          <Card title={t('rules.version', { version: rule.data.version, kind: rule.data.kind })}>
            <dl className="mb-3 grid grid-cols-2 gap-1 text-sm">
              <dt className="text-muted">{t('rules.interval')}</dt>
              <dd>{rule.data.intervalSeconds} s</dd>
              <dt className="text-muted">{t('rules.lock')}</dt>
              <dd>{rule.data.lockSeconds} s</dd>
              <dt className="text-muted">{t('rules.stakes')}</dt>
              <dd>
                {money(rule.data.minStakeMinor)} – {money(rule.data.maxStakeMinor)}
              </dd>
              <dt className="text-muted">{t('rules.cap')}</dt>
              <dd>{money(rule.data.liabilityCapMinor)}</dd>
            </dl>
            <table className="mb-3 text-sm" data-testid="bo-lottery-rtp">
              <tbody>
                {Object.entries(rule.data.rtpBp).map(([type, bp]) => (
                  <tr key={type}>
                    <td className="pr-4 text-muted">{type}</td>
                    <td className="tabular-nums">{(bp / 100).toFixed(2)} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <form onSubmit={submit} className="grid gap-2">
              <Field label={t('rules.payouts')} hint={t('rules.payoutsHint')}>
                <TextArea
                  rows={10}
                  className="font-mono text-xs"
                  value={payouts}
                  disabled={!can('lottery.write')}
                  onChange={(e) => setPayouts(e.target.value)}
                />
              </Field>
              {save.isError ? (
                <p role="alert" className="text-danger text-sm">
                  {errorText(save.error)}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="primary" disabled={!can('lottery.write') || parsed === null}>
                  {t('rules.save')}
                </Button>
              </div>
            </form>
          </Card>
        ) : (
          <div />
        )}
        <div className="grid content-start gap-4">
          <Card title={t('exposure.title', { issueNo: exposure.data?.issueNo ?? '—' })}>
            <ul className="grid gap-1 text-sm" data-testid="bo-lottery-exposure">
              {(exposure.data?.numbers ?? []).length === 0 ? (
                <li className="text-muted">{t('exposure.none')}</li>
              ) : null}
              {(exposure.data?.numbers ?? []).map((n) => (
                <li key={n.key} className="flex justify-between gap-2 tabular-nums">
                  <code>{n.key}</code>
                  <span>
                    {money(n.liabilityMinor)} / {money(exposure.data?.liabilityCapMinor ?? '0')}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
          {can('lottery.write') ? (
            <Card title={t('void.title')}>
              <form onSubmit={submitVoid} className="grid gap-2">
                <Field label={t('void.issue')}>
                  <Input value={issueNo} onChange={(e) => setIssueNo(e.target.value.trim())} />
                </Field>
                <Field label={t('void.reason')}>
                  <Input value={reason} onChange={(e) => setReason(e.target.value)} />
                </Field>
                <div>
                  <Button type="submit" variant="danger" disabled={!issueNo || !reason}>
                    {t('void.submit')}
                  </Button>
                </div>
              </form>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
};
