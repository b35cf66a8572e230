// The esbuild options that compile the server (issue 14, decision records 0012, 0021 and 0022),
// shared by `npm run build` (scripts/build-server.mjs) and the tests that start the compiled server
// (tests/support/server-process.ts), so the tests run what `npm start` runs.
//
// Packages are bundled with our code: Node resolves, reads and compiles one file instead of some
// two thousand, which was most of the start-up time. These stay in node_modules, each for a reason:
const external = [
  // read files beside themselves at run time (the WebAssembly database, the API explorer's page,
  // the logger's worker for transports, its package.json for the API document's defaults)
  '@electric-sql/pglite',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  // HarfBuzz's WebAssembly beside its module (server/pdf/indic-fonts.ts shapes India's scripts with it)
  'harfbuzzjs',
  // starts its worker thread from a script beside itself (OCR of scanned documents, issue 35)
  'tesseract.js',
  // native code
  'sharp',
  'pg-native',
  // loaded only when S3 storage is configured (server/storage/s3-storage.ts imports them on demand)
  '@aws-sdk/*',
];

/** @param {string} rootDir the project's root */
export function serverBuildOptions(rootDir) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // A package's subpaths stay external with it ('@electric-sql/pglite/node-postgres').
    external: external.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`])),
    // Bundled CommonJS packages call require() for Node's modules and for the external packages; an
    // ES module has none, so each output file makes its own, resolving from dist-server/.
    banner: { js: "import { createRequire as __workcredRequire } from 'node:module'; const require = __workcredRequire(import.meta.url);" },
    logLevel: 'warning',
    tsconfig: `${rootDir}/tsconfig.json`,
  };
}
