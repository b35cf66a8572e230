import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text assets worth compressing; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
  return nested.flat();
}

/**
 * Writes a .br (brotli, highest quality) and a .gz beside every text asset of the build, once, so
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing on
 * every request (issue 14). Source maps are not served, so they are skipped.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'workcred-precompress',
    apply: 'build',
    configResolved(config) {
      // --outDir on the command line (a test build) wins over the config's.
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file) && !file.endsWith('.map'));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          if (body.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), gz(body, { level: 9 })]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}
