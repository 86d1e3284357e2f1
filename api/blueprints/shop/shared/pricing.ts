// Shipping rules shared by the cart (to show them) and the server (to charge them).
export const FREE_SHIPPING_FROM_CENTS = 7500;
export const SHIPPING_CENTS = 600;

export function shippingFor(subtotalCents: number): number {
  return subtotalCents === 0 || subtotalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
}
