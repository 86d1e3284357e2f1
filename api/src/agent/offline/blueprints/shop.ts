// An online shop with a database: products and orders in PostgreSQL through Drizzle, an Express
// API that prices and stocks orders on the server, and a React storefront with a cart drawer and
// checkout. The catalogue follows the description's words (coffee, clothing, plants, home goods).
import { type BlueprintContext, type ProjectFiles, hasAnyWord, js } from './blueprint-context.js';
import { type TableModel } from './data-model.js';
import { type ApiEndpoint, assembleProject } from './scaffold.js';
import { tsLiteral } from './ts-literal.js';

const TABLES: TableModel[] = [
  {
    name: 'products',
    rowType: 'Product',
    columns: [
      { name: 'id', kind: 'serial', primaryKey: true },
      { name: 'slug', kind: 'varchar', length: 120, notNull: true, unique: true },
      { name: 'name', kind: 'varchar', length: 160, notNull: true },
      { name: 'description', kind: 'text', notNull: true },
      { name: 'category', kind: 'varchar', length: 60, notNull: true },
      { name: 'price_cents', kind: 'integer', notNull: true },
      { name: 'stock', kind: 'integer', notNull: true, defaultValue: 0 },
      { name: 'badge', kind: 'varchar', length: 40 },
      { name: 'created_at', kind: 'timestamp', notNull: true, defaultNow: true },
    ],
  },
  {
    name: 'orders',
    rowType: 'Order',
    columns: [
      { name: 'id', kind: 'serial', primaryKey: true },
      { name: 'customer_name', kind: 'varchar', length: 120, notNull: true },
      { name: 'email', kind: 'varchar', length: 200, notNull: true },
      { name: 'address', kind: 'text', notNull: true },
      { name: 'subtotal_cents', kind: 'integer', notNull: true },
      { name: 'shipping_cents', kind: 'integer', notNull: true, defaultValue: 0 },
      { name: 'total_cents', kind: 'integer', notNull: true },
      { name: 'status', kind: 'varchar', length: 20, notNull: true, defaultValue: 'received' },
      { name: 'created_at', kind: 'timestamp', notNull: true, defaultNow: true },
    ],
  },
  {
    name: 'order_items',
    rowType: 'OrderItem',
    columns: [
      { name: 'id', kind: 'serial', primaryKey: true },
      { name: 'order_id', kind: 'integer', notNull: true, references: { table: 'orders', column: 'id', onDelete: 'cascade' } },
      { name: 'product_id', kind: 'integer', notNull: true, references: { table: 'products', column: 'id', onDelete: 'restrict' } },
      { name: 'quantity', kind: 'integer', notNull: true },
      { name: 'unit_price_cents', kind: 'integer', notNull: true },
    ],
  },
];

const ENDPOINTS: ApiEndpoint[] = [
  { method: 'GET', path: '/api/health', summary: 'Whether the server is up and the database configured' },
  { method: 'GET', path: '/api/products?category=&q=', summary: 'The catalogue, optionally by category or search text' },
  { method: 'GET', path: '/api/products/:slug', summary: 'One product' },
  { method: 'GET', path: '/api/categories', summary: 'Categories with product counts' },
  { method: 'POST', path: '/api/orders', summary: 'Place an order: `{ customer: { name, email, address }, items: [{ productId, quantity }] }`; prices and stock are checked on the server' },
  { method: 'GET', path: '/api/orders/:id', summary: 'An order with its lines' },
];

type SampleProduct = { slug: string; name: string; description: string; category: string; priceCents: number; stock: number; badge: string | null };
type Catalogue = { label: string; title: string; tagline: string; categoryIcons: Record<string, string>; products: SampleProduct[] };

const HOME_GOODS: Catalogue = {
  label: 'home goods',
  title: 'Common Goods',
  tagline: 'Thoughtfully made everyday goods, shipped carbon-neutral.',
  categoryIcons: { Kitchen: 'CookingPot', Home: 'Lamp', Living: 'Sofa', Accessories: 'ShoppingBag' },
  products: [
    { slug: 'stoneware-mug', name: 'Stoneware Mug', description: 'Hand-thrown in small batches with a speckled glaze. Holds 12 oz and keeps coffee warm longer.', category: 'Kitchen', priceCents: 2800, stock: 42, badge: 'Best seller' },
    { slug: 'pour-over-set', name: 'Ceramic Pour-Over Set', description: 'A dripper, carafe and two cups for a slow, perfect brew. Dishwasher safe.', category: 'Kitchen', priceCents: 6800, stock: 15, badge: null },
    { slug: 'walnut-serving-board', name: 'Walnut Serving Board', description: 'Solid American walnut, finished with food-safe oil. Made to be handed down.', category: 'Kitchen', priceCents: 8400, stock: 9, badge: 'Handmade' },
    { slug: 'linen-throw', name: 'Washed Linen Throw', description: 'Stonewashed European flax linen that gets softer with every wash. 130 × 170 cm.', category: 'Living', priceCents: 11800, stock: 18, badge: null },
    { slug: 'wool-floor-cushion', name: 'Wool Floor Cushion', description: 'A generous pouf in undyed wool felt, filled with recycled fibre. Surprisingly sturdy.', category: 'Living', priceCents: 9600, stock: 6, badge: 'New' },
    { slug: 'beeswax-candles', name: 'Beeswax Candle Trio', description: 'Three hand-dipped pure beeswax candles with cotton wicks. Clean, slow burning, faintly honeyed.', category: 'Home', priceCents: 3200, stock: 60, badge: null },
    { slug: 'brass-desk-lamp', name: 'Brass Desk Lamp', description: 'Solid brass with an adjustable arm and a warm 2700K LED. It will patina beautifully.', category: 'Home', priceCents: 16500, stock: 4, badge: 'Low stock' },
    { slug: 'terracotta-planter', name: 'Terracotta Planter', description: 'Unglazed, breathable terracotta with a drainage hole and saucer. 18 cm diameter.', category: 'Home', priceCents: 3600, stock: 25, badge: null },
    { slug: 'canvas-tote', name: 'Waxed Canvas Tote', description: 'Water-resistant waxed cotton with leather handles and an inside pocket for keys.', category: 'Accessories', priceCents: 5400, stock: 30, badge: null },
    { slug: 'olive-wood-spoons', name: 'Olive Wood Spoon Set', description: 'Three spoons carved from Tunisian olive wood offcuts. Naturally antibacterial.', category: 'Kitchen', priceCents: 2600, stock: 0, badge: null },
  ],
};

