import type { Notice } from '@khela/contract';
import { ChevronRight, Megaphone } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnouncements } from '../../shared/state/site';
import { useModal } from '../../shared/ui/modal-host';

/** Seconds for one pass of the ticker: long lists scroll at the same reading speed as short ones. */
export const marqueeSeconds = (notices: Notice[]) =>
  Math.max(18, Math.round(notices.reduce((sum, notice) => sum + notice.title.length, 0) * 0.28));

/** The scrolling titles only; a tap opens the notice modal at that notice. */
export const NoticeTicker = ({ notices }: { notices: Notice[] }) => {
  const { t } = useTranslation('shell');
  const modal = useModal();
  const style = { '--marquee-duration': `${marqueeSeconds(notices)}s` } as CSSProperties;
  return (
    <div className="marquee relative min-w-0 flex-1 overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_20px,#000_calc(100%-20px),transparent)] motion-reduce:overflow-x-auto">
      {/* Two copies side by side make the loop seamless; the second is for the eye only. */}
      <div className="marquee-track flex w-max" style={style}>
        {[0, 1].map((copy) => (
          <ul key={copy} className="flex shrink-0 items-center" aria-hidden={copy === 1 ? true : undefined}>
            {notices.map((notice, index) => (
              <li key={notice.id} className="flex items-center">
                <button
                  type="button"
                  data-testid={copy === 0 ? 'notice-item' : undefined}
                  data-index={index}
                  tabIndex={copy === 1 ? -1 : undefined}
                  title={t('notices.open')}
                  onClick={() => modal.open('notice', { items: notices, index })}
                  className="rounded-md px-4 py-1 text-sm whitespace-nowrap text-fg/85 transition hover:text-brand"
                >
                  {notice.title}
                </button>
                <span aria-hidden="true" className="size-1 rounded-full bg-brand/60" />
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
};

/** The notice bar under the banner: a megaphone, the scrolling titles and a link to all notices. */
export const NoticeBar = () => {
  const { t } = useTranslation('shell');
  const { data } = useAnnouncements();
  const notices = data?.player ?? [];
  if (notices.length === 0) return null;
  return (
    <section
      data-testid="notice-bar"
      aria-label={t('notices.barLabel')}
      className="mx-auto max-w-[1200px] px-3 pt-3 sm:px-4 lg:px-6"
    >
      <div className="flex h-11 items-center gap-2 rounded-2xl bg-surface pr-1.5 pl-3 shadow-card ring-1 ring-line">
        <span className="flex shrink-0 items-center gap-2 text-brand">
          <Megaphone aria-hidden="true" className="size-[18px]" />
          <span className="hidden text-sm font-bold sm:inline">{t('notices.label')}</span>
        </span>
        <NoticeTicker notices={notices} />
        <Link
          to="/noticePage"
          className="flex h-8 shrink-0 items-center gap-0.5 rounded-full px-2.5 text-xs font-semibold text-muted transition hover:bg-surface-2 hover:text-fg"
        >
          {t('notices.all')}
          <ChevronRight aria-hidden="true" className="size-3.5" />
        </Link>
      </div>
    </section>
  );
};
