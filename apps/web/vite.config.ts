import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './service-worker.ts';
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

/** `import { A, B as C } from 'lucide-react'` in a source file: the names it takes. */
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

/**
 * The slot lobby's code in one file (ADR 016): the modules the `egame` page group (`/rng`, `/pvp`,
 * `/fish`) needs beyond the initial ones. Left to automatic splitting they came as two dozen files
 * (icons, small helpers shared with other pages), each a request and a module the throttled main
 * thread has to fetch, compile and link before the first games can show; now about ten. Only
 * modules outside the initial files are taken (the static closure of the entries stays where it
 * was), so no initial file grows or starts importing this one; and none that a page other than the
 * game lobbies (`game`: live, sports...; `elott`; `lottery`, which share most of it and load it
 * instead) reaches, so the home page and the pages without games do not load the lobby for an icon.
 * The icon barrel (`lucide-react`) is followed by the icons a file names, not by all it re-exports.
 */
const lobbyChunk = () => {
  let members: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'khela-lobby-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const barrel = ids.find((id) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
      const iconFile = new Map<string, string>();
      if (barrel) {
        const text = readFileSync(barrel, 'utf8');
        for (const [, names = '', file = ''] of text.matchAll(
          /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g,
        ))
          for (const name of names.split(',')) {
            const exported = name.trim().split(/\s+as\s+/)[1];
            if (exported) iconFile.set(exported, join(dirname(barrel), file));
          }
      }
      const iconsOf = (id: string) => {
        let text: string;
        try {
          text = readFileSync(id.split('?')[0] as string, 'utf8');
        } catch {
          return [];
        }
        return [...text.matchAll(LUCIDE_IMPORT)].flatMap(([, names = '']) =>
          names
            .split(',')
            .map(
              (name) =>
                name
                  .trim()
                  .replace(/^type\s+/, '')
                  .split(/\s+as\s+/)[0] as string,
            )
            .flatMap((name) => iconFile.get(name) ?? []),
        );
      };
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = [...roots];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
            if (imported === barrel) queue.push(...iconsOf(id));
            else queue.push(imported);
          }
        }
        return seen;
      };
      const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const group = (name: string) => {
        const found = ids.find((id) => id.endsWith(`/src/app/pages/${name}.tsx`));
        if (!found) throw new Error(`lobby chunk: no ${name} page group`);
        return closure([found]);
      };
      const apart = new Set(
        ids
          .filter((id) => /\/src\/app\/pages\/[^/]+\.tsx$/.test(id))
          .filter((id) => !/\/(egame|elott|game|lottery)\.tsx$/.test(id))
          .flatMap((id) => [...closure([id])]),
      );
      members = new Set([...group('egame')].filter((id) => !initial.has(id) && !apart.has(id)));
    },
  };
  const test = (id: string) => members?.has(id) ?? false;
  return { plugin, test };
};
const lobby = lobbyChunk();

export default defineConfig({
  plugins: [react(), tailwindcss(), firstPageLoads(), lobby.plugin, serviceWorker()],
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
      output: {
        codeSplitting: {
          groups: [{ name: 'slot-lobby', test: lobby.test, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
