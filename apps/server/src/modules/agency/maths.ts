/**
 * The agent centre's arithmetic (issue 20, ADR 038), pure and exact: integers in minor units and
 * basis points, rounding down (an agent is never paid a fraction of a minor unit it did not earn).
 */

/** A contract tier: from `minActive` active team members on, `rateBp` basis points (1 % = 100). */
export type Tier = { minActive: number; rateBp: number };

export type CarryMode = 'none' | 'permanent' | 'previous' | 'half_month';

export const MAX_RATE_BP = 10_000;

/** Tiers are well formed: 1..10 of them, thresholds strictly rising from 0, rates never falling. */
export const tiersProblem = (tiers: readonly Tier[]): string | null => {
  if (tiers.length === 0 || tiers.length > 10) return 'tiers.count';
  if (tiers[0]?.minActive !== 0) return 'tiers.first';
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i] as Tier;
    if (!Number.isInteger(t.minActive) || t.minActive < 0) return 'tiers.active';
    if (!Number.isInteger(t.rateBp) || t.rateBp < 0 || t.rateBp > MAX_RATE_BP) return 'tiers.rate';
    const prev = tiers[i - 1];
    if (prev && (t.minActive <= prev.minActive || t.rateBp < prev.rateBp)) return 'tiers.order';
  }
  return null;
};

/** The rate of the highest tier whose threshold `active` reaches (0 without tiers). */
export const rateAt = (tiers: readonly Tier[], active: number) => {
  let rate = 0;
  for (const t of tiers) if (active >= t.minActive) rate = t.rateBp;
  return rate;
};

/**
 * The cap rule: a contract offered to a downline never exceeds the offerer's own — at every
 * active-member count the child's rate is at most the parent's (checked at every threshold of
 * either, where the step functions change).
 */
export const withinCap = (child: readonly Tier[], parent: readonly Tier[]) => {
  const points = new Set([...child, ...parent].map((t) => t.minActive));
  for (const p of points) if (rateAt(child, p) > rateAt(parent, p)) return false;
  return true;
};

/** `amount × bp / 10 000`, rounded down; 0 for a non-positive amount. */
export const shareOf = (amount: bigint, bp: number) => (amount <= 0n ? 0n : (amount * BigInt(bp)) / 10_000n);

/** A member's play in a period, as the activity module sums it. */
export type MemberPlay = { memberId: number; stake: bigint; payout: bigint; refund: bigint };

export type TreeNode = { id: number; uplineId: number | null };

/** Team figures of one agent: itself and everyone below it. */
export type TeamFigures = { turnover: bigint; ggr: bigint; active: number };

/**
 * Team turnover (stake − refund), GGR (stake − refund − payout: the team's net loss) and active
 * members (downline members with turnover in the period, the agent itself not counted) of each of
 * `agents`, over the upline tree. Linear in the tree: each member's figures are added to each of
 * its ancestors that is asked for (depth ≤ the tree's).
 */
export const teamFigures = (
  tree: readonly TreeNode[],
  play: readonly MemberPlay[],
  agents: ReadonlySet<number>,
): Map<number, TeamFigures> => {
  const upline = new Map<number, number | null>();
  for (const n of tree) upline.set(n.id, n.uplineId);
  const out = new Map<number, TeamFigures>();
  for (const a of agents) out.set(a, { turnover: 0n, ggr: 0n, active: 0 });
  for (const p of play) {
    const turnover = p.stake - p.refund;
    const ggr = turnover - p.payout;
    const self = out.get(p.memberId);
    if (self) {
      self.turnover += turnover;
      self.ggr += ggr;
    }
    const seen = new Set<number>([p.memberId]);
    let up = upline.get(p.memberId) ?? null;
    while (up !== null && !seen.has(up)) {
      seen.add(up);
      const f = out.get(up);
      if (f) {
        f.turnover += turnover;
        f.ggr += ggr;
        if (turnover > 0n) f.active += 1;
      }
      up = upline.get(up) ?? null;
    }
  }
  return out;
};

/**
 * The nearest ancestor of each agent that is also in `agents` (the upline whose level-difference
 * income it reduces), or null.
 */
export const nearestContractedUpline = (tree: readonly TreeNode[], agents: ReadonlySet<number>) => {
  const upline = new Map<number, number | null>();
  for (const n of tree) upline.set(n.id, n.uplineId);
  const out = new Map<number, number | null>();
  for (const a of agents) {
    const seen = new Set<number>([a]);
    let up = upline.get(a) ?? null;
    while (up !== null && !agents.has(up) && !seen.has(up)) {
      seen.add(up);
      up = upline.get(up) ?? null;
    }
    out.set(a, up !== null && agents.has(up) ? up : null);
  }
  return out;
};

/**
 * Level difference: each contracted agent's gross (its rate × its team's base) less the gross of
 * the nearest contracted agents below it, which are paid on their own (so the upline earns
 * `own rate − sub-agent rate` on a sub-agent's team and its own rate on the rest). Never negative.
 */
export const levelDifference = (
  gross: ReadonlyMap<number, bigint>,
  nearestUpline: ReadonlyMap<number, number | null>,
) => {
  const children = new Map<number, bigint>();
  for (const [agent, up] of nearestUpline) {
    if (up === null) continue;
    children.set(up, (children.get(up) ?? 0n) + (gross.get(agent) ?? 0n));
  }
  const out = new Map<number, { gross: bigint; children: bigint; owed: bigint }>();
  for (const [agent, g] of gross) {
    const c = children.get(agent) ?? 0n;
    out.set(agent, { gross: g, children: c, owed: g > c ? g - c : 0n });
  }
  return out;
};

/**
 * A dividend period with negative carry-over: the base is this period's team net loss (GGR) plus
 * the loss carried in; a negative base pays nothing and is carried out as the mode says.
 * `carryIn` is what the previous period carried out (≤ 0); `previousGgr` that period's own GGR.
 * - none: nothing carries; - permanent: losses add up until won back;
 * - previous: only the previous period's own loss carries (never older ones);
 * - half_month: like permanent, but nothing carries into a period starting on the 1st or 16th.
 */
export const dividendBase = (q: {
  ggr: bigint;
  mode: CarryMode;
  carryIn: bigint;
  previousGgr: bigint;
  startsHalfMonth: boolean;
}) => {
  let carryIn = 0n;
  if (q.mode === 'permanent') carryIn = q.carryIn;
  else if (q.mode === 'previous') carryIn = q.previousGgr < 0n ? q.previousGgr : 0n;
  else if (q.mode === 'half_month') carryIn = q.startsHalfMonth ? 0n : q.carryIn;
  const base = q.ggr + carryIn;
  return { carryIn, base: base > 0n ? base : 0n, carryOut: base < 0n && q.mode !== 'none' ? base : 0n };
};
