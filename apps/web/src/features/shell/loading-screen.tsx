export const LoadingScreen = () => (
  <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
    <span className="size-10 animate-spin rounded-full border-4 border-[var(--brand)] border-t-transparent" />
  </div>
);
