/**
 * The exact RTP of the originals, fishing and the cluster / hold-and-win / megaways slot engines,
 * printed by `npm run rtp` after the catalogue's classic slots. Every mode is checked against its
 * declared band (originals 98.5–99 %, fishing and slots 96 % ± 0.5); `printEngineRtps` answers
 * false when one is outside, and `npm run rtp` then exits 1.
 */
import { FISH_DEFAULT_RTP_BP, FISH_SPECIES, fishRtp } from '../packages/fair/src/fishing/index';
import { ORIGINALS_RTP_BAND, originalsRtpRows, ratioInBand } from '../packages/fair/src/originals/index';
import { RTP_TARGET, RTP_TOLERANCE, rtpInBand } from '../packages/fair/src/rtp';
import { SCRATCH_RTP_BAND, scratchRtp } from '../packages/fair/src/scratch/index';
import { clusterRtp, ENGINE_VOLATILITIES, holdWinRtp, megawaysRtp } from '../packages/fair/src/slots/index';
import {
  VIDEO_POKER_OPTIMAL_RTP,
  VIDEO_POKER_PAYTABLE,
  VIDEO_POKER_PAYTABLE_VERSION,
} from '../packages/fair/src/tables/index';
import type { Ratio } from '../packages/fair/src/types';

const pct = (r: Ratio, digits = 4) => `${(r.value * 100).toFixed(digits)} %`;

export const printEngineRtps = (): boolean => {
  let outside = 0;
  const line = (cells: string[]) => console.log(cells.join('  |  '));
  console.log(
    `\nOriginals (exact; declared band ${pct(ORIGINALS_RTP_BAND.low, 1)}–${pct(ORIGINALS_RTP_BAND.high, 1)})`,
  );
  for (const row of originalsRtpRows()) {
    const ok = ratioInBand(row.min, ORIGINALS_RTP_BAND) && ratioInBand(row.max, ORIGINALS_RTP_BAND);
    if (!ok) outside += 1;
    const range = row.min.value === row.max.value ? pct(row.min) : `${pct(row.min)} – ${pct(row.max)}`;
    line([
      `original ${row.game}`,
      row.mode,
      `${row.modes} mode(s)`,
      range,
      row.method,
      ok ? 'in band' : 'OUTSIDE',
    ]);
  }
  console.log(
    `\nFishing (exact, p = RTP / mean multiplier; bullet RTP ${FISH_DEFAULT_RTP_BP / 100} %, band ${RTP_TARGET * 100} % ± ${RTP_TOLERANCE * 100})`,
  );
  for (const s of FISH_SPECIES) {
    const r = fishRtp(s.id, FISH_DEFAULT_RTP_BP);
    const ok = rtpInBand(r);
    if (!ok) outside += 1;
    line([`fishing ${s.key}`, `${s.multipliers.join('/')}×`, pct(r), ok ? 'in band' : 'OUTSIDE']);
  }
  console.log(`\nSlot engines (exact; band ${RTP_TARGET * 100} % ± ${RTP_TOLERANCE * 100})`);
  for (const v of ENGINE_VOLATILITIES) {
    const c = clusterRtp(v);
    const h = holdWinRtp(v);
    const m = megawaysRtp(v);
    for (const [name, rtp, detail] of [
      [
        `cluster ${v}`,
        c.rtp,
        `grid ${pct(c.grid, 2)} × cascades ${c.cascadeFactor.value.toFixed(4)}, hit ${pct(c.hit, 2)}`,
      ],
      [
        `holdwin ${v}`,
        h.rtp,
        `lines ${pct(h.lines, 2)} + feature ${pct(h.feature, 2)}, trigger 1 in ${Math.round(1 / h.trigger.value)}`,
      ],
      [
        `megaways ${v}`,
        m.rtp,
        `base ${pct(m.base, 2)} + free spins ${pct(m.freeSpins, 2)}, trigger 1 in ${Math.round(1 / m.trigger.value)}`,
      ],
    ] as const) {
      const ok = rtpInBand(rtp);
      if (!ok) outside += 1;
      line([`slot ${name}`, pct(rtp), detail, ok ? 'in band' : 'OUTSIDE']);
    }
  }
  console.log(
    `\nScratch cards and video poker (ADR 049; scratch exact, band ${pct(SCRATCH_RTP_BAND.low, 1)}–${pct(SCRATCH_RTP_BAND.high, 1)})`,
  );
  const scratch = scratchRtp();
  const scratchOk = ratioInBand(scratch, SCRATCH_RTP_BAND);
  if (!scratchOk) outside += 1;
  line([
    'scratch',
    pct(scratch),
    `exact: Σ weight × pays / total = ${scratch.numerator}/${scratch.denominator}`,
    scratchOk ? 'in band' : 'OUTSIDE',
  ]);
  const pays = Object.entries(VIDEO_POKER_PAYTABLE)
    .filter(([, x100]) => x100 > 0)
    .map(([hand, x100]) => `${hand} ${x100 / 100}`)
    .join(', ');
  line([
    `video poker jacks or better v${VIDEO_POKER_PAYTABLE_VERSION}`,
    `${VIDEO_POKER_OPTIMAL_RTP.percent.toFixed(2)} %`,
    `optimal strategy, ${VIDEO_POKER_OPTIMAL_RTP.source}; not enumerated (pays for one: ${pays})`,
    'stated',
  ]);
  console.log(`\nEngines: ${outside} mode(s) outside their band.`);
  return outside === 0;
};
