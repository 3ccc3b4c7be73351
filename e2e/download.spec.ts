import type { SystemStatus } from '@khela/contract';
import { expect, openPage, test } from './fixtures';

const readPngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test.describe('app download', () => {
  test('shows a decodable QR code for every app and contact link of the brand', async ({ page, baseURL }) => {
    const statusAnswer = await page.request.get('/wps/system/status');
    const status = ((await statusAnswer.json()) as { value: SystemStatus }).value;
    const resourceUrls = status.info.resources.map((r) => new URL(r.url, baseURL).href);
    expect(resourceUrls.length).toBeGreaterThanOrEqual(2);

    await openPage(page, '/download', 'download');
    const codes = page.getByTestId('download-page').getByTestId('qr-code');
    await expect(codes.filter({ visible: true }).first()).toBeVisible();
    await expect.poll(() => codes.count()).toBeGreaterThanOrEqual(resourceUrls.length);

    const images = await codes.evaluateAll((nodes) =>
      nodes.map((node) => {
        const img = node as HTMLImageElement;
        return {
          url: img.dataset.url ?? '',
          complete: img.complete,
          width: img.naturalWidth,
          src: img.src.slice(0, 22),
        };
      }),
    );
    for (const image of images) {
      expect(image.url).toMatch(/^https?:\/\/[^/]+/);
      expect(image.src).toBe('data:image/png;base64,');
      expect(image.complete).toBe(true);
      expect(image.width).toBeGreaterThan(0);
    }
    const shown = images.map((i) => i.url);
    for (const url of resourceUrls) expect(shown).toContain(url);
  });

  test('the install guide opens on the platform of ?os= and switches between Android and iPhone', async ({
    page,
  }) => {
    await openPage(page, '/download?os=ios', 'download');
    const guide = page.locator('#install-guide');
    const iphone = guide.getByRole('tab', { name: 'আইফোন' });
    const android = guide.getByRole('tab', { name: 'অ্যান্ড্রয়েড' });
    await expect(iphone).toHaveAttribute('aria-selected', 'true');
    await expect(guide.getByRole('tabpanel')).toContainText('Safari');
    await android.click();
    await expect(android).toHaveAttribute('aria-selected', 'true');
    await expect(guide.getByRole('tabpanel')).toContainText('Chrome');
    await expect(guide.getByRole('tabpanel').getByRole('listitem')).toHaveCount(4);
  });

  test('the install button hands over to the browser install prompt when one is offered', async ({
    page,
  }) => {
    await openPage(page, '/down', 'download');
    const hero = page.getByTestId('download-page');
    await expect(hero.getByRole('link', { name: 'কীভাবে ইনস্টল করবেন' })).toBeVisible();
    // Headless Chromium does not offer installation by itself: fire the event it would fire.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          document.documentElement.dataset.installPrompted = 'yes';
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
    const install = hero.getByRole('button', { name: 'অ্যাপ ইনস্টল করুন' });
    await install.click();
    await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
    // The offer is used up; `appinstalled` turns the button into a note.
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(hero.getByText('এই ডিভাইসে Khela ইনস্টল করা আছে')).toBeVisible();
  });

  test('the web app manifest makes the site installable with 192 and 512 pixel icons', async ({
    page,
    request,
  }) => {
    await page.goto('/download');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.ok()).toBe(true);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Khela', start_url: '/', display: 'standalone' });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
      if (!icon) throw new Error(`no ${size}px PNG icon in the manifest`);
      const png = await request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(readPngSize(await png.body())).toEqual({ width: size, height: size });
    }
  });
});
