import { useCallback } from 'react';
import { useSystemStatus } from '../../shared/state/site';

const chosen = new Map<string, string>();

/** One image CDN of the configured list, picked at random once per page load (spec §9). */
export const pickCdn = (cdns: readonly string[], random = Math.random) => {
  const key = cdns.join('|');
  let cdn = chosen.get(key);
  if (cdn === undefined) {
    cdn = cdns.length > 0 ? (cdns[Math.floor(random() * cdns.length)] ?? '') : '';
    chosen.set(key, cdn);
  }
  return cdn;
};

/** An image path of the catalogue as a URL on the chosen CDN; absolute URLs are kept. */
export const imageUrl = (path: string | null | undefined, cdn: string) => {
  if (!path) return null;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return `${cdn.replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
};

export const useImageUrl = () => {
  const cdns = useSystemStatus().data?.info.imageCDNs ?? [];
  const cdn = pickCdn(cdns);
  return useCallback((path: string | null | undefined) => imageUrl(path, cdn), [cdn]);
};

/** The default game icon, shown when a game has no icon or its icon fails to load. */
export const DEFAULT_GAME_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#64748b"/><stop offset="1" stop-color="#334155"/></linearGradient></defs><rect width="120" height="120" fill="url(#g)"/><g fill="none" stroke="#e2e8f0" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" opacity=".85"><path d="M38 50h44a14 14 0 0 1 14 14l2 14a8 8 0 0 1-14 5l-7-8H43l-7 8a8 8 0 0 1-14-5l2-14a14 14 0 0 1 14-14z"/><path d="M44 60v12M38 66h12"/></g><circle cx="76" cy="63" r="3.5" fill="#e2e8f0"/><circle cx="84" cy="70" r="3.5" fill="#e2e8f0"/></svg>',
)}`;
