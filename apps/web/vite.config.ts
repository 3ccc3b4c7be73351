import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { GROUP_NAMESPACES, PAGE_ROUTES, type PageGroup } from './src/app/route-table.ts';
import { DEFAULT_LANGUAGE, INITIAL_NAMESPACES, SUPPORTED } from './src/shared/i18n/languages.ts';
import { LOCAL_KEYS } from './src/shared/state/storage.ts';

const api = { target: 'http://localhost:8080', changeOrigin: false };

/** Where index.html takes the first page's loads (below). */
const FIRST_PAGE_MARK = '<!-- first-page-loads -->';

/** Font faces a language's text is set in first (styles.css): Bangla and Hindi put their script's face first. */
const LANGUAGE_FONTS: Record<string, RegExp> = {
  bn: /^noto-sans-bengali-(bengali|latin)-wght-normal\.woff2$/,
  hi: /^noto-sans-devanagari-(devanagari|latin)-wght-normal\.woff2$/,
};

/**
 * The first page's downloads that index.html starts itself (ADR 016) instead of the app once its
 * initial JS has run: a small script, written at build time, reads the address and the saved
 * language and adds preload links for the locale files that page reads first (common, shell and
 * its page group's, GROUP_NAMESPACES) and the language's font faces, so the first layout of Bangla
 * or Hindi text is done once, in its face, not in a fallback first. The page group's chunks are
 * left to the app: preloading their dozens of small files from here delayed the initial JS's own
 * start more than it saved on a busy CPU (measured).
 */
const firstPageLoads = (): Plugin => {
  let base = '/';
  return {
    name: 'khela-first-page-loads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(FIRST_PAGE_MARK)) return html;
        const bundle = ctx.bundle;
        if (!bundle) throw new Error('first-page loads: no bundle');
        const outputs = Object.values(bundle);
        const files: string[] = [];
        const index = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const chunkOf = (suffix: string) => {
          const found = outputs.find((o) => o.type === 'chunk' && o.facadeModuleId?.endsWith(suffix));
          if (!found) throw new Error(`first-page loads: no chunk for ${suffix}`);
          return index(found.fileName);
        };

        // Each path's namespaces, as an index into a list of distinct sets.
        const sets: string[] = [];
        const setOf = (group: PageGroup) => {
          const key = [...INITIAL_NAMESPACES, ...(GROUP_NAMESPACES[group] ?? [])].join(',');
          const at = sets.indexOf(key);
          return at >= 0 ? at : sets.push(key) - 1;
        };
        setOf('index');
        const exact: Record<string, number> = {};
        const patterns: [string, number][] = [];
        for (const route of PAGE_ROUTES) {
          const set = setOf(route.group);
          for (const path of route.paths) {
            if (path.includes(':'))
              patterns.push([`^${path.toLowerCase().replace(/:[^/]+/g, '[^/]+')}$`, set]);
            else exact[path.toLowerCase()] = set;
          }
        }
        const namespaces = [...new Set(sets.flatMap((set) => set.split(',')))];
        const locales = Object.fromEntries(
          SUPPORTED.map((language) => [
            language,
            Object.fromEntries(namespaces.map((ns) => [ns, chunkOf(`/src/locales/${language}/${ns}.json`)])),
          ]),
        );
        const fonts = Object.fromEntries(
          Object.entries(LANGUAGE_FONTS).map(([language, pattern]) => [
            language,
            outputs
              .filter((o) => o.type === 'asset' && (o.names ?? []).some((name) => pattern.test(name)))
              .map((o) => index(o.fileName)),
          ]),
        );
        const data = {
          base,
          files,
          exact,
          patterns,
          sets: sets.map((set) => set.split(',')),
          locales,
          fonts,
          languageKey: LOCAL_KEYS.language,
          languages: SUPPORTED,
          defaultLanguage: DEFAULT_LANGUAGE,
        };
        const script = `<script>
      // The first page's locale files and fonts, asked for now (vite.config.ts, firstPageLoads).
      (function (d) {
        try {
          var lang = localStorage.getItem(d.languageKey);
          if (d.languages.indexOf(lang) < 0) lang = d.defaultLanguage;
          var path = location.pathname.toLowerCase().replace(/\\/+$/, '') || '/';
          var set = d.exact[path];
          for (var i = 0; set === undefined && i < d.patterns.length; i++)
            if (new RegExp(d.patterns[i][0]).test(path)) set = d.patterns[i][1];
          var add = function (file, font) {
            var link = document.createElement('link');
            link.rel = font ? 'preload' : 'modulepreload';
            if (font) link.as = 'font';
            if (font) link.type = 'font/woff2';
            link.crossOrigin = '';
            link.href = d.base + d.files[file];
            document.head.appendChild(link);
          };
          (d.fonts[lang] || []).forEach(function (file) { add(file, true); });
          d.sets[set === undefined ? 0 : set].forEach(function (ns) { add(d.locales[lang][ns]); });
        } catch (e) {}
      })(${JSON.stringify(data)});
    </script>`;
        return html.replace(FIRST_PAGE_MARK, script);
      },
    },
  };
};

export default defineConfig({
  plugins: [react(), tailwindcss(), firstPageLoads()],
  server: { port: 5173, proxy: { '/wps': api, '/lgw': api, '/lotto': api, '/media': api } },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // Two pages: the site, and the in-house game page (`play.html`, issue 7) loaded in /game's iframe.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        play: fileURLToPath(new URL('play.html', import.meta.url)),
      },
    },
  },
});
