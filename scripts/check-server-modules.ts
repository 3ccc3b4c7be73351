/**
 * `npm run lint` (after Biome): the server's module boundaries (docs/decisions/024-module-shape.md).
 *
 * 1. dependency-cruiser with the rules of `.dependency-cruiser.cjs` (a module's internals are
 *    imported only inside it; http/ and shared/ import no module; no file cycle).
 * 2. No cycle between modules: dependency-cruiser's `circular` sees cycles of files, and two
 *    modules can depend on each other through their index files without any file cycle, so the
 *    file graph is folded into one node per module and searched for cycles here.
 *
 * `node scripts/check-server-modules.ts [root]` prints every violation and exits 1 when there is any.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The folders cruised, relative to the repository root (those that exist). */
export const CRUISED = ['apps/server', 'tools', 'bench', 'e2e', 'scripts'];
const MODULE_OF = /^apps\/server\/src\/modules\/([^/]+)\//;

/** Every group of modules that depend on each other in a circle (each sorted by name). */
export const moduleCycles = (edges: Map<string, Set<string>>): string[][] => {
  // Tarjan's strongly connected components; each component of more than one module is a cycle.
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return cycles.sort((a, b) => (a.join() < b.join() ? -1 : 1));
};

/** Module → the modules its non-test files import. */
export const moduleGraph = (result: ICruiseResult) => {
  const edges = new Map<string, Set<string>>();
  for (const file of result.modules) {
    const from = MODULE_OF.exec(file.source)?.[1];
    if (!from || /(\.test|test-support)\.ts$/.test(file.source)) continue;
    const targets = edges.get(from) ?? new Set<string>();
    edges.set(from, targets);
    for (const dependency of file.dependencies) {
      const to = MODULE_OF.exec(dependency.resolved)?.[1];
      if (to && to !== from) targets.add(to);
    }
  }
  return edges;
};

export type ModuleCheck = { violations: string[]; cycles: string[][] };

/** Cruises `root` (the repository, or a fixture tree laid out like it) with its rules. */
export const checkServerModules = async (root: string): Promise<ModuleCheck> => {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  const tsConfigFile = options.tsConfig?.fileName;
  const { existsSync } = await import('node:fs');
  const output = await cruise(
    CRUISED.filter((folder) => existsSync(join(root, folder))),
    { ...options, validate: true, baseDir: root, outputType: 'json' },
    undefined,
    tsConfigFile ? { tsConfig: extractTSConfig(join(root, tsConfigFile)) } : undefined,
  );
  const result = (
    typeof output.output === 'string' ? JSON.parse(output.output) : output.output
  ) as ICruiseResult;
  const violations = result.summary.violations.map(
    (v) =>
      `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`,
  );
  return { violations, cycles: moduleCycles(moduleGraph(result)) };
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2] ?? process.cwd();
  const { violations, cycles } = await checkServerModules(root);
  for (const line of violations) console.error(`  error ${line}`);
  for (const cycle of cycles) console.error(`  error module-cycle: ${cycle.join(', ')} depend on each other`);
  const count = violations.length + cycles.length;
  if (count > 0) {
    console.error(`\n✘ ${count} module boundary violation(s): docs/decisions/024-module-shape.md`);
    process.exit(1);
  }
  console.log('✔ server modules: only index imports, no cycles between modules');
}
