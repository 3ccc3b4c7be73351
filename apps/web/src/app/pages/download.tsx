import { DownloadPage } from '../../features/download/download-page';

/** Page group `download` (one lazy chunk): app download with QR codes and the install guide. */
export const pages = {
  download: () => (
    <div data-testid="page-download">
      <DownloadPage />
    </div>
  ),
};
