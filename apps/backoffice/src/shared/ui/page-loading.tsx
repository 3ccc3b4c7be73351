import { Spinner } from './controls';

export const PageLoading = () => (
  <div className="flex min-h-40 items-center justify-center text-muted" data-testid="page-loading">
    <Spinner className="size-6" />
  </div>
);
