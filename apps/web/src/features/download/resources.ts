import type { Resource } from '@khela/contract';

export type AppPlatform = 'android' | 'ios';

/** An entry of `status.info.resources` ready to show: its absolute address and what it is. */
export type DownloadLink = { type: string; labelEn: string; url: string; platform: AppPlatform | null };

export const platformOf = (resourceType: string): AppPlatform | null => {
  const type = resourceType.trim().toLowerCase();
  if (type === 'android' || type === 'apk') return 'android';
  if (type === 'ios' || type === 'iphone') return 'ios';
  return null;
};

/** The absolute http(s) address of a link (relative ones resolve against the site); null for anything else. */
export const absoluteUrl = (url: string, base: string): string | null => {
  if (!url.trim()) return null;
  try {
    const parsed = new URL(url.trim(), base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
};

/** App links (Android, iOS) first in that order, then the contact links, each with a usable address. */
export const splitResources = (resources: Resource[], base: string) => {
  const links: DownloadLink[] = resources.flatMap((r) => {
    const url = absoluteUrl(r.url, base);
    return url
      ? [{ type: r.resourceType, labelEn: r.labelNameEn, url, platform: platformOf(r.resourceType) }]
      : [];
  });
  const rank = (link: DownloadLink) => (link.platform === 'android' ? 0 : 1);
  return {
    apps: links.filter((l) => l.platform !== null).sort((a, b) => rank(a) - rank(b)),
    contacts: links.filter((l) => l.platform === null),
  };
};

/** Which install guide to open first: `?os=` of the address, else the visitor's phone, else Android. */
export const preferredPlatform = (osParam: string | null, userAgent: string): AppPlatform => {
  const fromParam = osParam ? platformOf(osParam) : null;
  if (fromParam) return fromParam;
  return /iphone|ipad|ipod/i.test(userAgent) ? 'ios' : 'android';
};
