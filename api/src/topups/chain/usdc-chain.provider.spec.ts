import { describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { APP_CONFIG, loadConfig } from '../../config/app-config.js';
import type { UsdcChain } from './usdc-deposit.js';
import { USDC_CHAIN, usdcChainProvider } from './usdc-chain.provider.js';

async function resolveChain(env: Record<string, string>): Promise<UsdcChain | null> {
  const moduleRef = await Test.createTestingModule({ providers: [{ provide: APP_CONFIG, useValue: loadConfig(env) }, usdcChainProvider] }).compile();
  return moduleRef.get<UsdcChain | null>(USDC_CHAIN);
}

describe('usdcChainProvider', () => {
  it('is null while top-ups are off', async () => {
    expect(await resolveChain({})).toBeNull();
  });

  it('connects to ETH_RPC_URL with the parsed settings when they are set', async () => {
    const chain = await resolveChain({
      ETH_RPC_URL: 'http://127.0.0.1:8545',
      USDC_CONTRACT: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      USDC_DEPOSIT_ADDRESS: '0x787bc77f1700dce0f8c1581c18a12d3153d1b150',
      USDC_CONFIRMATIONS: '3',
    });
    expect(chain?.settings).toEqual({
      rpcUrl: 'http://127.0.0.1:8545',
      usdcContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      depositAddress: '0x787bc77F1700DCE0f8c1581c18A12d3153D1B150',
      confirmations: 3,
    });
    expect(chain?.client.transport.url).toBe('http://127.0.0.1:8545');
  });
});
