import type { callBo } from '../../shared/api';

/** An announcement row, its kinds and the list's query key. */
export type Kind = 'B' | 'PL' | 'PU' | 'PR';
export type AnnouncementRow = Awaited<ReturnType<typeof callBo<'boAnnouncements'>>>['items'][number];
export const announcementsKey = (merchant: string) => ['bo', 'announcements', merchant] as const;
