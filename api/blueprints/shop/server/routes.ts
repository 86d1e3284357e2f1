import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { Router } from 'express';
import type { CategoryCount, NewOrderInput, OrderSummary, ProductItem } from '../shared/api-types';
import { shippingFor } from '../shared/pricing';
import { orderItems, orders, type Product, products } from '../shared/schema';
import { db } from './db';
import { HttpError } from './http-error';

export const apiRouter = Router();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toItem(product: Product): ProductItem {
  const { createdAt: _createdAt, ...item } = product;
  return item;
}

function requireText(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string' || !value.trim()) throw new HttpError(400, field + ' is required.');
  if (value.length > maxLength) throw new HttpError(400, field + ' must be at most ' + maxLength + ' characters.');
  return value.trim();
}

async function findOrder(id: number): Promise<OrderSummary> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new HttpError(404, 'No such order.');
  const lines = await db
    .select({ productId: orderItems.productId, name: products.name, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .innerJoin(products, eq(orderItems.productId, products.id))
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  return {
    id: order.id,
    customerName: order.customerName,
    email: order.email,
    status: order.status,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    createdAt: order.createdAt.toISOString(),
    items: lines,
  };
}

apiRouter.get('/products', async (req, res) => {
  const filters: SQL[] = [];
  if (typeof req.query.category === 'string' && req.query.category) filters.push(eq(products.category, req.query.category));
  if (typeof req.query.q === 'string' && req.query.q.trim()) {
    const pattern = '%' + req.query.q.trim().replace(/[%_]/g, '') + '%';
    filters.push(or(ilike(products.name, pattern), ilike(products.description, pattern))!);
  }
  const rows = await db.select().from(products).where(and(...filters)).orderBy(asc(products.id));
  res.json(rows.map(toItem));
});

apiRouter.get('/products/:slug', async (req, res) => {
  const [product] = await db.select().from(products).where(eq(products.slug, req.params.slug));
  if (!product) throw new HttpError(404, 'No such product.');
  res.json(toItem(product));
});

apiRouter.get('/categories', async (_req, res) => {
  const rows: CategoryCount[] = await db
    .select({ name: products.category, count: count() })
    .from(products)
    .groupBy(products.category)
    .orderBy(asc(products.category));
  res.json(rows);
});

apiRouter.post('/orders', async (req, res) => {
  const input = (req.body ?? {}) as Partial<NewOrderInput>;
  const name = requireText(input.customer?.name, 'Name', 120);
  const email = requireText(input.customer?.email, 'Email', 200);
  if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, 'Enter a valid email address.');
  const address = requireText(input.customer?.address, 'Address', 500);
  const lines = Array.isArray(input.items) ? input.items : [];
  if (lines.length === 0) throw new HttpError(400, 'The cart is empty.');
  for (const line of lines) {
    if (!Number.isInteger(line.productId) || !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 20) {
      throw new HttpError(400, 'Each item needs a product and a quantity from 1 to 20.');
    }
  }

  const orderId = await db.transaction(async (tx) => {
    const ids = lines.map((line) => line.productId);
    // Lock the rows so two checkouts cannot sell the same last item.
    const found = await tx.select().from(products).where(inArray(products.id, ids)).for('update');
    const byId = new Map(found.map((product) => [product.id, product]));
    let subtotal = 0;
    for (const line of lines) {
      const product = byId.get(line.productId);
      if (!product) throw new HttpError(400, 'A product in your cart no longer exists.');
      if (product.stock < line.quantity) throw new HttpError(409, 'Only ' + product.stock + ' × ' + product.name + ' left in stock.');
      subtotal += product.priceCents * line.quantity;
    }
    const shipping = shippingFor(subtotal);
    const [order] = await tx
      .insert(orders)
      .values({ customerName: name, email, address, subtotalCents: subtotal, shippingCents: shipping, totalCents: subtotal + shipping })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((line) => ({ orderId: order.id, productId: line.productId, quantity: line.quantity, unitPriceCents: byId.get(line.productId)!.priceCents })),
    );
    for (const line of lines) {
      await tx.update(products).set({ stock: sql`${products.stock} - ${line.quantity}` }).where(eq(products.id, line.productId));
    }
    return order.id;
  });
  res.status(201).json(await findOrder(orderId));
});

apiRouter.get('/orders/:id', async (req, res) => {
  const id = Number(req.params.id);
  if (!Number.isInteger(id)) throw new HttpError(404, 'No such order.');
  res.json(await findOrder(id));
});
