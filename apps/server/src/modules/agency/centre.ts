import {
  AGENT_TYPES,
  type AgencyOverviewValue,
  type ContractKind,
  isAgentType,
  type OverviewRange,
} from '@khela/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Db } from '../../shared/db';
import type { PasswordHasher } from '../../shared/passwords';
import { membersMoney } from '../cashier';
import {
  type AuthMember,
  createDownlineAccount,
  type DownlineMember,
  downlineTree,
  memberUsernames,
  setMemberStatus,
} from '../identity';
import type { WalletService } from '../wallet';
import * as store from './contract-store';
import * as rules from './contracts';
import { overviewRange } from './periods';
import * as bills from './settlement-store';
import { contractView, settlementView } from './views';

/** The activity module's set-based read (docs: /work/plan/activity.md), by member. */
export type PlayTotals = (
  db: Db,
  q: { from: Date; to: Date; merchantCode?: string; memberIds?: number[]; groupBy: 'member'[] },
) => Promise<
  Array<{ memberId?: number; stakeMinor: bigint; payoutMinor: bigint; refundMinor: bigint; bets: number }>
>;

export type CentreDeps = {
  db: Kysely<DB>;
  wallet: Pick<WalletService, 'accountOf' | 'post'>;
  hasher: PasswordHasher;
  playTotals: PlayTotals;
  withdrawableOf: (
    member: { id: number; merchantCode: string },
    within: Db,
  ) => Promise<{ withdrawable: bigint }>;
  endSessions: (memberId: number) => Promise<unknown>;
  currencyOf: (merchantCode: string) => Promise<string>;
  publishBalance?: ((memberId: number) => void) | undefined;
  now: () => Date;
};

const PAGE = 20;

