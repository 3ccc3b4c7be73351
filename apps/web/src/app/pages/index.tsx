import { SectionPage } from '../../features/shell/section-page';

/** Page group `index` (one lazy chunk). */
export const pages = {
  home: () => <SectionPage page="home" />,
  login: () => <SectionPage page="login" />,
  register: () => <SectionPage page="register" />,
  forget: () => <SectionPage page="forget" />,
  changePassword: () => <SectionPage page="changePassword" />,
  noticePage: () => <SectionPage page="noticePage" />,
  agentHome: () => <SectionPage page="agentHome" />,
};