const COFFEE: Catalogue = {
  label: 'coffee',
  title: 'Ember Roasters',
  tagline: 'Specialty coffee, roasted this week and delivered to your door.',
  categoryIcons: { Beans: 'Bean', Brewing: 'Coffee', Gifts: 'Gift' },
  products: [
    { slug: 'house-espresso', name: 'House Espresso Blend', description: 'Brazil and Colombia, roasted medium-dark. Chocolate, toasted hazelnut and a syrupy body. 250 g.', category: 'Beans', priceCents: 1600, stock: 80, badge: 'Best seller' },
    { slug: 'ethiopia-guji', name: 'Ethiopia Guji Natural', description: 'Blueberry, jasmine and bergamot. A bright, fruity single origin for filter. 250 g.', category: 'Beans', priceCents: 1900, stock: 35, badge: 'New crop' },
    { slug: 'colombia-huila', name: 'Colombia Huila', description: 'Red apple, caramel and a clean finish. Balanced enough for any brew method. 250 g.', category: 'Beans', priceCents: 1700, stock: 40, badge: null },
    { slug: 'decaf-sugarcane', name: 'Sugarcane Decaf', description: 'Naturally decaffeinated with sugarcane ethyl acetate. All the flavour, none of the jitters. 250 g.', category: 'Beans', priceCents: 1700, stock: 22, badge: null },
    { slug: 'ceramic-dripper', name: 'Ceramic Dripper', description: 'A classic cone dripper in matte stoneware. Fits most mugs and carafes.', category: 'Brewing', priceCents: 3200, stock: 14, badge: null },
    { slug: 'gooseneck-kettle', name: 'Gooseneck Kettle', description: 'Precise pouring with a thermometer in the lid. Works on gas, electric and induction.', category: 'Brewing', priceCents: 6900, stock: 8, badge: null },
    { slug: 'hand-grinder', name: 'Burr Hand Grinder', description: 'Stainless steel conical burrs with 30 click settings, from espresso to cold brew.', category: 'Brewing', priceCents: 8900, stock: 5, badge: 'Low stock' },
    { slug: 'subscription-gift', name: 'Three-Month Gift Subscription', description: 'A fresh single origin delivered every month for three months, with tasting notes.', category: 'Gifts', priceCents: 5400, stock: 100, badge: 'Gift' },
  ],
};

const APPAREL: Catalogue = {
  label: 'clothing',
  title: 'Threadline',
  tagline: 'Well-made everyday clothing, designed to be worn for years.',
  categoryIcons: { Tops: 'Shirt', Outerwear: 'Wind', Accessories: 'Glasses' },
  products: [
    { slug: 'heavyweight-tee', name: 'Heavyweight Tee', description: '240 gsm organic cotton with a relaxed fit and a ribbed collar that keeps its shape.', category: 'Tops', priceCents: 3800, stock: 64, badge: 'Best seller' },
    { slug: 'merino-crew', name: 'Merino Crew Sweater', description: 'Fine-gauge merino wool that breathes in summer and layers in winter. Machine washable.', category: 'Tops', priceCents: 9800, stock: 20, badge: null },
    { slug: 'oxford-shirt', name: 'Oxford Button-Down', description: 'A wardrobe staple in soft-washed oxford cloth with mother-of-pearl buttons.', category: 'Tops', priceCents: 7800, stock: 26, badge: null },
    { slug: 'chore-jacket', name: 'Canvas Chore Jacket', description: 'Durable cotton canvas with four patch pockets, corozo buttons and a blanket lining.', category: 'Outerwear', priceCents: 16800, stock: 7, badge: 'New' },
    { slug: 'rain-shell', name: 'Packable Rain Shell', description: 'Fully taped seams, 10k waterproofing and it folds into its own pocket.', category: 'Outerwear', priceCents: 14500, stock: 12, badge: null },
    { slug: 'wool-beanie', name: 'Ribbed Wool Beanie', description: 'Knitted in Scotland from lambswool. One size, generous turn-up.', category: 'Accessories', priceCents: 3400, stock: 45, badge: null },
    { slug: 'leather-belt', name: 'Vegetable-Tanned Belt', description: 'Full-grain leather with a solid brass buckle. It will age with you.', category: 'Accessories', priceCents: 6200, stock: 3, badge: 'Low stock' },
    { slug: 'sunglasses', name: 'Acetate Sunglasses', description: 'Handmade Italian acetate frames with polarised, UV400 lenses.', category: 'Accessories', priceCents: 12000, stock: 10, badge: null },
  ],
};

