import type { HelpArticle } from '@khela/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../shared/i18n';
import { HelpCentre } from './help-centre';

const article = (
  id: number,
  tag: string,
  content: string,
  extra: Partial<HelpArticle> = {},
): HelpArticle => ({
  id,
  title: `Title ${tag}`,
  content,
  bgColor: null,
  lang: 'bn',
  display: true,
  tag,
  children: [],
  ...extra,
});

const ARTICLES: HelpArticle[] = [
  article(1, 'aboutus', '<p>About <strong>us</strong></p><script>window.hacked = true</script>'),
  article(2, 'faqs', '<p>Questions</p>', {
    children: [
      article(3, 'faq-password', '<p>Reset it <img src="x.png" onerror="window.hacked = true"></p>'),
    ],
  }),
  article(4, 'secret', '<p>Not shown</p>', { display: false }),
  article(5, 'terms', '<ol><li>Be 18 or older</li></ol><a href="https://example.org/rules">Rules</a>'),
];

const requests: { url: URL; language: string | null }[] = [];
const answer = (status: number, body: unknown) =>
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: new URL(String(input)), language: new Headers(init?.headers).get('Language') });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });

const renderHelp = (compact = false) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/help']}>
        <Suspense fallback={null}>
          <HelpCentre compact={compact} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe('help centre', () => {
  it('asks for the articles of the current language and renders each as a section with its tag as id', async () => {
    vi.stubGlobal('fetch', answer(200, { success: true, value: ARTICLES }));
    const { container } = renderHelp();

    const terms = await screen.findByRole('heading', { name: 'Title terms' });
    expect(terms.closest('section')?.id).toBe('terms');
    expect(requests[0]?.url.pathname).toBe('/wps/system/helpCenter');
    expect(requests[0]?.url.searchParams.get('lang')).toBe('bn');
    expect(requests[0]?.url.searchParams.get('device')).toBe('WEB');
    expect(requests[0]?.language).toBe('bn');

    const faqs = container.querySelector('section#faqs');
    expect(faqs?.querySelector('section#faq-password')).not.toBeNull();
    expect(container.querySelector('#secret')).toBeNull();
    const nav = screen.getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/help#aboutus', '/help#faqs', '/help#faq-password', '/help#terms']);
  });

  it('strips scripts and event handlers from article HTML and opens outside links safely', async () => {
    vi.stubGlobal('fetch', answer(200, { success: true, value: ARTICLES }));
    const { container } = renderHelp();
    await screen.findByRole('heading', { name: 'Title terms' });

    expect(container.querySelector('script')).toBeNull();
    const image = container.querySelector('section#faq-password img');
    expect(image?.getAttribute('src')).toBe('x.png');
    expect(image?.hasAttribute('onerror')).toBe(false);
    expect(container.querySelector('section#aboutus strong')?.textContent).toBe('us');
    const outside = screen.getByRole('link', { name: 'Rules' });
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a translated error with a retry when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      answer(500, { success: false, errorCode: 'system.error', message: 'error.system.error' }),
    );
    renderHelp(true);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('সহায়তা কেন্দ্র লোড করা যায়নি');
    expect(within(alert).getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeTruthy();
  });
});
