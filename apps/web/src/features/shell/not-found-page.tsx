import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NotFoundPage = () => {
  const { t } = useTranslation('shell');
  return (
    <section className="mx-auto max-w-lg p-8 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <Link to="/">{t('notFound.home')}</Link>
    </section>
  );
};
