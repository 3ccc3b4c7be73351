// @ts-check
/**
 * The back office's dependency rules (issue 14; ADR 026): a screen group (`src/features/<id>`)
 * never imports another (what several share lives in `src/shared`), shared code never imports a
 * feature or the app shell, a feature never imports the app shell (it registers through
 * `features/registry.ts`, which only the shell reads), and no module cycle anywhere.
 * Paths are relative to apps/backoffice.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      comment: 'A screen group imports only itself and shared/.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-stays-below-features',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
