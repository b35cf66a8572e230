import type { Config } from '../../../../config.ts';
import { createDigilockerClient } from './client.ts';
import { createDevelopmentDigilocker, type DevelopmentDigilocker } from './development.ts';
import type { DigilockerProvider } from './provider.ts';

export interface DigilockerSettings {
  config: Pick<Config, 'NODE_ENV' | 'AUTH_SECRET' | 'PUBLIC_URL' | 'DIGILOCKER_PROVIDER' | 'DIGILOCKER_API_URL' | 'DIGILOCKER_CLIENT_ID' | 'DIGILOCKER_CLIENT_SECRET' | 'DIGILOCKER_REDIRECT_URI'>;
  now?: () => Date;
  /** Tests shorten the 10-second timeout. */
  timeoutMs?: number;
}

/**
 * The provider DIGILOCKER_PROVIDER names, or null for none (the Documents page offers no
 * DigiLocker). The configuration schema already refused development in production and digilocker
 * without its keys; this says so again for callers that build settings by hand.
 */
export function createDigilockerProvider({ config, now, timeoutMs }: DigilockerSettings): DigilockerProvider | DevelopmentDigilocker | null {
  switch (config.DIGILOCKER_PROVIDER) {
    case 'none':
      return null;
    case 'development':
      return createDevelopmentDigilocker({ nodeEnv: config.NODE_ENV, secret: config.AUTH_SECRET, publicUrl: config.PUBLIC_URL, redirectUri: config.DIGILOCKER_REDIRECT_URI, ...(now ? { now } : {}) });
    case 'digilocker': {
      const { DIGILOCKER_CLIENT_ID: clientId, DIGILOCKER_CLIENT_SECRET: clientSecret } = config;
      if (!clientId || !clientSecret) throw new Error('DIGILOCKER_PROVIDER=digilocker needs DIGILOCKER_CLIENT_ID and DIGILOCKER_CLIENT_SECRET');
      return createDigilockerClient({ url: config.DIGILOCKER_API_URL, clientId, clientSecret, redirectUri: config.DIGILOCKER_REDIRECT_URI, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
    }
    default: {
      const unknown: never = config.DIGILOCKER_PROVIDER;
      throw new Error(`DIGILOCKER_PROVIDER=${String(unknown)} is not one of digilocker, development, none`);
    }
  }
}

export function isDevelopmentDigilocker(provider: DigilockerProvider | null): provider is DevelopmentDigilocker {
  return provider?.name === 'development';
}