/** The agent centre's calls (issue 20): every one for a signed-in agent about its own downline. */
export const createCentre = (deps: CentreDeps) => {
  const { db, now } = deps;

  const agentOnly = (auth: AuthMember) => {
    if (!isAgentType(auth.type)) throw new AppError('login.not.agent');
    return auth;
  };

  /** The agent's team, and one member of it by account (404 `agency.downline.unknown` otherwise). */
  const team = (auth: AuthMember) => downlineTree(db, auth.id);
  const inTeam = async (auth: AuthMember, account: string, directOnly = false) => {
    const m = (await team(auth)).find((x) => x.username.toLowerCase() === account.toLowerCase());
    if (!m || (directOnly && m.depth !== 1)) throw new AppError('agency.downline.unknown');
    return m;
  };

  const names = async (ids: number[]) => memberUsernames(db, ids);

  const centre = async (auth: AuthMember) => {
    agentOnly(auth);
    const contracts = await store.liveContracts(db, [auth.id]);
    const n = await names([auth.id, ...contracts.flatMap((c) => (c.offeredBy ? [c.offeredBy] : []))]);
    const has = (k: ContractKind) => contracts.some((c) => c.kind === k);
    return {
      account: n.get(auth.id) ?? '',
      currency: await deps.currencyOf(auth.merchantCode),
      features: {
        daily: has('daily'),
        hourly: has('hourly'),
        realtime: has('realtime'),
        dividend: has('dividend'),
      },
      contracts: contracts.map((c) => contractView(c, n)),
    };
  };

  const playOf = async (memberIds: number[], from: Date, to: Date) =>
    memberIds.length === 0 ? [] : deps.playTotals(db, { from, to, memberIds, groupBy: ['member'] });

  const overview = async (auth: AuthMember, range: OverviewRange): Promise<AgencyOverviewValue> => {
    agentOnly(auth);
    const p = overviewRange(range, now());
    const members = await team(auth);
    const ids = [auth.id, ...members.map((m) => m.id)];
    const [play, money] = await Promise.all([
      playOf(ids, p.start, p.end),
      membersMoney(db, ids, p.start, p.end),
    ]);
    let turnover = 0n;
    let ggr = 0n;
    let active = 0;
    for (const r of play) {
      const t = r.stakeMinor - r.refundMinor;
      turnover += t;
      ggr += t - r.payoutMinor;
      if (t > 0n && r.memberId !== auth.id) active++;
    }
    return {
      range,
      from: p.start.getTime(),
      to: p.end.getTime(),
      teamSize: members.length,
      activeMembers: active,
      newMembers: members.filter((m) => m.createdAt >= p.start && m.createdAt < p.end).length,
      depositors: money.depositors,
      depositsMinor: money.deposits.toString(),
      withdrawalsMinor: money.withdrawals.toString(),
      turnoverMinor: turnover.toString(),
      ggrMinor: ggr.toString(),
    };
  };

  const teamPlay = async (auth: AuthMember, range: OverviewRange, account?: string) => {
    agentOnly(auth);
    const p = overviewRange(range, now());
    let members: DownlineMember[] = await team(auth);
    if (account) members = members.filter((m) => m.username.toLowerCase() === account.toLowerCase());
    const byId = new Map(members.map((m) => [m.id, m]));
    const play = await playOf([...byId.keys()], p.start, p.end);
    return {
      from: p.start.getTime(),
      to: p.end.getTime(),
      rows: play
        .filter((r) => r.memberId !== undefined && byId.has(r.memberId))
        .map((r) => {
          const m = byId.get(r.memberId as number) as DownlineMember;
          const turnover = r.stakeMinor - r.refundMinor;
          return {
            account: m.username,
            depth: m.depth,
            turnoverMinor: turnover.toString(),
            payoutMinor: r.payoutMinor.toString(),
            profitMinor: (r.payoutMinor - turnover).toString(),
            bets: r.bets,
          };
        })
        .sort((a, b) => (BigInt(b.turnoverMinor) > BigInt(a.turnoverMinor) ? 1 : -1)),
    };
  };

  const downline = async (auth: AuthMember, search: string | undefined, page: number) => {
    agentOnly(auth);
    let members = await team(auth);
    if (search) members = members.filter((m) => m.username.toLowerCase().includes(search.toLowerCase()));
    const slice = members.slice((page - 1) * PAGE, page * PAGE);
    const contracts = await store.liveContracts(
      db,
      slice.map((m) => m.id),
    );
    const n = await names([
      auth.id,
      ...slice.map((m) => m.id),
      ...slice.flatMap((m) => (m.uplineId ? [m.uplineId] : [])),
    ]);
    for (const c of contracts)
      if (c.offeredBy && !n.has(c.offeredBy)) n.set(c.offeredBy, String(c.offeredBy));
    return {
      total: members.length,
      page,
      pageSize: PAGE,
      items: slice.map((m) => ({
        account: m.username,
        nickname: m.nickname,
        isAgent: (AGENT_TYPES as readonly number[]).includes(m.type),
        depth: m.depth,
        upline: m.uplineId === null ? null : (n.get(m.uplineId) ?? null),
        status: m.status,
        regDate: m.createdAt.getTime(),
        contracts: contracts.filter((c) => c.memberId === m.id).map((c) => contractView(c, n)),
      })),
    };
  };

  const register = async (
    auth: AuthMember,
    body: { username: string; password: string; asAgent: boolean; contract?: rules.Terms | undefined },
  ) => {
    agentOnly(auth);
    if (body.contract && !body.asAgent)
      throw new AppError('agency.contract.invalid', { value: { reason: 'member' } });
    if (body.contract) rules.checkTerms(body.contract);
    const passwordHash = await deps.hasher.hash(body.password);
    const at = now();
    const result = await db.transaction().execute(async (trx) => {
      const created = await createDownlineAccount(trx, {
        merchantCode: auth.merchantCode,
        uplineId: auth.id,
        username: body.username,
        passwordHash,
        asAgent: body.asAgent,
        now: at,
      });
      const contract = body.contract
        ? await rules.offer(trx, {
            merchantCode: auth.merchantCode,
            offererId: auth.id,
            memberId: created.id,
            terms: body.contract,
            now: at,
          })
        : null;
      return { created, contract };
    });
    const n = new Map([
      [auth.id, auth.username],
      [result.created.id, result.created.username],
    ]);
    return {
      account: result.created.username,
      contract: result.contract ? contractView(result.contract, n) : null,
    };
  };

  const setStatus = async (auth: AuthMember, account: string, status: 'active' | 'locked') => {
    agentOnly(auth);
    const m = await inTeam(auth, account);
    const changed = await setMemberStatus(db, m.id, status);
    if (changed && status === 'locked') await deps.endSessions(m.id);
    return { changed };
  };

  const transfer = async (auth: AuthMember, account: string, amount: bigint, clientKey: string) => {
    agentOnly(auth);
    const m = await inTeam(auth, account);
    const currency = await deps.currencyOf(auth.merchantCode);
    const base = { merchantCode: auth.merchantCode, currency };
    const from = await deps.wallet.accountOf({ ...base, kind: 'member_main', memberId: auth.id });
    const to = await deps.wallet.accountOf({ ...base, kind: 'member_main', memberId: m.id });
    const posted = await db.transaction().execute(async (trx) => {
      // Only withdrawable money moves down (play money and bonuses stay with the agent).
      const { withdrawable } = await deps.withdrawableOf(auth, trx);
      if (amount > withdrawable)
        throw new AppError('withdrawable.insufficient', { value: { withdrawable: withdrawable.toString() } });
      return deps.wallet.post(
        {
          merchantCode: auth.merchantCode,
          idempotencyKey: `agency:transfer:${auth.id}:${clientKey}`,
          kind: 'transfer.downline',
          lines: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
          metadata: { agentId: auth.id, memberId: m.id },
        },
        trx,
      );
    });
    if (!posted.replayed) {
      deps.publishBalance?.(auth.id);
      deps.publishBalance?.(m.id);
    }
    const mine = posted.lines.find((l) => l.accountId === from);
    return {
      transactionId: posted.entryId,
      replayed: posted.replayed,
      balanceMinor: (mine?.balanceAfter ?? 0n).toString(),
    };
  };

  const offer = async (auth: AuthMember, account: string, terms: rules.Terms) => {
    agentOnly(auth);
    const m = await inTeam(auth, account, true);
    if (!isAgentType(m.type)) throw new AppError('agency.contract.invalid', { value: { reason: 'member' } });
    const c = await db.transaction().execute((trx) =>
      rules.offer(trx, {
        merchantCode: auth.merchantCode,
        offererId: auth.id,
        memberId: m.id,
        terms,
        now: now(),
      }),
    );
    return contractView(
      c,
      new Map([
        [auth.id, auth.username],
        [m.id, m.username],
      ]),
    );
  };

  const decide = async (auth: AuthMember, contractId: number, accept: boolean) => {
    agentOnly(auth);
    const c = await db
      .transaction()
      .execute((trx) => rules.decide(trx, { memberId: auth.id, contractId, accept, now: now() }));
    return contractView(c, await names([c.memberId, ...(c.offeredBy ? [c.offeredBy] : [])]));
  };

  const terminate = async (auth: AuthMember, contractId: number) => {
    agentOnly(auth);
    const c = await db
      .transaction()
      .execute((trx) => rules.terminate(trx, { offererId: auth.id, contractId, now: now() }));
    return contractView(c, await names([c.memberId, auth.id]));
  };

  const answerRevocation = async (auth: AuthMember, contractId: number, confirm: boolean) => {
    agentOnly(auth);
    const c = await db
      .transaction()
      .execute((trx) => rules.answerRevocation(trx, { memberId: auth.id, contractId, confirm, now: now() }));
    return contractView(c, await names([c.memberId, ...(c.offeredBy ? [c.offeredBy] : [])]));
  };

  const income = async (auth: AuthMember, kind: ContractKind | undefined, page: number) => {
    agentOnly(auth);
    const [rows, totals] = await Promise.all([
      bills.billsOf(db, { memberId: auth.id, kind }, PAGE, (page - 1) * PAGE),
      bills.incomeTotals(db, auth.id),
    ]);
    const n = new Map([[auth.id, auth.username]]);
    const paid = totals.filter((t) => t.state === 'paid');
    const kinds = ['daily', 'hourly', 'realtime', 'dividend'] as const;
    return {
      totalPaidMinor: paid.reduce((s, t) => s + t.total, 0n).toString(),
      pendingMinor: totals
        .filter((t) => t.state === 'pending_balance')
        .reduce((s, t) => s + t.total, 0n)
        .toString(),
      byKind: kinds.map((k) => ({
        kind: k,
        paidMinor: paid
          .filter((t) => t.kind === k)
          .reduce((s, t) => s + t.total, 0n)
          .toString(),
      })),
      items: rows.map((b) => settlementView(b, n)),
    };
  };

  return {
    centre,
    overview,
    teamPlay,
    downline,
    register,
    setStatus,
    transfer,
    offer,
    answerRevocation,
    decide,
    terminate,
    income,
  };
};

export type Centre = ReturnType<typeof createCentre>;
