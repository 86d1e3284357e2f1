// The JSON the API sends and accepts; the client and the server both use these.

export interface ProductItem {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  priceCents: number;
  stock: number;
  badge: string | null;
}

export interface CategoryCount {
  name: string;
  count: number;
}

export interface NewOrderInput {
  customer: { name: string; email: string; address: string };
  items: Array<{ productId: number; quantity: number }>;
}

export interface OrderSummary {
  id: number;
  customerName: string;
  email: string;
  status: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  createdAt: string;
  items: Array<{ productId: number; name: string; quantity: number; unitPriceCents: number }>;
}
