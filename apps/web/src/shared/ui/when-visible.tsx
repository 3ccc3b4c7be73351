import { type ReactNode, useEffect, useRef, useState } from 'react';

type Props = {
  children: ReactNode;
  testId?: string;
  /** How far outside the viewport the slot starts loading (CSS margin, as IntersectionObserver takes it). */
  margin?: string;
  /** Space kept while nothing is shown yet, so the page does not jump when it arrives. */
  placeholderClassName?: string;
};

/**
 * Shows `children` once its slot comes near the viewport: a lazy panel below the fold (the winner
 * board) loads its chunk and asks its API only for visitors who scroll to it. Without
 * IntersectionObserver it shows at once.
 */
export const WhenVisible = ({
  children,
  testId,
  margin = '400px',
  placeholderClassName = 'min-h-40',
}: Props) => {
  const slot = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = slot.current;
    if (shown || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setShown(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown, margin]);
  return (
    <div
      ref={slot}
      data-testid={testId}
      data-shown={shown}
      className={shown ? undefined : placeholderClassName}
    >
      {shown ? children : null}
    </div>
  );
};