const PLANTS: Catalogue = {
  label: 'plants',
  title: 'Greenhouse Co.',
  tagline: 'Healthy houseplants and everything they need, delivered.',
  categoryIcons: { Plants: 'Sprout', Pots: 'Flower2', Care: 'Droplets' },
  products: [
    { slug: 'monstera-deliciosa', name: 'Monstera Deliciosa', description: 'The classic Swiss cheese plant. Bright, indirect light and a drink every week or so. 60 cm tall.', category: 'Plants', priceCents: 4800, stock: 14, badge: 'Best seller' },
    { slug: 'snake-plant', name: 'Snake Plant', description: 'Nearly indestructible and happy in low light. Perfect for beginners and busy people.', category: 'Plants', priceCents: 3200, stock: 30, badge: 'Easy care' },
    { slug: 'fiddle-leaf-fig', name: 'Fiddle Leaf Fig', description: 'A statement tree with glossy, violin-shaped leaves. Loves a bright spot and routine.', category: 'Plants', priceCents: 8900, stock: 5, badge: 'Low stock' },
    { slug: 'pothos-golden', name: 'Golden Pothos', description: 'Trailing heart-shaped leaves marbled with gold. Great on a shelf or in a hanging pot.', category: 'Plants', priceCents: 2200, stock: 40, badge: null },
    { slug: 'calathea-orbifolia', name: 'Calathea Orbifolia', description: 'Broad, silver-striped leaves that fold up at night. Likes humidity and filtered water.', category: 'Plants', priceCents: 3900, stock: 9, badge: 'New' },
    { slug: 'terracotta-pot', name: 'Terracotta Pot & Saucer', description: 'Breathable, unglazed terracotta that keeps roots healthy. 17 cm.', category: 'Pots', priceCents: 1800, stock: 50, badge: null },
    { slug: 'glazed-planter', name: 'Glazed Ceramic Planter', description: 'A reactive glaze makes every piece unique. Drainage hole and cork plug included.', category: 'Pots', priceCents: 4200, stock: 16, badge: null },
    { slug: 'plant-food', name: 'Organic Plant Food', description: 'A gentle liquid feed for leafy houseplants. One capful per litre, every two weeks.', category: 'Care', priceCents: 1400, stock: 70, badge: null },
  ],
};

export function shopDefaults(words: ReadonlySet<string>) {
  const catalogue = catalogueFor(words);
  return {
    title: catalogue.title,
    tagline: catalogue.tagline,
    palette: catalogue === COFFEE ? { primary: '#7c2d12', accent: '#d97706', scheme: 'light' as const, background: '#fdf8f3' } : { primary: '#0f766e', accent: '#f97316', scheme: 'light' as const },
    kind: 'an online shop with a database',
  };
}

function catalogueFor(words: ReadonlySet<string>): Catalogue {
  if (hasAnyWord(words, ['coffee', 'espresso', 'roaster', 'roastery', 'beans', 'tea'])) return COFFEE;
  if (hasAnyWord(words, ['clothing', 'clothes', 'apparel', 'fashion', 'shirt', 't-shirt', 'streetwear', 'wear', 'jacket', 'hoodie'])) return APPAREL;
  if (hasAnyWord(words, ['plant', 'houseplant', 'nursery', 'garden', 'succulent', 'cactus', 'cacti', 'botanical', 'flower', 'florist'])) return PLANTS;
  return HOME_GOODS;
}

const API_TYPES_TS = `// The JSON the API sends and accepts; the client and the server both use these.

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
`;

const PRICING_TS = `// Shipping rules shared by the cart (to show them) and the server (to charge them).
export const FREE_SHIPPING_FROM_CENTS = 7500;
export const SHIPPING_CENTS = 600;

export function shippingFor(subtotalCents: number): number {
  return subtotalCents === 0 || subtotalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
}
`;

function sampleDataTs(catalogue: Catalogue): string {
  return `// Sample catalogue: db/seed.ts loads it into the database, and the storefront shows it until the
// database is set up.
import type { ProductItem } from './api-types';

export const sampleProducts: Array<Omit<ProductItem, 'id'>> = ${tsLiteral(catalogue.products)};

export function sampleProductItems(): ProductItem[] {
  return sampleProducts.map((product, index) => ({ id: index + 1, ...product }));
}
`;
}

const SEED_TS = `// Loads the sample catalogue. Safe to run again: it skips a database that has products.
import { count } from 'drizzle-orm';
import { databaseUrl, db, pool } from '../server/db';
import { sampleProducts } from '../shared/sample-data';
import { products } from '../shared/schema';

if (!databaseUrl) {
  console.error('DATABASE_URL is not set: copy .env.example to .env and fill it in, or initialize the database in Forge.');
  process.exit(1);
}

try {
  const [{ existing }] = await db.select({ existing: count() }).from(products);
  if (existing > 0) {
    console.log('The database already has ' + existing + ' products; nothing to seed.');
  } else {
    await db.insert(products).values(sampleProducts);
    console.log('Seeded ' + sampleProducts.length + ' products.');
  }
} finally {
  await pool.end();
}
`;

const ROUTES_TS = `import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { Router } from 'express';
import type { CategoryCount, NewOrderInput, OrderSummary, ProductItem } from '../shared/api-types';
import { shippingFor } from '../shared/pricing';
import { orderItems, orders, type Product, products } from '../shared/schema';
import { db } from './db';
import { HttpError } from './http-error';

export const apiRouter = Router();

const EMAIL_PATTERN = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;

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
      await tx.update(products).set({ stock: sql\`\${products.stock} - \${line.quantity}\` }).where(eq(products.id, line.productId));
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
`;

const CLIENT_API_TS = `import type { NewOrderInput, OrderSummary, ProductItem } from '../shared/api-types';
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
`;

const MONEY_TS = `const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatPrice(cents: number): string {
  return formatter.format(cents / 100);
}
`;

