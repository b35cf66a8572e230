import type { Config } from '../../config.ts';
import { createDevelopmentProvider } from './development-provider.ts';
import type { PaymentsProvider } from './payments-provider.ts';
import { createRazorpayProvider } from './razorpay-client.ts';

/** Picks the provider from the configuration. Kept apart from the interface, which both providers import. */
export function createPaymentsProvider(config: Config): PaymentsProvider {
  return config.PAYMENTS_PROVIDER === 'razorpay' ? createRazorpayProvider(config) : createDevelopmentProvider(config);
}
