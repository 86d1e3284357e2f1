// Sample catalogue: db/seed.ts loads it into the database, and the storefront shows it until the
// database is set up.
import type { ProductItem } from './api-types';

export const sampleProducts: Array<Omit<ProductItem, 'id'>> = /* @slot sampleProducts */ [
  {
    slug: 'stoneware-mug',
    name: 'Stoneware Mug',
    description: 'Hand-thrown in small batches with a speckled glaze. Holds 12 oz and keeps coffee warm longer.',
    category: 'Kitchen',
    priceCents: 2800,
    stock: 42,
    badge: 'Best seller',
  },
  {
    slug: 'pour-over-set',
    name: 'Ceramic Pour-Over Set',
    description: 'A dripper, carafe and two cups for a slow, perfect brew. Dishwasher safe.',
    category: 'Kitchen',
    priceCents: 6800,
    stock: 15,
    badge: null,
  },
  {
    slug: 'walnut-serving-board',
    name: 'Walnut Serving Board',
    description: 'Solid American walnut, finished with food-safe oil. Made to be handed down.',
    category: 'Kitchen',
    priceCents: 8400,
    stock: 9,
    badge: 'Handmade',
  },
  {
    slug: 'linen-throw',
    name: 'Washed Linen Throw',
    description: 'Stonewashed European flax linen that gets softer with every wash. 130 × 170 cm.',
    category: 'Living',
    priceCents: 11800,
    stock: 18,
    badge: null,
  },
  {
    slug: 'wool-floor-cushion',
    name: 'Wool Floor Cushion',
    description: 'A generous pouf in undyed wool felt, filled with recycled fibre. Surprisingly sturdy.',
    category: 'Living',
    priceCents: 9600,
    stock: 6,
    badge: 'New',
  },
  {
    slug: 'beeswax-candles',
    name: 'Beeswax Candle Trio',
    description: 'Three hand-dipped pure beeswax candles with cotton wicks. Clean, slow burning, faintly honeyed.',
    category: 'Home',
    priceCents: 3200,
    stock: 60,
    badge: null,
  },
  {
    slug: 'brass-desk-lamp',
    name: 'Brass Desk Lamp',
    description: 'Solid brass with an adjustable arm and a warm 2700K LED. It will patina beautifully.',
    category: 'Home',
    priceCents: 16500,
    stock: 4,
    badge: 'Low stock',
  },
  {
    slug: 'terracotta-planter',
    name: 'Terracotta Planter',
    description: 'Unglazed, breathable terracotta with a drainage hole and saucer. 18 cm diameter.',
    category: 'Home',
    priceCents: 3600,
    stock: 25,
    badge: null,
  },
  {
    slug: 'canvas-tote',
    name: 'Waxed Canvas Tote',
    description: 'Water-resistant waxed cotton with leather handles and an inside pocket for keys.',
    category: 'Accessories',
    priceCents: 5400,
    stock: 30,
    badge: null,
  },
  {
    slug: 'olive-wood-spoons',
    name: 'Olive Wood Spoon Set',
    description: 'Three spoons carved from Tunisian olive wood offcuts. Naturally antibacterial.',
    category: 'Kitchen',
    priceCents: 2600,
    stock: 0,
    badge: null,
  },
];

export function sampleProductItems(): ProductItem[] {
  return sampleProducts.map((product, index) => ({ id: index + 1, ...product }));
}
