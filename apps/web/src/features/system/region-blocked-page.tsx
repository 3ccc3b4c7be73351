import type { SystemStatus } from '@khela/contract';

export const RegionBlockedPage = ({ status }: { status: SystemStatus }) => (
  <section data-testid="region-blocked-page">{status.location.ip}</section>
);
