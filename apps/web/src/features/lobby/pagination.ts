/** Pages shown around the current one, and at each end, in the pager (spec §2: range 3, margin 1). */
export const PAGE_RANGE = 3;
export const MARGIN_PAGES = 1;

/** A page number to the range 1..totalPages (1 when there are no pages). */
export const clampPage = (page: number, totalPages: number) => {
  const last = Math.max(1, Math.floor(totalPages));
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), last);
};

export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The numbered part of the pager: `margin` pages at each end and `range` pages centred on the
 * current one, with a gap where pages are left out (react-paginate's rule). A gap never stands
 * for a single page: that page is shown instead.
 */
export const pagerItems = (
  current: number,
  totalPages: number,
  range = PAGE_RANGE,
  margin = MARGIN_PAGES,
): PagerItem[] => {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const page = clampPage(current, total);
  if (total <= range + 2 * margin) {
    return Array.from({ length: total }, (_, index) => ({ kind: 'page', page: index + 1 }));
  }
  let start = page - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    start = 1;
    end = range;
  }
  if (end > total) {
    end = total;
    start = total - range + 1;
  }
  const shown = new Set<number>();
  for (let p = 1; p <= margin; p++) shown.add(p);
  for (let p = total - margin + 1; p <= total; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  const sorted = [...shown].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
};

/** One page of a list held whole on the client (saved and recent games). */
export const pageOf = <T>(items: readonly T[], page: number, size: number) => {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const current = clampPage(page, totalPages);
  return { items: items.slice((current - 1) * size, current * size), page: current, totalPages };
};
