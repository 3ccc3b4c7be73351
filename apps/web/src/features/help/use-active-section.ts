import { useEffect, useState } from 'react';

/**
 * The article section currently being read: of the sections crossing a band near the top of the
 * viewport, the last one in document order (so a sub-article wins over the article around it).
 */
export const useActiveSection = (tags: string[]): string | null => {
  const [active, setActive] = useState<string | null>(null);
  const key = tags.join('\n');
  useEffect(() => {
    const order = key ? key.split('\n') : [];
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const current = order.filter((tag) => visible.has(tag)).at(-1);
        if (current) setActive(current);
      },
      { rootMargin: '-15% 0px -70% 0px' },
    );
    for (const tag of order) {
      const element = document.getElementById(tag);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);
  return active;
};
