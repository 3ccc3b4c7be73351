import { useEffect, useRef, useState } from 'react';
import { cx } from '../../shared/ui/cx';
import { DEFAULT_GAME_ICON } from './images';

/** Share of the image that must be on screen before it loads (spec §9). */
export const LAZY_THRESHOLD = 0.1;

type Props = { src: string | null; alt: string; className?: string; testId?: string };

/**
 * A game image that loads once a tenth of it is in view, gets one attempt, and shows the default
 * game icon if that attempt fails (or there is no image).
 */
export const LazyImage = ({ src, alt, className, testId = 'game-icon' }: Props) => {
  const ref = useRef<HTMLImageElement>(null);
  const [inView, setInView] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);

  const fallback = failed || !src;
  const shown = fallback ? DEFAULT_GAME_ICON : inView ? src : undefined;
  return (
    <img
      ref={ref}
      src={shown}
      alt={alt}
      data-testid={testId}
      data-fallback={fallback ? 'true' : undefined}
      decoding="async"
      onLoad={() => setLoaded(true)}
      onError={() => setFailed(true)}
      className={cx(
        'size-full object-cover transition-opacity duration-300',
        loaded || fallback ? 'opacity-100' : 'opacity-0',
        className,
      )}
    />
  );
};