function productArtTsx(catalogue: Catalogue): string {
  const icons = [...new Set(Object.values(catalogue.categoryIcons))].sort();
  const mapping = Object.entries(catalogue.categoryIcons)
    .map(([category, icon]) => `  ${/^[A-Za-z]+$/.test(category) ? category : `'${category}'`}: ${icon},`)
    .join('\n');
  return `import { ${[...icons, 'Package', 'type LucideIcon'].join(', ')} } from 'lucide-react';

const CATEGORY_ICONS: Record<string, LucideIcon> = {
${mapping}
};

/** A product picture without image files: a tinted panel with the category's icon. */
export function ProductArt({ category, seed, size = 56 }: { category: string; seed: number; size?: number }) {
  const Icon = CATEGORY_ICONS[category] ?? Package;
  return (
    <div className={'product-art tint-' + (seed % 4)} aria-hidden="true">
      <Icon size={size} strokeWidth={1.4} />
    </div>
  );
}
`;
}

const CART_TS = `import { useEffect, useState } from 'react';
import type { ProductItem } from '../shared/api-types';

export interface CartLine {
  product: ProductItem;
  quantity: number;
}

const STORAGE_KEY = 'cart:v1';

function load(): CartLine[] {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as CartLine[]) : [];
  } catch {
    return [];
  }
}

/** The cart, kept in this browser's storage so it survives a reload. */
export function useCart() {
  const [lines, setLines] = useState<CartLine[]>(load);

  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
    } catch {
      // Storage full or blocked: the cart still works for this visit.
    }
  }, [lines]);

  function add(product: ProductItem, quantity = 1) {
    setLines((current) => {
      const existing = current.find((line) => line.product.id === product.id);
      if (!existing) return [...current, { product, quantity: Math.min(quantity, product.stock) }];
      return current.map((line) =>
        line.product.id === product.id ? { ...line, quantity: Math.min(line.quantity + quantity, product.stock) } : line,
      );
    });
  }

  function setQuantity(productId: number, quantity: number) {
    setLines((current) =>
      quantity <= 0
        ? current.filter((line) => line.product.id !== productId)
        : current.map((line) => (line.product.id === productId ? { ...line, quantity: Math.min(quantity, line.product.stock) } : line)),
    );
  }

  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.product.priceCents, 0);
  return { lines, count, subtotalCents, add, setQuantity, clear: () => setLines([]) };
}

export type Cart = ReturnType<typeof useCart>;
`;

function appTsx(ctx: BlueprintContext): string {
  return `import { RotateCcw, Search, ShieldCheck, ShoppingBag, Truck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { ProductItem } from '../shared/api-types';
import { FREE_SHIPPING_FROM_CENTS } from '../shared/pricing';
import { listProducts, type Source } from './api';
import { useCart } from './cart';
import { CartDrawer } from './components/CartDrawer';
import { ProductCard } from './components/ProductCard';
import { ProductDialog } from './components/ProductDialog';
import { formatPrice } from './lib/money';
import './app.css';

const SHOP_NAME = ${js(ctx.title)};
const TAGLINE = ${js(ctx.tagline)};

type SortOrder = 'featured' | 'price-asc' | 'price-desc' | 'name';

export function App() {
  const cart = useCart();
  const [products, setProducts] = useState<ProductItem[] | null>(null);
  const [source, setSource] = useState<Source>('database');
  const [category, setCategory] = useState('All');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder>('featured');
  const [selected, setSelected] = useState<ProductItem | null>(null);
  const [cartOpen, setCartOpen] = useState(false);

  useEffect(() => {
    listProducts().then((result) => {
      setProducts(result.products);
      setSource(result.source);
    });
  }, []);

  const categories = useMemo(() => ['All', ...new Set((products ?? []).map((p) => p.category))], [products]);

  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const list = (products ?? [])
      .filter((p) => category === 'All' || p.category === category)
      .filter((p) => !needle || (p.name + ' ' + p.description).toLowerCase().includes(needle));
    if (sort === 'price-asc') return [...list].sort((a, b) => a.priceCents - b.priceCents);
    if (sort === 'price-desc') return [...list].sort((a, b) => b.priceCents - a.priceCents);
    if (sort === 'name') return [...list].sort((a, b) => a.name.localeCompare(b.name));
    return list;
  }, [products, category, query, sort]);

  function addToCart(product: ProductItem, quantity = 1) {
    cart.add(product, quantity);
    setCartOpen(true);
  }

  return (
    <div className="shop">
      <div className="announcement">
        <Truck size={16} aria-hidden="true" /> Free shipping on orders over {formatPrice(FREE_SHIPPING_FROM_CENTS)}
      </div>
      <header className="shop-header">
        <div className="container shop-header-inner">
          <a className="shop-logo" href="#">
            {SHOP_NAME}
          </a>
          <label className="search">
            <Search size={18} aria-hidden="true" />
            <span className="visually-hidden">Search products</span>
            <input className="input" type="search" placeholder="Search products" value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <button className="cart-button" type="button" onClick={() => setCartOpen(true)} aria-label={'Open cart, ' + cart.count + ' items'}>
            <ShoppingBag size={22} aria-hidden="true" />
            {cart.count > 0 && <span className="cart-count">{cart.count}</span>}
          </button>
        </div>
      </header>

      <section className="hero">
        <div className="container hero-inner">
          <div>
            <span className="eyebrow">New season, new favourites</span>
            <h1>{TAGLINE}</h1>
            <a className="btn btn-primary" href="#catalogue">
              Shop the collection
            </a>
          </div>
          <ul className="promises card">
            <li>
              <Truck size={22} aria-hidden="true" />
              <span>
                <strong>Free shipping</strong> on orders over {formatPrice(FREE_SHIPPING_FROM_CENTS)}
              </span>
            </li>
            <li>
              <RotateCcw size={22} aria-hidden="true" />
              <span>
                <strong>30-day returns</strong>, no questions asked
              </span>
            </li>
            <li>
              <ShieldCheck size={22} aria-hidden="true" />
              <span>
                <strong>Secure checkout</strong> and order tracking
              </span>
            </li>
          </ul>
        </div>
      </section>

      <main className="container" id="catalogue">
        {source === 'sample' && (
          <p className="sample-notice" role="status">
            Showing the sample catalogue: the database is not set up yet. Initialize it to take real orders.
          </p>
        )}
        <div className="catalogue-bar">
          <div className="chips" role="group" aria-label="Categories">
            {categories.map((name) => (
              <button key={name} type="button" aria-pressed={category === name} onClick={() => setCategory(name)}>
                {name}
              </button>
            ))}
          </div>
          <select className="input sort" aria-label="Sort products" value={sort} onChange={(e) => setSort(e.target.value as SortOrder)}>
            <option value="featured">Featured</option>
            <option value="price-asc">Price: low to high</option>
            <option value="price-desc">Price: high to low</option>
            <option value="name">Name</option>
          </select>
        </div>
        {products === null ? (
          <p className="empty">Loading products…</p>
        ) : visible.length === 0 ? (
          <p className="empty">No products match your search.</p>
        ) : (
          <div className="product-grid">
            {visible.map((product) => (
              <ProductCard key={product.id} product={product} onOpen={() => setSelected(product)} onAdd={() => addToCart(product)} />
            ))}
          </div>
        )}
      </main>

      <footer className="shop-footer">
        <div className="container">
          <strong>{SHOP_NAME}</strong>
          <span className="muted">Free returns within 30 days · Secure checkout · Carbon-neutral shipping</span>
        </div>
      </footer>

      {selected && <ProductDialog product={selected} onClose={() => setSelected(null)} onAdd={(quantity) => addToCart(selected, quantity)} />}
      <CartDrawer cart={cart} open={cartOpen} onClose={() => setCartOpen(false)} canCheckout={source === 'database'} />
    </div>
  );
}
`;
}

