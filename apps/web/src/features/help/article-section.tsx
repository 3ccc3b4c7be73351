import type { HelpArticle } from '@khela/contract';
import { useMemo } from 'react';
import { safeColour, sanitizeArticleHtml } from './sanitize';

type Props = { article: HelpArticle; depth: number; scrollMargin: string };

/** One article as `<section id={tag}>` (so `/help#terms` lands on it), its sub-articles nested inside. */
export const ArticleSection = ({ article, depth, scrollMargin }: Props) => {
  const html = useMemo(() => sanitizeArticleHtml(article.content), [article.content]);
  const accent = safeColour(article.bgColor);
  const Heading = depth === 0 ? 'h2' : 'h3';
  const headingId = `help-title-${article.id}`;
  return (
    <section
      id={article.tag}
      aria-labelledby={headingId}
      className={
        depth === 0
          ? `${scrollMargin} rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6`
          : `${scrollMargin} mt-5 border-t border-line pt-5`
      }
      style={accent ? { borderLeftColor: accent, borderLeftWidth: 4 } : undefined}
    >
      <Heading
        id={headingId}
        className={depth === 0 ? 'mb-3 text-lg font-bold sm:text-xl' : 'mb-2 text-base font-semibold'}
      >
        {article.title}
      </Heading>
      <div
        className="help-prose text-[0.95rem] leading-relaxed text-fg [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:mb-1.5 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_p:last-child]:mb-0 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: article HTML is sanitised with DOMPurify just above
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {article.children.map((child) => (
        <ArticleSection key={child.id} article={child} depth={depth + 1} scrollMargin={scrollMargin} />
      ))}
    </section>
  );
};
