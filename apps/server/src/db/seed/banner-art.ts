import { createHash } from 'node:crypto';

/** Colour pairs per banner group, so each lobby's banners have their own look. */
const PALETTES: Record<string, [string, string, string]> = {
  w_home: ['#7c3aed', '#db2777', '#fbbf24'],
  w_rng: ['#059669', '#0ea5e9', '#facc15'],
  w_live: ['#b91c1c', '#7f1d1d', '#fcd34d'],
  w_fish: ['#0369a1', '#06b6d4', '#a5f3fc'],
  w_pvp: ['#4338ca', '#9333ea', '#f0abfc'],
  w_sports: ['#15803d', '#166534', '#bef264'],
  w_esports: ['#1e1b4b', '#6d28d9', '#22d3ee'],
  w_lott: ['#c2410c', '#ea580c', '#fde68a'],
  w_cockfight: ['#991b1b', '#ca8a04', '#fef3c7'],
  w_promotion: ['#be185d', '#f43f5e', '#fde047'],
  w_shop: ['#0f766e', '#14b8a6', '#fef08a'],
  w_help: ['#1d4ed8', '#3b82f6', '#e0f2fe'],
  w_reg: ['#9d174d', '#7c3aed', '#fef9c3'],
};

/**
 * A banner picture drawn from shapes only (no text: titles are shown by the page in the
 * player's language). Deterministic for a group and index, so seeding twice gives the same bytes.
 */
export const drawBanner = (group: string, index: number) => {
  const [a, b, accent] = PALETTES[group] ?? ['#334155', '#0f172a', '#f59e0b'];
  const seed = createHash('sha256').update(`${group}:${index}`).digest();
  const circles = Array.from({ length: 14 }, (_, i) => {
    const x = ((seed[i] ?? 0) / 255) * 1200;
    const y = ((seed[i + 14] ?? 0) / 255) * 400;
    const r = 12 + ((seed[i + 28] ?? 0) / 255) * 70;
    const o = (0.08 + ((seed[(i + 3) % 32] ?? 0) / 255) * 0.25).toFixed(2);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${accent}" opacity="${o}"/>`;
  }).join('');
  const tilt = ((seed[5] ?? 0) % 30) - 15;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="s" cx="0.8" cy="0.3" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="400" fill="url(#g)"/>${circles}
<g transform="translate(880 200) rotate(${tilt})"><rect x="-120" y="-120" width="240" height="240" rx="48" fill="${accent}" opacity="0.9"/>
<circle r="70" fill="${a}"/><circle r="40" fill="${accent}"/></g>
<rect width="1200" height="400" fill="url(#s)"/></svg>`;
  const bytes = new TextEncoder().encode(svg);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { id: `banner-${sha256.slice(0, 16)}.svg`, mime: 'image/svg+xml', bytes, sha256 };
};
