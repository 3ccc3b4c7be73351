import type { HelpArticle } from '@khela/contract';
import { safeColour } from '../../shared/sanitize';
import { RichText } from '../../shared/ui/rich-text';

type Props = { article: HelpArticle; depth: number; scrollMargin: string };

/** One article as `<section id={tag}>` (so `/help#terms` lands on it), its sub-articles nested inside. */
export const ArticleSection = ({ article, depth, scrollMargin }: Props) => {
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
      <RichText html={article.content} className="help-prose text-[0.95rem] text-fg" />
      {article.children.map((child) => (
        <ArticleSection key={child.id} article={child} depth={depth + 1} scrollMargin={scrollMargin} />
      ))}
    </section>
  );
};
