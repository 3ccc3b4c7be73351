// @ts-check
/**
 * The web app's dependency rules (issue 14; ADR 026): a feature never imports another feature
 * (app/ composes them), shared code never imports a feature or app/, a feature never imports
 * app/, and no module cycle anywhere. `npm run lint:deps:web` runs this and the back office's.
 * Paths are relative to apps/web.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-feature',
      comment: 'A feature imports only itself and shared/; app/ hands it what other features show.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'shared-stays-below-features',
      comment: 'shared/ is used by features and app/, never the other way round.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'features-below-app',
      comment: 'app/ composes the features; a feature never reaches up into it.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'play-is-its-own-entry',
      comment: 'The in-house game page (play.html) is a separate entry: only shared/ beside it.',
      severity: 'error',
      from: { path: '^src/play/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycle between modules (features, shared, app).',
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
