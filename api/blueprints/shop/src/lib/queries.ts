// The catalogue and orders through TanStack Query. Until the database is set up (or with no server
// at all), the catalogue is the sample one from shared/ and checkout is closed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewOrderInput, OrderSummary, ProductItem } from '../../shared/api-types';
import { sampleProductItems } from '../../shared/sample-data';
import { api, isNotSetUp } from '@/lib/api';

/** Where the catalogue on screen came from: the database, or the built-in samples while it is not set up. */
export type Source = 'database' | 'sample';

export function useProducts() {
  return useQuery({
    queryKey: ['products'],
    queryFn: async (): Promise<{ products: ProductItem[]; source: Source }> => {
      try {
        return { products: await api.get<ProductItem[]>('/api/products'), source: 'database' };
      } catch (error) {
        if (isNotSetUp(error)) return { products: sampleProductItems(), source: 'sample' };
        throw error;
      }
    },
  });
}

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewOrderInput) => api.post<OrderSummary>('/api/orders', input),
    // Stock changed: read the catalogue again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
