import type { ReactNode } from 'react';

export type Result = { tone: 'success' | 'error'; text: string } | null;

export const SectionTitle = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <span className="flex items-center gap-2">
    <span className="grid size-7 place-items-center rounded-full bg-brand/12 text-brand">{icon}</span>
    {children}
  </span>
);
