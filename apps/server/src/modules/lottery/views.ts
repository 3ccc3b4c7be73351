import type { LotteryBetView, LotteryIssue } from '@khela/contract';
import type { BetRow, IssueRow } from './store';

/** The player's view of an issue: the seed only once drawn (or void: nothing was drawn with it). */
export const issueView = (issue: IssueRow): LotteryIssue => {
  const revealed = issue.status === 'drawn' || issue.status === 'settled' || issue.status === 'void';
  return {
    gameCode: issue.gameCode,
    issueNo: issue.issueNo,
    status: issue.status,
    opensAt: issue.opensAt.getTime(),
    locksAt: issue.locksAt.getTime(),
    drawsAt: issue.drawsAt.getTime(),
    commitment: issue.commitment,
    serverSeed: revealed ? issue.serverSeed : null,
    numbers: issue.numbers,
    previousLink: issue.previousLink,
    link: issue.link,
  };
};

export const betView = (bet: BetRow & { issueNo: string }): LotteryBetView => ({
  id: bet.id,
  gameCode: bet.gameCode,
  issueNo: bet.issueNo,
  betType: bet.betType,
  selection: bet.selection as LotteryBetView['selection'],
  stakeMinor: bet.stakeMinor.toString(),
  payoutMinor: bet.payoutMinor.toString(),
  status: bet.status,
  placedAt: bet.placedAt.getTime(),
  settledAt: bet.settledAt?.getTime() ?? null,
});
