import { ShieldCheck } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Ball } from './balls';
import type { LotteryIssueView } from './queries';

/** The balls of a draw with a stable identity each (digits repeat within a draw). */
export const slotsOf = (issueNo: string, numbers: readonly number[]) =>
  numbers.map((value, order) => ({ slot: `${issueNo}:${order}`, value, order }));

/**
 * The latest draws of a lottery, newest first. A draw that arrives while the page is open drops
 * its balls in one after another (the short draw animation); each links to its proof.
 */
export const ResultsHistory = ({ gameCode, results }: { gameCode: string; results: LotteryIssueView[] }) => {
  const { t } = useTranslation('lottery');
  // Issues already on screen at the first answer do not animate.
  const known = useRef<Set<string> | null>(null);
  if (known.current === null && results.length > 0) known.current = new Set(results.map((r) => r.issueNo));
  return (
    <ol className="space-y-2" data-testid="lottery-results">
      {results.length === 0 ? <li className="text-sm text-muted">{t('results.none')}</li> : null}
      {results.map((issue) => {
        const fresh = known.current !== null && !known.current.has(issue.issueNo);
        return (
          <li
            key={issue.issueNo}
            data-testid="lottery-result"
            data-issue={issue.issueNo}
            className="flex flex-wrap items-center gap-2 rounded-2xl bg-surface p-3 ring-1 ring-line"
          >
            <span className="w-28 shrink-0 text-xs font-semibold tabular-nums text-muted">
              {issue.issueNo}
            </span>
            <span className="flex min-w-0 flex-1 flex-wrap gap-1">
              {issue.status === 'void' ? (
                <span className="text-sm text-muted">{t('results.void')}</span>
              ) : (
                slotsOf(issue.issueNo, issue.numbers ?? []).map((ball) => (
                  <Ball
                    key={ball.slot}
                    value={ball.value}
                    size="sm"
                    {...(fresh ? { delayMs: ball.order * 90 } : {})}
                  />
                ))
              )}
            </span>
            {issue.status !== 'void' ? (
              <Link
                to={`/lotteryVerify?gameCode=${encodeURIComponent(gameCode)}&issueNo=${encodeURIComponent(issue.issueNo)}`}
                data-testid="lottery-verify-link"
                className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold text-brand hover:bg-brand/10"
              >
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {t('results.verify')}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};
