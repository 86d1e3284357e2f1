import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CreditsResponse } from '@forge/protocol/credits';
import type { TopUpsResponse } from '@forge/protocol/topups';
import { createQueryClient } from '@/api/query-client';
import { routeTree } from '@/routeTree.gen';
import { utf8Hex } from './browser-wallet';

type Answer = { status: number; body?: unknown };
type Handler = (path: string, method: string, body: unknown) => Answer | undefined;

const user = { id: '0d1f0a3c-5d2e-4c1b-9a7f-1b2c3d4e5f60', keyHint: 'fk_Us3r', createdAt: '2025-01-01T00:00:00Z', isAdmin: false };

function respond({ status, body }: Answer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status < 400, status, statusText: '', text: async () => text } as unknown as Response;
}

function renderAt(url: string, handler: Handler) {
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const path = String(input);
    const answer = handler(path, init?.method ?? 'GET', init?.body ? JSON.parse(String(init.body)) : undefined);
    return respond(answer ?? (path === '/api/auth/me' ? { status: 200, body: { user } } : { status: 404, body: { error: 'Not found' } }));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeAll(() => {
  // The router tells redirects from fetch responses with `instanceof Response`, a global jsdom does not define.
  (globalThis as { Response?: unknown }).Response ??= class Response {};
  window.scrollTo = () => undefined;
});

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

// The first render loads every route module; on a busy machine that alone can take seconds.
jest.setTimeout(20_000);
const SLOW = { timeout: 10_000 };

const ledger: CreditsResponse = {
  balanceMicroUsd: 9_998_020,
  entries: [
    { id: 'e2', kind: 'charge', amountMicroUsd: -1_980, description: 'Generation of counter: 260 input + 80 output tokens', createdAt: '2025-03-04T21:05:00Z', jobId: 'j1' },
    { id: 'e1', kind: 'welcome', amountMicroUsd: 10_000_000, description: 'Welcome credit', createdAt: '2025-03-04T21:00:00Z', jobId: null },
  ],
  nextCursor: 'e1',
};

describe('AccountPage', () => {
  it('shows the balance, the usage by project and the ledger, and pages older entries', async () => {
    const fetchMock = renderAt('/account', (path) => {
      if (path === '/api/credits?limit=20') return { status: 200, body: ledger };
      if (path === '/api/credits?limit=20&before=e1')
        return { status: 200, body: { ...ledger, entries: [{ ...ledger.entries[1]!, id: 'e0', description: 'Granted by an operator: beta', kind: 'grant' }], nextCursor: null } };
      if (path === '/api/credits/usage') return { status: 200, body: { projects: [{ projectName: 'counter', exists: true, inputTokens: 260, outputTokens: 80, costMicroUsd: 1_980, calls: 1 }] } };
      return undefined;
    });
    const balance = await screen.findByTestId('account-balance', undefined, SLOW);
    await waitFor(() => expect(balance.textContent).toBe('$10.00'), SLOW);
    const rows = within(await screen.findByRole('list', { name: 'Credit ledger' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Charge · Generation of counter: 260 input + 80 output tokens');
    expect(rows[0]!.textContent).toContain('$0.00198');
    expect(rows[1]!.textContent).toContain('+$10.00');
    // The welcome entry's description only repeats its kind: said once.
    expect(rows[1]!.textContent).toContain('Welcome credit');
    expect(rows[1]!.textContent).not.toContain('Welcome credit · Welcome credit');
    const usage = await screen.findByRole('row', { name: /counter/ });
    expect(usage.textContent).toContain('$0.00198');
    expect(screen.getByText(user.id)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText(/Granted by an operator: beta/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull());
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/credits?limit=20&before=e1')).toBe(true);
  });
});

const topUps: TopUpsResponse = {
  enabled: true,
  offMessage: null,
  depositAddress: '0x000000000000000000000000000000000000dEaD',
  usdcContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  confirmations: 12,
  wallets: [],
  deposits: [
    {
      txHash: `0x${'a'.repeat(64)}`,
      status: 'pending',
      amountMicroUsd: 5_000_000,
      confirmations: 4,
      required: 12,
      message: 'has 4 of 12 confirmations',
      createdAt: '2025-03-04T21:00:00Z',
      updatedAt: '2025-03-04T21:00:00Z',
    },
  ],
};

describe('AccountPage and top-ups', () => {
  const account = (enabled: boolean) => (path: string) => {
    if (path === '/api/credits?limit=20') return { status: 200, body: { ...ledger, balanceMicroUsd: 0, nextCursor: null } };
    if (path === '/api/credits/usage') return { status: 200, body: { projects: [] } };
    if (path === '/api/topups') return { status: 200, body: enabled ? topUps : { ...topUps, enabled: false, offMessage: 'USDC top-ups are off on this server.', depositAddress: null } };
    return undefined;
  };

  it('links to the top-up page when the server takes top-ups', async () => {
    renderAt('/account', account(true));
    expect(await screen.findByRole('link', { name: 'Top up with USDC' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/Top up with USDC to carry on, or ask the team that runs this server for credits\./)).toBeTruthy();
  });

  it('offers no top-up where the operator has not turned them on', async () => {
    const fetchMock = renderAt('/account', account(false));
    expect(await screen.findByText(/Ask the team that runs this server for credits, quoting your account id\./, undefined, SLOW)).toBeTruthy();
    // Once the server has said top-ups are off, still no link.
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => path === '/api/topups')).toBe(true), SLOW);
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.queryByRole('link', { name: 'Top up with USDC' })).toBeNull();
  });

  it('links to the pricing page, top-ups or not', async () => {
    renderAt('/account', account(false));
    expect((await screen.findByRole('link', { name: 'Pricing' }, SLOW)).getAttribute('href')).toBe('/pricing');
  });
});

describe('TopUpPage', () => {
  it('shows the deposit address and pending deposits, submits a hash and says what the server answered', async () => {
    const submitted: unknown[] = [];
    renderAt('/topup', (path, method, body) => {
      if (path === '/api/topups') return { status: 200, body: topUps };
      if (path === '/api/topups/deposits' && method === 'POST') {
        submitted.push(body);
        return { status: 422, body: { code: 'topup.refused', error: 'Transaction 0xbb moves no USDC (token contract 0xA0b8). Only USDC on Ethereum tops up credits.' } };
      }
      return undefined;
    });
    expect((await screen.findByLabelText('Deposit address', undefined, SLOW)).textContent).toBe(topUps.depositAddress);
    expect(screen.getByText('Pending · 4 of 12 confirmations')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Transaction hash'), { target: { value: ' 0xbb ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('moves no USDC');
    expect(submitted).toEqual([{ txHash: '0xbb' }]);
  });

  it('links a wallet by pasting a signature of the message the server issued', async () => {
    const linked: unknown[] = [];
    renderAt('/topup', (path, method, body) => {
      if (path === '/api/topups') return { status: 200, body: topUps };
      if (path === '/api/topups/wallets/challenge') return { status: 200, body: { message: 'Link this wallet…\nNonce: 1', expiresAt: '2025-03-04T21:15:00Z' } };
      if (path === '/api/topups/wallets' && method === 'POST') {
        linked.push(body);
        return { status: 201, body: { wallet: { address: '0xAbC', linkedAt: '2025-03-04T21:01:00Z' } } };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign the message myself' }, SLOW));
    expect(((await screen.findByLabelText(/Message to sign/, undefined, SLOW)) as HTMLTextAreaElement).value).toBe('Link this wallet…\nNonce: 1');
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: '0xAbC' } });
    fireEvent.change(screen.getByLabelText('Signature'), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link this wallet' }));
    await waitFor(() => expect(linked).toEqual([{ message: 'Link this wallet…\nNonce: 1', address: '0xAbC', signature: '0x1234' }]));
  });

  it('says when top-ups are off', async () => {
    renderAt('/topup', (path) => (path === '/api/topups' ? { status: 200, body: { ...topUps, enabled: false, offMessage: 'USDC top-ups are off on this server.', depositAddress: null } } : undefined));
    expect((await screen.findByText('USDC top-ups are off on this server.', undefined, SLOW)).getAttribute('role')).toBe('status');
  });
});

describe('utf8Hex', () => {
  it('encodes the message as personal_sign takes it', () => {
    expect(utf8Hex('Hi é')).toBe('0x486920c3a9');
  });
});
