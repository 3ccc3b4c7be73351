import { useTranslation } from 'react-i18next';

/** The body of a page whose feature has not been built yet: its title and an honest note. */
export const SectionPage = ({ page }: { page: string }) => {
  const { t } = useTranslation('shell');
  return (
    <section className="mx-auto max-w-6xl p-4" data-testid={`page-${page}`}>
      <h1 className="text-xl font-bold">{t(`pages.${page}`)}</h1>
    </section>
  );
};