const PRODUCT_CARD = `import { Plus } from 'lucide-react';
import type { ProductItem } from '../../shared/api-types';
import { formatPrice } from '../lib/money';
import { ProductArt } from './ProductArt';

interface Props {
  product: ProductItem;
  onOpen: () => void;
  onAdd: () => void;
}

export function ProductCard({ product, onOpen, onAdd }: Props) {
  const soldOut = product.stock === 0;
  return (
    <article className="product-card">
      <button className="product-card-image" type="button" onClick={onOpen} aria-label={'View ' + product.name}>
        <ProductArt category={product.category} seed={product.id} />
        {product.badge && <span className="product-badge">{product.badge}</span>}
      </button>
      <div className="product-card-body">
        <span className="muted small">{product.category}</span>
        <h3>
          <button type="button" className="link-button" onClick={onOpen}>
            {product.name}
          </button>
        </h3>
        <div className="product-card-footer">
          <strong>{formatPrice(product.priceCents)}</strong>
          <button className="btn btn-outline btn-small" type="button" onClick={onAdd} disabled={soldOut}>
            {soldOut ? (
              'Sold out'
            ) : (
              <>
                <Plus size={16} aria-hidden="true" /> Add
              </>
            )}
          </button>
        </div>
        {!soldOut && product.stock <= 5 && <span className="stock-note">Only {product.stock} left</span>}
      </div>
    </article>
  );
}
`;

const PRODUCT_DIALOG = `import { Minus, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ProductItem } from '../../shared/api-types';
import { formatPrice } from '../lib/money';
import { ProductArt } from './ProductArt';

interface Props {
  product: ProductItem;
  onClose: () => void;
  onAdd: (quantity: number) => void;
}

export function ProductDialog({ product, onClose, onAdd }: Props) {
  const [quantity, setQuantity] = useState(1);
  const soldOut = product.stock === 0;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="overlay" onClick={onClose}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="product-title" onClick={(e) => e.stopPropagation()}>
        <button className="icon-button dialog-close" type="button" aria-label="Close" onClick={onClose}>
          <X size={20} />
        </button>
        <ProductArt category={product.category} seed={product.id} size={96} />
        <div className="dialog-body">
          <span className="muted small">{product.category}</span>
          <h2 id="product-title">{product.name}</h2>
          <strong className="dialog-price">{formatPrice(product.priceCents)}</strong>
          <p>{product.description}</p>
          <p className="muted small">{soldOut ? 'Sold out: back soon.' : product.stock <= 5 ? 'Only ' + product.stock + ' left in stock.' : 'In stock, ships in 1–2 days.'}</p>
          <div className="dialog-actions">
            <div className="stepper" aria-label="Quantity">
              <button type="button" aria-label="Fewer" onClick={() => setQuantity((q) => Math.max(1, q - 1))} disabled={soldOut}>
                <Minus size={16} />
              </button>
              <span>{quantity}</span>
              <button type="button" aria-label="More" onClick={() => setQuantity((q) => Math.min(product.stock, q + 1))} disabled={soldOut}>
                <Plus size={16} />
              </button>
            </div>
            <button
              className="btn btn-primary"
              type="button"
              disabled={soldOut}
              onClick={() => {
                onAdd(quantity);
                onClose();
              }}
            >
              Add to cart · {formatPrice(product.priceCents * quantity)}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
`;

