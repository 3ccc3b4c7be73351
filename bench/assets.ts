import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Files the home page needs before it can run: entry script, stylesheets, and their static imports. */
export const initialAssets = (webDist: string, html: string) => {
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src && /\btype\s*=\s*["']module["']/.test(tag)) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'stylesheet') css.add(href);
    if (rel === 'modulepreload') js.add(href);
  }
  // Follow static `import ... from "./x.js"` / `import "./x.js"` in the chunks (dynamic `import()` is lazy).
  const queue = [...js];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const code = readFileSync(join(webDist, file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g,
    )) {
      const spec = match[1] as string;
      const path = spec.startsWith('/') ? spec : `/${join(dirname(file), spec).replace(/^\/+/, '')}`;
      if (!js.has(path)) {
        js.add(path);
        queue.push(path);
      }
    }
  }
  return { js: [...js], css: [...css] };
};

export const gzipSize = (webDist: string, files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(webDist, file))).length, 0);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const pct = (ratio: number) => `${Math.round(ratio * 100)} %`;
