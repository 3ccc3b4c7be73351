import { SectionPage } from '../../features/shell/section-page';

/** Page group `help` (one lazy chunk). */
export const pages = {
  help: () => <SectionPage page="help" />,
  helpmc: () => <SectionPage page="helpmc" />,
};
