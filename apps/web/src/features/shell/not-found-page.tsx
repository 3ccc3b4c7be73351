import { House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../shared/ui/button';

/** Any unknown path: a translated page inside the frame with the way home (its only link). */
export const NotFoundPage = () => {
  const { t } = useTranslation('shell');
  return (
    <section
      data-testid="not-found-page"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-16 text-center"
    >
      <p
        aria-hidden="true"
        className="bg-gradient-to-b from-brand to-brand-2 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-black tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">{t('notFound.body')}</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        <House aria-hidden="true" className="size-4" />
        {t('notFound.home')}
      </Link>
    </section>
  );
};
