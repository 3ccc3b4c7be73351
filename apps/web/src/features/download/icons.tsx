import type { ReactNode } from 'react';

/** Line icons of the download page (24x24, stroke follows the text colour). */
const Svg = ({ children, className }: { children: ReactNode; className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    className={className ?? 'size-5'}
  >
    {children}
  </svg>
);

export const PhoneIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M10.5 18.5h3" />
  </Svg>
);

export const RobotIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M5 17v-4a7 7 0 0 1 14 0v4z" />
    <path d="M7.5 7.5 6 5M16.5 7.5 18 5" />
    <circle cx="9.5" cy="12.5" r=".6" fill="currentColor" />
    <circle cx="14.5" cy="12.5" r=".6" fill="currentColor" />
  </Svg>
);

export const DownloadIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
  </Svg>
);

export const CheckIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

export const ChatIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M4.5 18.5 6 15a7.5 7.5 0 1 1 3 2.8z" />
    <path d="M9 11h.01M12 11h.01M15 11h.01" />
  </Svg>
);

export const ExternalIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M14 4.5h5.5V10M19.5 4.5 11 13M18 14v4.5a1 1 0 0 1-1 1H5.5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1H10" />
  </Svg>
);
