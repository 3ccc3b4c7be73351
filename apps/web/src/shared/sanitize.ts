import DOMPurify from 'dompurify';

let hooked = false;

/** Outside links in back-office HTML open in a new tab without giving that tab a handle on this one. */
const hookLinks = () => {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href) && !href.startsWith(window.location.origin)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
};

/**
 * HTML written in the back office (help articles, notices, popups, platform messages; the server
 * sanitises it on save too): keep text formatting, links and images; drop scripts, event
 * handlers, inline styles, forms and frames.
 */
export const sanitizeHtml = (html: string): string => {
  hookLinks();
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style', 'id', 'name'],
  });
};

/** A back-office colour is used only when it is a plain hex or rgb() value. */
export const safeColour = (value: string | null): string | undefined =>
  value && /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i.test(value.trim()) ? value.trim() : undefined;
