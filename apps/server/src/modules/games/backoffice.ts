import { DEFAULT_JACKPOT_ODDS } from '@khela/fair';
import { type Kysely, sql } from 'kysely';
import type { DB, GameRoundStatus } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { CatalogueService } from '../catalogue';
import { bumpVersion } from '../catalogue';
import type { SiteService } from '../site';
import { type Actor, appendAudit, assertCan, csvStream } from '../staff';
import { readPool } from './jackpot';
import { roundProof } from './proof';
import type { GamesService } from './service';
import { type GamesSettings, readGamesSettings, writeGamesSettings } from './settings';

/**
 * The back office's game screens (staff routes under /bo/api/games): rounds search (CSV too),
 * round detail with the fairness proof, vendor switches, jackpot and winner-board settings.
 * Permissions: `games.read` (owner, risk, support), `games.write` (owner, risk). Every change is
 * audited in the hash-chained staff audit, in the transaction of the change.
 */

export type RoundSearch = {
  merchant?: string | undefined;
  member?: string | undefined;
  nodeId?: string | undefined;
  vendor?: string | undefined;
  status?: GameRoundStatus | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

type Deps = {
  db: Kysely<DB>;
  site: Pick<SiteService, 'findMerchant'>;
  catalogue: Pick<CatalogueService, 'refresh'>;
  games: Pick<GamesService, 'adapterOf' | 'jackpotEvents'>;
  now: () => Date;
};

const ROW_COLUMNS = [
  'r.id',
  'r.merchant_code',
  'r.member_id',
  'm.username',
  'r.mode',
  'r.vendor_code',
  'r.game_node_id',
  'r.game_type',
  'r.external_round_id',
  'r.status',
  'r.stake_minor',
  'r.payout_minor',
  'r.jackpot_contribution_minor',
  'r.jackpot_win_minor',
  'r.balance_before_minor',
  'r.balance_after_minor',
  'r.currency',
  'r.opened_at',
  'r.settled_at',
] as const;

type Row = {
  id: string;
  merchant_code: string;
  member_id: number | null;
  username: string | null;
  mode: 'real' | 'demo';
  vendor_code: string;
  game_node_id: string | null;
  game_type: string;
  external_round_id: string | null;
  status: GameRoundStatus;
  stake_minor: string;
  payout_minor: string;
  jackpot_contribution_minor: string;
  jackpot_win_minor: string;
  balance_before_minor: string | null;
  balance_after_minor: string | null;
  currency: string;
  opened_at: Date;
  settled_at: Date | null;
};

const big = (v: string | null) => (v === null ? null : BigInt(v).toString());

const rowOf = (r: Row) => ({
  id: r.id,
  merchantCode: r.merchant_code,
  memberId: r.member_id,
  username: r.username,
  mode: r.mode,
  vendorCode: r.vendor_code,
  gameNodeId: r.game_node_id,
  gameType: r.game_type,
  externalRoundId: r.external_round_id,
  status: r.status,
  stakeMinor: BigInt(r.stake_minor).toString(),
  payoutMinor: BigInt(r.payout_minor).toString(),
  jackpotContributionMinor: BigInt(r.jackpot_contribution_minor).toString(),
  jackpotWinMinor: BigInt(r.jackpot_win_minor).toString(),
  balanceBeforeMinor: big(r.balance_before_minor),
  balanceAfterMinor: big(r.balance_after_minor),
  currency: r.currency,
  openedAt: new Date(r.opened_at).getTime(),
  settledAt: r.settled_at ? new Date(r.settled_at).getTime() : null,
});

const CSV_COLUMNS = [
  'id',
  'merchantCode',
  'memberId',
  'username',
  'mode',
  'vendorCode',
  'gameNodeId',
  'gameType',
  'externalRoundId',
  'status',
  'stakeMinor',
  'payoutMinor',
  'jackpotContributionMinor',
  'jackpotWinMinor',
  'balanceBeforeMinor',
  'balanceAfterMinor',
  'currency',
  'openedAt',
  'settledAt',
] as const;

export const createGamesBackoffice = ({ db, site, catalogue, games, now }: Deps) => {
  const search = (f: RoundSearch) => {
    let query = db.selectFrom('game_round as r').leftJoin('member as m', 'm.id', 'r.member_id');
    if (f.merchant) query = query.where('r.merchant_code', '=', f.merchant);
    if (f.member) {
      const member = f.member;
      query = /^[0-9]{1,9}$/.test(member)
        ? query.where((eb) => eb.or([eb('r.member_id', '=', Number(member)), eb('m.username', '=', member)]))
        : query.where('m.username', '=', member);
    }
    if (f.nodeId) query = query.where('r.game_node_id', '=', f.nodeId);
    if (f.vendor) query = query.where('r.vendor_code', '=', f.vendor);
    if (f.status) query = query.where('r.status', '=', f.status);
    if (f.from !== undefined) query = query.where('r.opened_at', '>=', new Date(f.from));
    if (f.to !== undefined) query = query.where('r.opened_at', '<=', new Date(f.to));
    return query;
  };

  const page = async (actor: Actor, f: RoundSearch, pageNo: number, pageSize: number) => {
    assertCan(actor, 'games.read');
    const total = await search(f).select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();
    const rows = (await search(f)
      .select(ROW_COLUMNS)
      .orderBy('r.opened_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute()) as Row[];
    return { items: rows.map(rowOf), total: Number(total.n), page: pageNo, pageSize };
  };

  const csv = async (actor: Actor, f: RoundSearch) => {
    assertCan(actor, 'games.read');
    return csvStream(CSV_COLUMNS, async (limit, offset) => {
      const rows = (await search(f)
        .select(ROW_COLUMNS)
        .orderBy('r.opened_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()) as Row[];
      return rows.map((r) => {
        const row = rowOf(r);
        return {
          ...row,
          openedAt: new Date(row.openedAt).toISOString(),
          settledAt: row.settledAt === null ? null : new Date(row.settledAt).toISOString(),
        };
      });
    });
  };

  const detail = async (actor: Actor, id: string) => {
    assertCan(actor, 'games.read');
    const row = await db
      .selectFrom('game_round as r')
      .leftJoin('member as m', 'm.id', 'r.member_id')
      .select([
        ...ROW_COLUMNS,
        'r.result',
        'r.bet',
        'r.cancel_reason',
        'r.ledger_entry_id',
        'r.server_seed_id',
      ])
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('not.found');
    const bet = (row.bet ?? null) as { stateBefore?: Record<string, unknown> | null } | null;
    return {
      ...rowOf(row as Row),
      result: row.result,
      stateBefore: bet?.stateBefore ?? null,
      bet: row.bet,
      cancelReason: row.cancel_reason,
      ledgerEntryId: row.ledger_entry_id,
      proof: row.server_seed_id ? await roundProof(db, id) : null,
    };
  };

  const vendorRows = () =>
    db
      .selectFrom('vendor as v')
      .select([
        'v.code',
        'v.game_type',
        'v.display_name',
        'v.enabled',
        'v.allow_demo',
        (eb) =>
          eb
            .selectFrom('game as g')
            .select(sql<string>`count(*)::text`.as('n'))
            .whereRef('g.vendor_code', '=', 'v.code')
            .whereRef('g.game_type', '=', 'v.game_type')
            .as('games'),
      ])
      .orderBy('v.game_type')
      .orderBy('v.sort')
      .orderBy('v.code');

  const vendorOf = (v: {
    code: string;
    game_type: string;
    display_name: string;
    enabled: boolean;
    allow_demo: boolean;
    games: string | null;
  }) => ({
    code: v.code,
    gameType: v.game_type,
    displayName: v.display_name,
    enabled: v.enabled,
    allowDemo: v.allow_demo,
    games: Number(v.games ?? 0),
    provider: games.adapterOf({ vendor_code: v.code, game_type: v.game_type })?.code ?? null,
  });

  const vendors = async (actor: Actor) => {
    assertCan(actor, 'games.read');
    return { items: (await vendorRows().execute()).map(vendorOf) };
  };

  const setVendorStatus = async (
    actor: Actor,
    body: { code: string; gameType: string; enabled: boolean },
  ) => {
    assertCan(actor, 'games.write');
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('vendor')
        .select(['enabled'])
        .where('code', '=', body.code)
        .where('game_type', '=', body.gameType as never)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('not.found');
      await trx
        .updateTable('vendor')
        .set({ enabled: body.enabled, updated_at: now() })
        .where('code', '=', body.code)
        .where('game_type', '=', body.gameType as never)
        .execute();
      await bumpVersion(trx);
      await appendAudit(
        trx,
        actor,
        {
          action: 'games.vendor.status',
          target: `${body.code}/${body.gameType}`,
          before: { enabled: before.enabled },
          after: { enabled: body.enabled },
        },
        now(),
      );
    });
    await catalogue.refresh();
    const row = await vendorRows()
      .where('v.code', '=', body.code)
      .where('v.game_type', '=', body.gameType as never)
      .executeTakeFirstOrThrow();
    return vendorOf(row);
  };

  const jackpotView = async (merchantCode: string) => {
    const merchant = site.findMerchant(merchantCode);
    if (!merchant) throw new AppError('not.found');
    const s = await readGamesSettings(db, merchantCode);
    return {
      merchant: merchantCode,
      currency: merchant.currency,
      enabled: s.jackpotEnabled,
      shareBp: s.jackpotShareBp,
      seedMinor: s.jackpotSeedMinor.toString(),
      odds: s.jackpotOdds ?? DEFAULT_JACKPOT_ODDS,
      bigWinMinMinor: s.bigWinMinMinor.toString(),
      poolMinor: (await readPool(db, merchantCode, merchant.currency)).toString(),
    };
  };

  const jackpot = async (actor: Actor, merchantCode: string) => {
    assertCan(actor, 'games.read');
    return jackpotView(merchantCode);
  };

  const updateJackpot = async (
    actor: Actor,
    body: {
      merchant: string;
      enabled: boolean;
      shareBp: number;
      seedMinor: bigint;
      odds: number;
      bigWinMinMinor: bigint;
    },
  ) => {
    assertCan(actor, 'games.write');
    if (!site.findMerchant(body.merchant)) throw new AppError('not.found');
    await db.transaction().execute(async (trx) => {
      const before = await readGamesSettings(trx, body.merchant);
      const after: GamesSettings = {
        jackpotEnabled: body.enabled,
        jackpotShareBp: body.shareBp,
        jackpotSeedMinor: body.seedMinor,
        jackpotOdds: body.odds,
        bigWinMinMinor: body.bigWinMinMinor,
      };
      await writeGamesSettings(trx, body.merchant, after, now());
      const plain = (s: GamesSettings) => ({
        ...s,
        jackpotSeedMinor: s.jackpotSeedMinor.toString(),
        bigWinMinMinor: s.bigWinMinMinor.toString(),
      });
      await appendAudit(
        trx,
        actor,
        {
          action: 'games.jackpot.settings',
          target: body.merchant,
          before: plain(before),
          after: plain(after),
        },
        now(),
      );
    });
    // The counters refetch: a pool switched off (or a new seed) shows at once.
    games.jackpotEvents.publish(body.merchant);
    return jackpotView(body.merchant);
  };

  return { page, csv, detail, vendors, setVendorStatus, jackpot, updateJackpot };
};

export type GamesBackoffice = ReturnType<typeof createGamesBackoffice>;
