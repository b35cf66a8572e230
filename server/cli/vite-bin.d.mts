/** The path of vite's command-line script (vite-bin.mjs). */
export function viteBin(): string;
