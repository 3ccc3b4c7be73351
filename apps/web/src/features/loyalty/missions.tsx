import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Target, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';
import { useErrorText } from '../../shared/form';
import { buttonClass } from '../../shared/ui/button';
import { Card, LOYALTY_KEYS, Note, type Outcome, Progress, useAmount, useCount, useLocalName } from './parts';

/**
 * The member centre's mission activity (missionLeaderboard, issue 19): daily and weekly missions
 * with progress and claim, and this week's leaderboard.
 */
export const MissionsPage = () => {
  const { t } = useTranslation('loyalty');
  const amount = useAmount();
  const count = useCount();
  const name = useLocalName();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const missions = useQuery({
    queryKey: LOYALTY_KEYS.missions,
    queryFn: ({ signal }) => callApi('missionSummary', { signal }),
  });
  const board = useQuery({
    queryKey: LOYALTY_KEYS.board,
    queryFn: ({ signal }) => callApi('missionLeaderboard', { signal }),
  });
  const claim = async (missionId: number) => {
    setOutcome(null);
    try {
      const done = await callApi('missionClaim', { body: { missionId } });
      setOutcome({ tone: 'success', text: t('missions.claimed', { amount: amount(done.rewardMinor) }) });
      await queryClient.invalidateQueries({ queryKey: ['loyalty'] });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(error) });
    }
  };
  const shown = (kind: string, value: string) => (kind === 'rounds' ? count(value) : amount(value));
  return (
    <div className="flex flex-col gap-4" data-testid="missions-page">
      <Card
        title={
          <span className="flex items-center gap-2">
            <Target className="size-4 text-brand" />
            {t('missions.title')}
            {missions.data && missions.data.badgeCount > 0 ? (
              <span className="rounded-full bg-brand px-2 text-xs text-brand-fg" data-testid="missions-badge">
                {count(missions.data.badgeCount)}
              </span>
            ) : null}
          </span>
        }
      >
        {outcome ? (
          <div className="mb-3">
            <Note tone={outcome.tone} testId="missions-outcome">
              {outcome.text}
            </Note>
          </div>
        ) : null}
        {missions.data && missions.data.missions.length === 0 ? (
          <p className="text-sm text-muted">{t('missions.none')}</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {(missions.data?.missions ?? []).map((m) => (
            <li
              key={m.id}
              className="flex flex-col gap-2 rounded-xl bg-surface p-3 ring-1 ring-line"
              data-testid={`mission-${m.code}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{name(m.name)}</span>
                <span className="text-xs text-muted">{t(`missions.period.${m.period}`)}</span>
              </div>
              <Progress value={m.progress} target={m.target} />
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span data-testid={`mission-progress-${m.code}`}>
                  {shown(m.kind, m.progress)} / {shown(m.kind, m.target)}
                </span>
                <span>{t('missions.reward', { amount: amount(m.rewardMinor) })}</span>
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  disabled={!m.done || m.claimed}
                  onClick={() => claim(m.id)}
                  data-testid={`mission-claim-${m.code}`}
                >
                  {m.claimed ? t('missions.done') : t('missions.claim')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Card
        title={
          <span className="flex items-center gap-2">
            <Trophy className="size-4 text-brand" />
            {t('missions.board')}
          </span>
        }
        testId="missions-board"
      >
        {board.data && board.data.rows.length === 0 ? (
          <p className="text-sm text-muted">{t('missions.boardEmpty')}</p>
        ) : null}
        <ol className="flex flex-col gap-1 text-sm">
          {(board.data?.rows ?? []).map((r) => (
            <li key={r.rank} className={r.me ? 'font-bold text-brand' : ''}>
              {count(r.rank)}. {r.name} — {t('missions.claims', { count: r.claims })}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
};
