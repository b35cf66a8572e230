import { createDevelopmentEpfoProvider } from './development.ts';
import { HYPERVERGE_DEFAULT_URL, createHypervergeProvider } from './hyperverge.ts';
import type { EpfoHistoryProvider } from './provider.ts';
import { SUREPASS_DEFAULT_URL, createSurepassProvider } from './surepass.ts';

export const epfoProviderChoices = ['surepass', 'hyperverge', 'development', 'none'] as const;
export type EpfoProviderChoice = (typeof epfoProviderChoices)[number];

export interface EpfoProviderSettings {
  /** UAN_PROVIDER */
  provider: EpfoProviderChoice;
  nodeEnv: string;
  /** SUREPASS_API_URL, HYPERVERGE_API_URL; each provider's production host when absent. */
  urls?: { surepass?: string | undefined; hyperverge?: string | undefined };
  /** SUREPASS_TOKEN, HYPERVERGE_APP_ID, HYPERVERGE_APP_KEY */
  keys?: { surepassToken?: string | undefined; hypervergeAppId?: string | undefined; hypervergeAppKey?: string | undefined };
  /** Tests shorten the 10-second timeout. */
  timeoutMs?: number;
  /** The app's clock, for the development provider's recent months. */
  now?: () => Date;
  /** The development provider's OTP flow: how its codes are sent (development-sms.ts), and their key. */
  developmentOtp?: { secret: string; sendCode: (uan: string, code: string) => Promise<string | null> };
}

/**
 * The provider UAN_PROVIDER names, or null for none (the verification team reviews). Refuses, with
 * a message naming the variable to set, a development provider in production and a provider
 * without its keys: better a server that does not start than checks that silently never run.
 */
export function createEpfoProvider(settings: EpfoProviderSettings): EpfoHistoryProvider | null {
  const keys = settings.keys ?? {};
  const urls = settings.urls ?? {};
  const timeout = settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs };
  switch (settings.provider) {
    case 'none':
      return null;
    case 'development':
      return createDevelopmentEpfoProvider({ nodeEnv: settings.nodeEnv, ...(settings.now ? { now: settings.now } : {}), ...(settings.developmentOtp ? { otp: settings.developmentOtp } : {}) });
    case 'surepass':
      return createSurepassProvider({ url: urls.surepass || SUREPASS_DEFAULT_URL, token: required(keys.surepassToken, 'SUREPASS_TOKEN', 'surepass'), ...timeout });
    case 'hyperverge':
      return createHypervergeProvider({
        url: urls.hyperverge || HYPERVERGE_DEFAULT_URL,
        appId: required(keys.hypervergeAppId, 'HYPERVERGE_APP_ID', 'hyperverge'),
        appKey: required(keys.hypervergeAppKey, 'HYPERVERGE_APP_KEY', 'hyperverge'),
        ...timeout,
      });
    default: {
      const unknown: never = settings.provider;
      throw new Error(`UAN_PROVIDER=${String(unknown)} is not one of ${epfoProviderChoices.join(', ')}`);
    }
  }
}

function required(value: string | undefined, variable: string, provider: string): string {
  if (!value || value.trim() === '') throw new Error(`UAN_PROVIDER=${provider} needs ${variable}: set it, or choose another UAN_PROVIDER`);
  return value.trim();
}
