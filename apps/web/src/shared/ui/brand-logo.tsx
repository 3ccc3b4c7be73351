import { cx } from './cx';

/** The brand mark and name; the name comes from the brand config. */
export const BrandLogo = ({ name, className }: { name: string; className?: string }) => (
  <span className={cx('inline-flex items-center gap-2', className)}>
    <img src="/icon.svg" alt="" width={32} height={32} className="size-8 rounded-[10px] shadow-sm" />
    <span className="bg-gradient-to-r from-brand to-brand-2 bg-clip-text text-xl font-black tracking-tight text-transparent">
      {name}
    </span>
  </span>
);
