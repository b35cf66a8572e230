import type { BuildOptions } from 'esbuild';

/** The esbuild options that compile the server (server-build-options.mjs). */
export function serverBuildOptions(rootDir: string): BuildOptions;
