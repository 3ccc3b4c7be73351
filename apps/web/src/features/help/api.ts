import type { HelpArticle } from '@khela/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';

/** Articles the brand marks as hidden stay out of the list, at every depth. */
export const visibleArticles = (articles: HelpArticle[]): HelpArticle[] =>
  articles.filter((a) => a.display).map((a) => ({ ...a, children: visibleArticles(a.children) }));

/** The help centre in the current language; the language is part of the key so a switch refetches. */
export const useHelpCentre = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['help-centre', language],
    queryFn: async ({ signal }) =>
      visibleArticles(
        await callApi('helpCenter', { query: { lang: language, device: 'WEB' }, language, signal }),
      ),
    staleTime: 5 * 60_000,
  });
};
