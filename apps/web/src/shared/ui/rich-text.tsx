import { useMemo } from 'react';
import { sanitizeHtml } from '../sanitize';
import { cx } from './cx';

/** Text formatting of back-office HTML: paragraphs, lists, links, images. */
const PROSE =
  '[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:mb-1.5 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_p:last-child]:mb-0 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&_h2]:mb-2 [&_h2]:font-bold [&_h3]:mb-1.5 [&_h3]:font-semibold [&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3';

/** True when the text holds markup; plain text keeps its line breaks instead. */
const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);

/**
 * HTML from the back office (notices, popups, help articles, platform messages), sanitised with
 * DOMPurify and shown as formatted text; plain text is shown with its line breaks.
 */
export const RichText = ({
  html,
  className,
  testId,
}: {
  html: string;
  className?: string | undefined;
  testId?: string | undefined;
}) => {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      data-testid={testId}
      className={cx('leading-relaxed', PROSE, !looksLikeHtml(html) && 'whitespace-pre-line', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
};
