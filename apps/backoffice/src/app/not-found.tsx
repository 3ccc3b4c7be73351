import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const NotFound = () => {
  const { t } = useTranslation();
  return (
    <div className="py-16 text-center" data-testid="not-found">
      <p className="mb-4 text-lg">{t('notFound')}</p>
      <Link className="text-accent underline" to="/">
        {t('backHome')}
      </Link>
    </div>
  );
};
