/**
 * Shown while the first translations and the site status load, before any text can be shown in
 * the visitor's language; so it carries no words, only the brand mark and a spinner.
 */
export const LoadingScreen = () => (
  <div className="flex min-h-dvh flex-col items-center justify-center gap-6" role="status" aria-busy="true">
    <img
      src="/icon.svg"
      alt=""
      width={56}
      height={56}
      className="size-14 animate-pulse rounded-2xl shadow-lg"
    />
    <span className="size-7 animate-spin rounded-full border-[3px] border-brand/25 border-t-brand" />
  </div>
);
