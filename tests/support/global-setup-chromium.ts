import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS } from './chromium-args.ts';

/**
 * One Chromium for the whole browser lane: each file connects to it and opens its own contexts
 * (fresh profiles, closed when each test ends), instead of launching and closing a browser of its
 * own, about a second a file on 2 cores (issue 14, CI time).
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}
