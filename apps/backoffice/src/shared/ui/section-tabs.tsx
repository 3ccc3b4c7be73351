import { NavLink } from 'react-router';
import { cx } from './cx';

export type SectionTab = { to: string; label: string; end: boolean };

/** The tab row of a screen group's pages (each a route; the current one underlined). */
export const SectionTabs = ({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) => (
  <nav className="mb-4 flex gap-1 overflow-x-auto border-line border-b" aria-label={label}>
    {tabs.map((tab) => (
      <NavLink
        key={tab.to}
        to={tab.to}
        end={tab.end}
        className={({ isActive }) =>
          cx(
            '-mb-px whitespace-nowrap border-b-2 px-3 py-2 font-medium text-sm',
            isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
          )
        }
      >
        {tab.label}
      </NavLink>
    ))}
  </nav>
);