const CART_DRAWER = `import { CircleCheck, Minus, Plus, ShoppingBag, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { OrderSummary } from '../../shared/api-types';
import { FREE_SHIPPING_FROM_CENTS, shippingFor } from '../../shared/pricing';
import { placeOrder } from '../api';
import type { Cart } from '../cart';
import { formatPrice } from '../lib/money';
import { ProductArt } from './ProductArt';

interface Props {
  cart: Cart;
  open: boolean;
  onClose: () => void;
  canCheckout: boolean;
}

type Step = 'cart' | 'checkout' | 'done';

export function CartDrawer({ cart, open, onClose, canCheckout }: Props) {
  const [step, setStep] = useState<Step>('cart');
  const [customer, setCustomer] = useState({ name: '', email: '', address: '' });
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [order, setOrder] = useState<OrderSummary | null>(null);

  const shipping = shippingFor(cart.subtotalCents);
  const toFreeShipping = FREE_SHIPPING_FROM_CENTS - cart.subtotalCents;

  function close() {
    onClose();
    if (step === 'done') setStep('cart');
  }

  async function handleCheckout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPlacing(true);
    setError(null);
    try {
      const placed = await placeOrder({
        customer,
        items: cart.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
      });
      setOrder(placed);
      cart.clear();
      setStep('done');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The order could not be placed.');
    } finally {
      setPlacing(false);
    }
  }

  return (
    <>
      {open && <div className="overlay" onClick={close} aria-hidden="true" />}
      <aside className={open ? 'drawer open' : 'drawer'} aria-label="Shopping cart" aria-hidden={!open}>
        <header className="drawer-header">
          <h2>{step === 'checkout' ? 'Checkout' : step === 'done' ? 'Thank you!' : 'Your cart'}</h2>
          <button className="icon-button" type="button" aria-label="Close cart" onClick={close}>
            <X size={20} />
          </button>
        </header>

        {step === 'done' && order && (
          <div className="drawer-body confirmation">
            <CircleCheck size={48} aria-hidden="true" />
            <p>
              Order <strong>#{order.id}</strong> is confirmed. A receipt is on its way to {order.email}.
            </p>
            <ul className="summary-lines">
              {order.items.map((item) => (
                <li key={item.productId}>
                  <span>
                    {item.quantity} × {item.name}
                  </span>
                  <span>{formatPrice(item.quantity * item.unitPriceCents)}</span>
                </li>
              ))}
              <li>
                <span>Shipping</span>
                <span>{order.shippingCents === 0 ? 'Free' : formatPrice(order.shippingCents)}</span>
              </li>
              <li className="total">
                <span>Total</span>
                <span>{formatPrice(order.totalCents)}</span>
              </li>
            </ul>
            <button className="btn btn-primary" type="button" onClick={close}>
              Keep shopping
            </button>
          </div>
        )}

        {step !== 'done' && cart.lines.length === 0 && (
          <div className="drawer-body empty-cart">
            <ShoppingBag size={40} aria-hidden="true" />
            <p>Your cart is empty.</p>
            <button className="btn btn-outline" type="button" onClick={close}>
              Browse products
            </button>
          </div>
        )}

        {step === 'cart' && cart.lines.length > 0 && (
          <>
            <div className="drawer-body">
              <p className="shipping-note">
                {toFreeShipping > 0 ? 'Add ' + formatPrice(toFreeShipping) + ' more for free shipping.' : 'You have free shipping!'}
              </p>
              <ul className="cart-lines">
                {cart.lines.map((line) => (
                  <li key={line.product.id} className="cart-line">
                    <ProductArt category={line.product.category} seed={line.product.id} size={28} />
                    <div>
                      <strong>{line.product.name}</strong>
                      <span className="muted small">{formatPrice(line.product.priceCents)}</span>
                      <div className="stepper stepper-small">
                        <button type="button" aria-label="Fewer" onClick={() => cart.setQuantity(line.product.id, line.quantity - 1)}>
                          <Minus size={14} />
                        </button>
                        <span>{line.quantity}</span>
                        <button type="button" aria-label="More" onClick={() => cart.setQuantity(line.product.id, line.quantity + 1)}>
                          <Plus size={14} />
                        </button>
                      </div>
                    </div>
                    <strong>{formatPrice(line.product.priceCents * line.quantity)}</strong>
                  </li>
                ))}
              </ul>
            </div>
            <footer className="drawer-footer">
              <div className="summary-row">
                <span>Subtotal</span>
                <strong>{formatPrice(cart.subtotalCents)}</strong>
              </div>
              <div className="summary-row muted">
                <span>Shipping</span>
                <span>{shipping === 0 ? 'Free' : formatPrice(shipping)}</span>
              </div>
              <button className="btn btn-primary" type="button" onClick={() => setStep('checkout')} disabled={!canCheckout}>
                Checkout · {formatPrice(cart.subtotalCents + shipping)}
              </button>
              {!canCheckout && <p className="muted small">Checkout opens once the shop's database is set up.</p>}
            </footer>
          </>
        )}

        {step === 'checkout' && cart.lines.length > 0 && (
          <form className="drawer-body checkout" onSubmit={handleCheckout}>
            <label className="field">
              Full name
              <input className="input" required value={customer.name} onChange={(e) => setCustomer({ ...customer, name: e.target.value })} />
            </label>
            <label className="field">
              Email
              <input className="input" type="email" required value={customer.email} onChange={(e) => setCustomer({ ...customer, email: e.target.value })} />
            </label>
            <label className="field">
              Shipping address
              <textarea className="input" required rows={3} value={customer.address} onChange={(e) => setCustomer({ ...customer, address: e.target.value })} />
            </label>
            {error && <p className="form-error">{error}</p>}
            <button className="btn btn-primary" type="submit" disabled={placing}>
              {placing ? 'Placing order…' : 'Place order · ' + formatPrice(cart.subtotalCents + shipping)}
            </button>
            <button className="btn btn-ghost" type="button" onClick={() => setStep('cart')}>
              Back to cart
            </button>
          </form>
        )}
      </aside>
    </>
  );
}
`;

