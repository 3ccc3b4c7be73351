import type { SystemStatus } from '@khela/contract';

export const MaintenancePage = ({ status }: { status: SystemStatus }) => (
  <section data-testid="maintenance-page">{status.maintenance.title}</section>
);
