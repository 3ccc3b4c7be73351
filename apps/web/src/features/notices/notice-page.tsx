import { Megaphone, Sparkles, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAnnouncements } from '../../shared/state/site';
import { RichText } from '../../shared/ui/rich-text';
import { Spinner } from '../../shared/ui/spinner';
import { formatNoticeDate } from './format';

/** /noticePage: every popup and player notice in one list, with a close that goes back. */
export const NoticePage = () => {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const announcements = useAnnouncements();
  const popups = announcements.data?.popup ?? [];
  const notices = announcements.data?.player ?? [];
  const entries = [
    ...popups.map((item) => ({ ...item, kind: 'popup' as const })),
    ...notices.map((item) => ({ ...item, kind: 'notice' as const })),
  ];

  const handleClose = () => {
    // Back where the visitor came from inside the site, else home.
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) void navigate(-1);
    else void navigate('/');
  };

  return (
    <section data-testid="page-noticePage" className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-4 sm:py-10">
      <header className="mb-5 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-brand/15 text-brand">
          <Megaphone aria-hidden="true" className="size-6" />
        </span>
        <h1 className="flex-1 text-2xl font-black tracking-tight">{t('pages.noticePage')}</h1>
        <button
          type="button"
          data-testid="notice-page-close"
          onClick={handleClose}
          aria-label={t('notices.closePage')}
          className="grid size-10 place-items-center rounded-full bg-surface text-muted ring-1 ring-line transition hover:text-fg"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>
      {announcements.isPending ? (
        <div className="grid place-items-center py-16" role="status" aria-label={t('notices.loading')}>
          <Spinner />
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl bg-surface p-8 text-center text-muted ring-1 ring-line">
          {t('notices.empty')}
        </p>
      ) : (
        <ol className="space-y-3">
          {entries.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`}>
              <article className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-line sm:p-5">
                <div className="mb-2 flex items-center gap-2 text-xs font-semibold text-muted">
                  {entry.kind === 'popup' ? (
                    <Sparkles aria-hidden="true" className="size-3.5 text-brand" />
                  ) : (
                    <Megaphone aria-hidden="true" className="size-3.5 text-brand" />
                  )}
                  <span>{t(entry.kind === 'popup' ? 'notices.kindPopup' : 'notices.kindNotice')}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={new Date(entry.createdAt).toISOString()}>
                    {formatNoticeDate(entry.createdAt, i18n.language)}
                  </time>
                </div>
                <h2 className="text-base leading-snug font-bold sm:text-lg">{entry.title}</h2>
                <RichText
                  html={entry.content}
                  className="mt-1.5 text-sm text-fg/80 sm:text-[0.95rem]"
                  testId="notice-page-body"
                />
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
};
