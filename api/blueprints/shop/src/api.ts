import type { NewOrderInput, OrderSummary, ProductItem } from '../shared/api-types';
import { sampleProductItems } from '../shared/sample-data';

/** Where the catalogue on screen came from: the database, or the built-in samples while it is not set up. */
export type Source = 'database' | 'sample';

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: init?.body ? { 'Content-Type': 'application/json' } : undefined });
  const type = response.headers.get('content-type') ?? '';
  // Without the API server (a static preview), /api answers with the HTML page.
  if (!type.includes('application/json')) throw new Error('The shop server is not running.');
  const data = await response.json();
  if (!response.ok) throw new Error((data as { error?: string }).error ?? 'Request failed (' + response.status + ')');
  return data as T;
}

export async function listProducts(): Promise<{ products: ProductItem[]; source: Source }> {
  try {
    return { products: await request<ProductItem[]>('/api/products'), source: 'database' };
  } catch {
    return { products: sampleProductItems(), source: 'sample' };
  }
}

export function placeOrder(input: NewOrderInput): Promise<OrderSummary> {
  return request<OrderSummary>('/api/orders', { method: 'POST', body: JSON.stringify(input) });
}
