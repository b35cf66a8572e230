import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';

const text = messages.account;

/** First match wins: Edge and Opera say "Chrome" too, Chrome says "Safari", so the order matters. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A readable name for a session's device from its User-Agent, such as "Chrome on Windows". Only
 * the well-known browsers and systems are named; anything else is "Unknown device". Reads at most
 * the first 512 characters, and each pattern is linear.
 */
export function deviceName(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const os = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (!os) return browser ?? text.unknownDevice;
  return fill(text.deviceOn, { browser: browser ?? text.unknownBrowser, os });
}
