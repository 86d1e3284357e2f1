// An online shop with a database (api/blueprints/shop): products and orders in PostgreSQL through
// Drizzle, an Express API that prices and stocks orders on the server, and a React storefront with
// a cart drawer and checkout. The catalogue follows the description's words (coffee, clothing,
// plants, home goods).
import { type BlueprintDefaults, type BlueprintEntry, hasAnyWord } from './blueprint-context.js';
import { slotValues } from './blueprint-files.js';
import { type RawCode } from './ts-literal.js';

interface Catalogue {
  /** The variant module with this catalogue's products and category icons; none for home goods. */
  variant?: string;
  /** "a coffee catalogue", in the README. */
  label: string;
  title: string;
  tagline: string;
}

const CATALOGUES = {
  home: { label: 'home goods', title: 'Common Goods', tagline: 'Thoughtfully made everyday goods, shipped carbon-neutral.' },
  coffee: { variant: 'coffee', label: 'coffee', title: 'Ember Roasters', tagline: 'Specialty coffee, roasted this week and delivered to your door.' },
  apparel: { variant: 'apparel', label: 'clothing', title: 'Threadline', tagline: 'Well-made everyday clothing, designed to be worn for years.' },
  plants: { variant: 'plants', label: 'plants', title: 'Greenhouse Co.', tagline: 'Healthy houseplants and everything they need, delivered.' },
} satisfies Record<string, Catalogue>;

function catalogueFor(words: ReadonlySet<string>): Catalogue {
  if (hasAnyWord(words, ['coffee', 'espresso', 'roaster', 'roastery', 'beans', 'tea'])) return CATALOGUES.coffee;
  if (hasAnyWord(words, ['clothing', 'clothes', 'apparel', 'fashion', 'shirt', 't-shirt', 'streetwear', 'wear', 'jacket', 'hoodie'])) return CATALOGUES.apparel;
  if (hasAnyWord(words, ['plant', 'houseplant', 'nursery', 'garden', 'succulent', 'cactus', 'cacti', 'botanical', 'flower', 'florist'])) return CATALOGUES.plants;
  return CATALOGUES.home;
}

export function shopDefaults(words: ReadonlySet<string>): BlueprintDefaults {
  const catalogue = catalogueFor(words);
  return {
    title: catalogue.title,
    tagline: catalogue.tagline,
    palette: catalogue === CATALOGUES.coffee ? { primary: '#7c2d12', accent: '#d97706', scheme: 'light', background: '#fdf8f3' } : { primary: '#0f766e', accent: '#f97316', scheme: 'light' },
    kind: 'an online shop with a database',
  };
}

const FILES = [
  'src/App.tsx',
  'src/components/ProductCard.tsx',
  'src/components/ProductArt.tsx',
  'src/components/ProductDialog.tsx',
  'src/components/CartSheet.tsx',
  'src/components/QuantityStepper.tsx',
  'src/hooks/useCart.ts',
  'src/lib/queries.ts',
  'src/lib/money.ts',
  'shared/schema.ts',
  'db/meta.json',
  'shared/api-types.ts',
  'shared/pricing.ts',
  'shared/sample-data.ts',
  'server/routes.ts',
  'db/seed.ts',
];

export const shopBlueprint: BlueprintEntry = {
  id: 'shop',
  isDataApp: true,
  summary: 'a product catalogue, cart and checkout with products and orders in PostgreSQL (Drizzle) behind an Express API',
  defaults: shopDefaults,
  files: FILES,
  endpoints: [
    { method: 'GET', path: '/api/health', summary: 'Whether the server is up and the database configured' },
    { method: 'GET', path: '/api/products?category=&q=', summary: 'The catalogue, optionally by category or search text' },
    { method: 'GET', path: '/api/products/:slug', summary: 'One product' },
    { method: 'GET', path: '/api/categories', summary: 'Categories with product counts' },
    { method: 'POST', path: '/api/orders', summary: 'Place an order: `{ customer: { name, email, address }, items: [{ productId, quantity }] }`; prices and stock are checked on the server' },
    { method: 'GET', path: '/api/orders/:id', summary: 'An order with its lines' },
  ],
  fill(ctx) {
    const catalogue = catalogueFor(ctx.words);
    const variants = catalogue.variant ? [catalogue.variant] : [];
    const categoryIcons = slotValues('shop', FILES, variants).categoryIcons as Record<string, RawCode>;
    return {
      features: [
        `A ${catalogue.label} catalogue with categories, search, sorting, badges and low-stock notes`,
        'Product details in a dialog with a quantity stepper',
        'Cart sheet kept in local storage, with a free-shipping progress bar',
        'Checkout with a validated form that places real orders: the server prices them, checks and decrements stock in one transaction',
        'Products, orders and order lines in PostgreSQL via Drizzle ORM, with a sample catalogue in `db/seed.ts`',
        'Shows the sample catalogue, clearly labelled, until the database is initialized',
      ],
      variants,
      // ProductArt imports the catalogue's icons, then Package, its fallback.
      slots: { icons: [...[...new Set(Object.values(categoryIcons).map((icon) => icon.rawCode))].sort(), 'Package'] },
    };
  },
};
