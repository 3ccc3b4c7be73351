import type { HelpArticle } from '@khela/contract';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHelpCentre } from './api';
import { ArticleSection } from './article-section';
import { useActiveSection } from './use-active-section';

type Props = {
  /**
   * compact: the help centre inside the 440x750 customer-service window (/helpmc): no site header
   * around it, so it carries its own title bar and a sticky row of topics, at every width.
   */
  compact?: boolean;
  /** Shown under the articles (the full page's feedback card). */
  footer?: ReactNode;
};

const flattenTags = (articles: HelpArticle[]): string[] =>
  articles.flatMap((a) => [a.tag, ...flattenTags(a.children)]);

/** Once the articles are on screen, bring the `#tag` of the address into view (the first time only). */
const useScrollToHashWhenReady = (ready: boolean) => {
  const { hash } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || done.current === hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    done.current = hash;
    target.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
};

const TopicLink = ({
  article,
  active,
  nested,
  compact,
}: {
  article: HelpArticle;
  active: boolean;
  nested: boolean;
  compact: boolean;
}) => {
  const { hash } = useLocation();
  const target = `#${article.tag}`;
  const chip = compact
    ? 'whitespace-nowrap rounded-full border px-3.5 py-1.5'
    : 'whitespace-nowrap rounded-full border px-3.5 py-1.5 md:block md:whitespace-normal md:rounded-xl md:border-0 md:px-3 md:py-2';
  const tone = active
    ? 'border-brand bg-brand/15 font-semibold text-fg'
    : 'border-line bg-surface text-muted hover:text-fg';
  return (
    <Link
      to={{ hash: target }}
      aria-current={active ? 'location' : undefined}
      onClick={() => {
        // Same hash again: the router sees no change, so scroll here.
        if (hash === target)
          document.getElementById(article.tag)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      }}
      className={`${chip} ${tone} ${nested ? 'md:pl-6 md:text-[0.8rem]' : ''} text-sm transition-colors`}
    >
      {article.title}
    </Link>
  );
};

const LoadingState = () => {
  const { t } = useTranslation('help');
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">{t('loading')}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="animate-pulse rounded-2xl border border-line bg-surface p-5">
          <div className="mb-3 h-5 w-1/3 rounded bg-line" />
          <div className="mb-2 h-3.5 w-full rounded bg-line" />
          <div className="h-3.5 w-4/5 rounded bg-line" />
        </div>
      ))}
      <p className="text-center text-sm text-muted">{t('loading')}</p>
    </div>
  );
};

/** The help centre: a list of topics beside the articles, each article a section with its tag as id. */
export const HelpCentre = ({ compact = false, footer }: Props) => {
  const { t } = useTranslation('help');
  const query = useHelpCentre();
  const articles = query.data ?? [];
  const tags = useMemo(() => flattenTags(query.data ?? []), [query.data]);
  const active = useActiveSection(tags);
  useScrollToHashWhenReady(query.isSuccess && articles.length > 0);

  // Room for the sticky site header: one row (59 px) below 64rem, two rows (108 px) above.
  const scrollMargin = compact ? 'scroll-mt-16' : 'scroll-mt-20 lg:scroll-mt-32';
  const wide = !compact;

  const body = query.isPending ? (
    <LoadingState />
  ) : query.isError ? (
    <div role="alert" className="rounded-2xl border border-line bg-surface p-6 text-center">
      <p className="mb-4 font-medium">{t('error')}</p>
      <button
        type="button"
        onClick={() => void query.refetch()}
        className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-brand-fg hover:brightness-110"
      >
        {t('retry')}
      </button>
    </div>
  ) : articles.length === 0 ? (
    <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">{t('empty')}</p>
  ) : (
    <div className={compact ? 'space-y-3' : 'space-y-4 md:space-y-5'}>
      {articles.map((article) => (
        <ArticleSection key={article.id} article={article} depth={0} scrollMargin={scrollMargin} />
      ))}
    </div>
  );

  const topics =
    articles.length > 0 ? (
      <nav
        aria-label={t('topics')}
        className={
          compact
            ? 'sticky top-0 z-10 -mx-3 mb-3 border-b border-line bg-bg/95 px-3 py-2 backdrop-blur'
            : '-mx-3 mb-4 px-3 sm:-mx-4 sm:px-4 md:sticky md:top-20 lg:top-32 md:mx-0 md:mb-0 md:rounded-2xl md:border md:border-line md:bg-surface md:p-2 md:shadow-card'
        }
      >
        {wide && (
          <p className="hidden px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted uppercase md:block">
            {t('topics')}
          </p>
        )}
        <ul
          className={`flex gap-2 overflow-x-auto pb-1 ${wide ? 'md:flex-col md:gap-0.5 md:overflow-visible md:pb-0' : ''}`}
        >
          {articles.map((article) => (
            <li key={article.id} className="shrink-0">
              <TopicLink article={article} active={active === article.tag} nested={false} compact={compact} />
              {wide && article.children.length > 0 && (
                <ul className="hidden md:block">
                  {article.children.map((child) => (
                    <li key={child.id}>
                      <TopicLink article={child} active={active === child.tag} nested compact={false} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    ) : null;

  if (compact) {
    return (
      <div data-testid="help-page" className="flex min-h-dvh flex-col bg-bg">
        <header className="bg-brand px-4 py-3 text-brand-fg">
          <h1 className="flex items-center gap-2 text-base font-bold">
            <img src="/icon.svg" alt="" className="size-7 rounded-lg ring-2 ring-brand-fg/15" />
            {t('title')}
          </h1>
          <p className="mt-0.5 text-xs font-medium text-brand-fg/80">{t('compactSubtitle')}</p>
        </header>
        <div className="flex-1 px-3 pb-6">
          {topics ?? <div className="h-3" />}
          {body}
        </div>
      </div>
    );
  }

  return (
    <div data-testid="help-page" className="mx-auto w-full max-w-[1200px] px-3 py-6 sm:px-4 md:py-10 lg:px-6">
      <header className="mb-5 md:mb-8">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-muted">{t('subtitle')}</p>
      </header>
      <div className="md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start md:gap-8">
        {topics ?? <div className="hidden md:block" />}
        <div>
          {body}
          {footer}
        </div>
      </div>
    </div>
  );
};