const APP_CSS = `.small {
  font-size: 0.85rem;
}

.announcement {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 0.5rem 1rem;
  background: var(--color-text);
  color: var(--color-bg);
  font-size: 0.85rem;
  font-weight: 500;
}

.shop-header {
  position: sticky;
  top: 0;
  z-index: 10;
  background: color-mix(in srgb, var(--color-surface) 92%, transparent);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid var(--color-border);
}

.shop-header-inner {
  display: flex;
  align-items: center;
  gap: 1.5rem;
  min-height: 4.25rem;
}

.shop-logo {
  color: var(--color-text);
  font-size: 1.35rem;
  font-weight: 800;
  letter-spacing: -0.03em;
  white-space: nowrap;
}

.shop-logo:hover {
  text-decoration: none;
}

.search {
  position: relative;
  flex: 1;
  max-width: 28rem;
  margin-left: auto;
}

.search svg {
  position: absolute;
  top: 50%;
  left: 0.85rem;
  transform: translateY(-50%);
  color: var(--color-muted);
}

.search .input {
  padding-left: 2.5rem;
  border-radius: 999px;
}

.cart-button {
  position: relative;
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
  cursor: pointer;
}

.cart-count {
  position: absolute;
  top: -4px;
  right: -4px;
  min-width: 1.3rem;
  height: 1.3rem;
  padding: 0 0.3rem;
  border-radius: 999px;
  background: var(--color-accent);
  color: #fff;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.3rem;
  text-align: center;
}

.hero {
  padding: 4.5rem 0;
  background:
    radial-gradient(30rem 18rem at 90% 20%, color-mix(in srgb, var(--color-accent) 22%, transparent), transparent 70%),
    linear-gradient(135deg, var(--color-primary-soft), var(--color-bg));
}

.hero-inner {
  display: grid;
  grid-template-columns: 1.6fr 1fr;
  gap: 3rem;
  align-items: center;
}

.promises {
  display: grid;
  gap: 1.1rem;
  margin: 0;
  padding: 1.5rem;
  list-style: none;
  box-shadow: var(--shadow);
}

.promises li {
  display: flex;
  gap: 0.8rem;
  align-items: flex-start;
}

.promises svg {
  flex: none;
  color: var(--color-primary-text);
}

.hero h1 {
  max-width: 36rem;
  margin: 0.75rem 0 1.75rem;
  font-size: clamp(2rem, 4.5vw, 3.2rem);
}

.eyebrow {
  color: var(--color-primary-text);
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
}

main.container {
  padding: 2.5rem 0 4rem;
}

.sample-notice {
  margin-bottom: 1.5rem;
  padding: 0.75rem 1rem;
  border: 1px solid color-mix(in srgb, var(--color-warning) 35%, transparent);
  border-radius: var(--radius-sm);
  background: color-mix(in srgb, var(--color-warning) 10%, var(--color-bg));
  font-size: 0.9rem;
}

.catalogue-bar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1.75rem;
}

.chips {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
}

.chips button {
  padding: 0.45rem 1rem;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
  font-size: 0.9rem;
  font-weight: 500;
  cursor: pointer;
}

.chips button[aria-pressed='true'] {
  background: var(--color-text);
  border-color: var(--color-text);
  color: var(--color-bg);
}

.sort {
  width: auto;
}

.empty {
  padding: 4rem 0;
  color: var(--color-muted);
  text-align: center;
}

.product-grid {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 1.5rem;
}

.product-card {
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  transition:
    box-shadow 0.2s ease,
    transform 0.2s ease;
}

.product-card:hover {
  box-shadow: var(--shadow);
  transform: translateY(-2px);
}

.product-card-image {
  position: relative;
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
}

.product-art {
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 3;
  color: color-mix(in srgb, var(--color-primary) 75%, var(--color-text));
}

.tint-0 {
  background: linear-gradient(145deg, var(--color-primary-soft), color-mix(in srgb, var(--color-primary) 22%, var(--color-surface)));
}

.tint-1 {
  background: linear-gradient(145deg, color-mix(in srgb, var(--color-accent) 14%, var(--color-surface)), color-mix(in srgb, var(--color-accent) 30%, var(--color-surface)));
}

.tint-2 {
  background: linear-gradient(145deg, var(--color-surface-alt), color-mix(in srgb, var(--color-text) 10%, var(--color-surface)));
}

.tint-3 {
  background: linear-gradient(145deg, color-mix(in srgb, var(--color-primary) 10%, var(--color-surface)), color-mix(in srgb, var(--color-accent) 20%, var(--color-surface)));
}

.product-badge {
  position: absolute;
  top: 0.75rem;
  left: 0.75rem;
  padding: 0.2rem 0.6rem;
  border-radius: 999px;
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
  font-size: 0.75rem;
  font-weight: 700;
}

.product-card-body {
  display: grid;
  gap: 0.35rem;
  padding: 1rem 1.1rem 1.1rem;
}

.product-card-body h3 {
  font-size: 1.02rem;
}

.link-button {
  padding: 0;
  border: 0;
  background: none;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
}

.link-button:hover {
  color: var(--color-primary-text);
}

.product-card-footer {
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-top: 0.4rem;
}

.stock-note {
  color: var(--color-warning);
  font-size: 0.8rem;
  font-weight: 600;
}

.overlay {
  position: fixed;
  inset: 0;
  z-index: 40;
  display: grid;
  place-items: center;
  padding: 1rem;
  background: rgb(15 23 42 / 0.45);
}

.dialog {
  position: relative;
  display: grid;
  grid-template-columns: 1fr 1fr;
  width: min(100%, 52rem);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  box-shadow: var(--shadow);
}

.dialog .product-art {
  aspect-ratio: auto;
  min-height: 20rem;
}

.dialog-close {
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
  z-index: 1;
  background: var(--color-surface);
}

.dialog-body {
  display: grid;
  gap: 0.75rem;
  align-content: center;
  padding: 2rem;
}

.dialog-price {
  font-size: 1.4rem;
}

.dialog-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 0.5rem;
}

.stepper {
  display: inline-flex;
  align-items: center;
  border: 1px solid var(--color-border);
  border-radius: 999px;
}

.stepper button {
  display: grid;
  place-items: center;
  width: 2.4rem;
  height: 2.4rem;
  border: 0;
  background: none;
  cursor: pointer;
}

.stepper span {
  min-width: 1.75rem;
  font-weight: 600;
  text-align: center;
}

.stepper-small button {
  width: 1.8rem;
  height: 1.8rem;
}

.drawer {
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 50;
  display: flex;
  flex-direction: column;
  width: min(100%, 26rem);
  background: var(--color-surface);
  box-shadow: var(--shadow);
  transform: translateX(100%);
  transition: transform 0.25s ease;
}

.drawer.open {
  transform: none;
}

.drawer-header {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 1.1rem 1.25rem;
  border-bottom: 1px solid var(--color-border);
}

.drawer-header h2 {
  font-size: 1.15rem;
}

.drawer-body {
  flex: 1;
  overflow-y: auto;
  padding: 1.25rem;
}

.shipping-note {
  margin-bottom: 1rem;
  padding: 0.6rem 0.8rem;
  border-radius: var(--radius-sm);
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
  font-size: 0.88rem;
  font-weight: 500;
}

.cart-lines {
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

.cart-line {
  display: grid;
  grid-template-columns: 4.5rem 1fr auto;
  gap: 0.85rem;
  align-items: start;
}

.cart-line .product-art {
  border-radius: var(--radius-sm);
  aspect-ratio: 1;
}

.cart-line > div {
  display: grid;
  gap: 0.3rem;
  justify-items: start;
}

.drawer-footer {
  display: grid;
  gap: 0.6rem;
  padding: 1.25rem;
  border-top: 1px solid var(--color-border);
}

.summary-row {
  display: flex;
  justify-content: space-between;
}

.checkout {
  display: grid;
  gap: 1rem;
  align-content: start;
}

.form-error {
  color: var(--color-danger);
  font-size: 0.9rem;
}

.empty-cart,
.confirmation {
  display: grid;
  gap: 1rem;
  align-content: center;
  justify-items: center;
  color: var(--color-muted);
  text-align: center;
}

.confirmation > svg {
  color: var(--color-success);
}

.confirmation p {
  color: var(--color-text);
}

.summary-lines {
  width: 100%;
  margin: 0;
  padding: 0;
  list-style: none;
  color: var(--color-text);
}

.summary-lines li {
  display: flex;
  justify-content: space-between;
  padding: 0.45rem 0;
  border-bottom: 1px solid var(--color-border);
  font-size: 0.92rem;
}

.summary-lines .total {
  font-weight: 700;
}

.shop-footer {
  padding: 2rem 0;
  border-top: 1px solid var(--color-border);
  font-size: 0.9rem;
}

.shop-footer .container {
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem;
}

@media (max-width: 720px) {
  .shop-header-inner {
    flex-wrap: wrap;
    gap: 0.75rem;
    padding: 0.75rem 0;
  }

  .search {
    order: 3;
    flex-basis: 100%;
    max-width: none;
  }

  .cart-button {
    margin-left: auto;
  }

  .dialog,
  .hero-inner {
    grid-template-columns: 1fr;
  }

  .dialog .product-art {
    min-height: 12rem;
  }

  .hero {
    padding: 3rem 0;
  }
}
`;

