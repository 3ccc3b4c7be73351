import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing (source maps are only read by developer tools: left alone). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.webmanifest']);
/** Below this the headers cost more than compression saves (the same as @fastify/compress). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip 9) beside each compressible file of
 * `dir` that has none newer than itself, so @fastify/static (`preCompressed`) sends them as they
 * are instead of compressing every request. The built files are content-hashed and never change,
 * so each is compressed once, off the event loop (zlib's thread pool). An unwritable folder is
 * skipped: those files stay compressed per request. Answers how many files it compressed.
 */
export const precompressAssets = async (dir: string) => {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let written = 0;
  for (const name of names) {
    if (!COMPRESSIBLE.has(extname(name))) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || info.size < MIN_BYTES) continue;
    const fresh = async (suffix: string) => {
      const other = await stat(`${path}${suffix}`).catch(() => null);
      return other !== null && other.mtimeMs >= info.mtimeMs;
    };
    if ((await fresh('.br')) && (await fresh('.gz'))) continue;
    const body = await readFile(path);
    // Written aside and renamed into place: the server may already be serving this folder, and a
    // request must never get a half-written file.
    const put = async (target: string, bytes: Buffer) => {
      const aside = `${target}.${process.pid}.tmp`;
      await writeFile(aside, bytes);
      await rename(aside, target);
    };
    try {
      await put(
        `${path}.br`,
        await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      );
      await put(`${path}.gz`, await gzipAsync(body, { level: 9 }));
      written += 1;
    } catch {
      return written;
    }
  }
  return written;
};
