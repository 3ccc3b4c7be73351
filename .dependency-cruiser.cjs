/**
 * The server's module boundaries (docs/decisions/024-module-shape.md), checked by `npm run lint`
 * through `scripts/check-server-modules.ts`, which also refuses import cycles between modules
 * (dependency-cruiser's `circular` sees cycles of files only).
 *
 * - A module's `index.ts` is its only public face: nothing outside `modules/<m>/` imports any
 *   other file of it. Test code may also import another module's `test-support.ts`.
 * - `shared/` (helpers of no domain) and `http/` (plumbing) import no module.
 * - No cycle of files anywhere in the server.
 *
 * The web app's and the back office's rules live in their own configs.
 */
const MODULES = '^apps/server/src/modules/';
const TEST_CODE = ['\\.test\\.ts$', '(^|/)test-support\\.ts$', '^apps/server/test/', '^e2e/'];

module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      comment: "A module imports another module only through its index.ts (the module's one public face).",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: TEST_CODE },
      to: {
        path: `${MODULES}[^/]+/.`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-internals-from-tests',
      comment: 'Test code reaches another module through its index.ts or its test-support.ts.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/.*test(-support)?\\.ts$` },
      to: {
        path: `${MODULES}[^/]+/.`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`, `${MODULES}[^/]+/test-support\\.ts$`],
      },
    },
    {
      name: 'outside-into-module-internals',
      comment:
        'Code outside the modules (composition root, http, db, tools, benchmarks, journeys) uses a module through its index.ts.',
      severity: 'error',
      from: { pathNot: [MODULES, ...TEST_CODE] },
      to: { path: `${MODULES}[^/]+/.`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'outside-tests-into-module-internals',
      comment: 'Tests outside the modules use a module through its index.ts or its test-support.ts.',
      severity: 'error',
      from: { path: TEST_CODE, pathNot: MODULES },
      to: {
        path: `${MODULES}[^/]+/.`,
        pathNot: [`${MODULES}[^/]+/index\\.ts$`, `${MODULES}[^/]+/test-support\\.ts$`],
      },
    },
    {
      name: 'plumbing-knows-no-module',
      comment: 'http/ is plumbing and shared/ holds helpers of no domain: neither imports a module.',
      severity: 'error',
      from: { path: '^apps/server/src/(http|shared)/' },
      to: { path: MODULES },
    },
    {
      name: 'no-file-cycle',
      comment: 'No import cycle between files of the server.',
      severity: 'error',
      from: { path: '^apps/server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    includeOnly: ['^apps/server/', '^tools/', '^bench/', '^e2e/', '^scripts/'],
  },
};