export function shopBlueprint(ctx: BlueprintContext): ProjectFiles {
  const catalogue = catalogueFor(ctx.words);
  return assembleProject(ctx, {
    kind: 'an online shop with a database',
    features: [
      `A ${catalogue.label} catalogue with categories, search, sorting, badges and low-stock notes`,
      'Product details in a dialog with a quantity stepper',
      'Cart drawer kept in local storage, with a free-shipping threshold',
      'Checkout that places real orders: the server prices them, checks and decrements stock in one transaction',
      'Products, orders and order lines in PostgreSQL via Drizzle ORM, with a sample catalogue in `db/seed.ts`',
      'Shows the sample catalogue, clearly labelled, until the database is initialized',
    ],
    data: {
      schemaDescription: 'Products for sale; orders placed by customers, each with its order items.',
      tables: TABLES,
      endpoints: ENDPOINTS,
      databaseName: ctx.packageName.replace(/[^a-z0-9_]/g, '_'),
    },
    files: {
      'shared/api-types.ts': API_TYPES_TS,
      'shared/pricing.ts': PRICING_TS,
      'shared/sample-data.ts': sampleDataTs(catalogue),
      'db/seed.ts': SEED_TS,
      'server/routes.ts': ROUTES_TS,
      'src/App.tsx': appTsx(ctx),
      'src/app.css': APP_CSS,
      'src/api.ts': CLIENT_API_TS,
      'src/cart.ts': CART_TS,
      'src/lib/money.ts': MONEY_TS,
      'src/components/ProductArt.tsx': productArtTsx(catalogue),
      'src/components/ProductCard.tsx': PRODUCT_CARD,
      'src/components/ProductDialog.tsx': PRODUCT_DIALOG,
      'src/components/CartDrawer.tsx': CART_DRAWER,
    },
  });
}
