import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { type UsdcChain, connectUsdcChain } from './usdc-deposit.js';

/** Injection token for the `UsdcChain`; null while top-ups are off (TOP_UPS_OFF_MESSAGE says so). */
export const USDC_CHAIN = Symbol('USDC_CHAIN');

/** One connection to the operator's node for the process, built from the parsed settings. */
export const usdcChainProvider: Provider = {
  provide: USDC_CHAIN,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): UsdcChain | null => (config.topUps ? connectUsdcChain(config.topUps) : null),
};
