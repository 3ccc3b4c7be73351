import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cx } from '../../shared/ui/cx';

/** The two support screens as tabs. */
export const SupportTabs = () => {
  const { t } = useTranslation('support');
  return (
    <nav className="mb-4 flex gap-1 overflow-x-auto border-line border-b" aria-label={t('nav')}>
      {(['feedback', 'messages', 'chat'] as const).map((key) => (
        <NavLink
          key={key}
          to={key === 'feedback' ? '/support' : `/support/${key}`}
          end
          data-testid={`support-tab-${key}`}
          className={({ isActive }) =>
            cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm',
              isActive
                ? 'border-accent font-medium text-accent'
                : 'border-transparent text-muted hover:text-fg',
            )
          }
        >
          {t(`tab.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
};

/**
 * A message body as the player will see it: the server's sanitised HTML, sanitised again here
 * (DOMPurify) before it is drawn.
 */
export const MessageBody = ({ html, className }: { html: string; className?: string }) => {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'iframe'], FORBID_ATTR: ['style'] }),
    [html],
  );
  return (
    <div
      className={cx(
        'text-sm leading-relaxed [&_a]:text-accent [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-1.5 [&_ul]:list-disc',
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
};

/** The text of HTML, for a one-line preview. */
export const plainText = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
