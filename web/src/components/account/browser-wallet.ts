// The browser's Ethereum wallet (MetaMask and the like), through the EIP-1193 provider it injects:
// which address it pays from, and an EIP-191 signature (personal_sign) of a message.

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

function provider(): Eip1193Provider | null {
  const injected = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
  return injected && typeof injected.request === 'function' ? injected : null;
}

export function hasBrowserWallet(): boolean {
  return provider() !== null;
}

/** The message as the 0x-hex of its UTF-8 bytes, as personal_sign takes it. */
export function utf8Hex(message: string): string {
  return `0x${Array.from(new TextEncoder().encode(message), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Asks the wallet for its account and its signature of `message`. */
export async function signWithBrowserWallet(message: string): Promise<{ address: string; signature: string }> {
  const wallet = provider();
  if (!wallet) throw new Error('No browser wallet was found. Sign the message with your wallet and paste the signature below.');
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) throw new Error('The wallet shared no account.');
  const signature = (await wallet.request({ method: 'personal_sign', params: [utf8Hex(message), address] })) as string;
  return { address, signature };
}
