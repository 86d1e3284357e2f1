import { RotateCcw, Search, ShieldCheck, ShoppingBag, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { ProductItem } from '../shared/api-types';
import { FREE_SHIPPING_FROM_CENTS } from '../shared/pricing';
import { CartSheet } from '@/components/CartSheet';
import { ProductCard } from '@/components/ProductCard';
import { ProductDialog } from '@/components/ProductDialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCart } from '@/hooks/useCart';
import { formatPrice } from '@/lib/money';
import { useProducts } from '@/lib/queries';

const SHOP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

type SortOrder = 'featured' | 'price-asc' | 'price-desc' | 'name';

const PROMISES = [
  { icon: Truck, title: 'Free shipping', detail: `on orders over ${formatPrice(FREE_SHIPPING_FROM_CENTS)}` },
  { icon: RotateCcw, title: '30-day returns', detail: 'no questions asked' },
  { icon: ShieldCheck, title: 'Secure checkout', detail: 'and order tracking' },
];

export function App() {
  const cart = useCart();
  const catalogue = useProducts();
  const [category, setCategory] = useState('All');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder>('featured');
  const [selected, setSelected] = useState<ProductItem | null>(null);
  const [cartOpen, setCartOpen] = useState(false);

  const products = catalogue.data?.products;
  const categories = useMemo(() => ['All', ...new Set((products ?? []).map((p) => p.category))], [products]);

  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const list = (products ?? []).filter((p) => category === 'All' || p.category === category).filter((p) => !needle || (p.name + ' ' + p.description).toLowerCase().includes(needle));
    if (sort === 'price-asc') return [...list].sort((a, b) => a.priceCents - b.priceCents);
    if (sort === 'price-desc') return [...list].sort((a, b) => b.priceCents - a.priceCents);
    if (sort === 'name') return [...list].sort((a, b) => a.name.localeCompare(b.name));
    return list;
  }, [products, category, query, sort]);

  function addToCart(product: ProductItem, quantity = 1) {
    cart.add(product, quantity);
    setSelected(null);
    setCartOpen(true);
  }

  return (
    <div className="flex min-h-svh flex-col">
      <p className="flex items-center justify-center gap-2 bg-primary px-4 py-2 text-center text-sm text-primary-foreground">
        <Truck className="size-4" aria-hidden /> Free shipping on orders over {formatPrice(FREE_SHIPPING_FROM_CENTS)}
      </p>
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <a href="#" className="text-xl font-bold tracking-tight">
            {SHOP_NAME}
          </a>
          <label className="relative ml-auto w-full max-w-xs">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <span className="sr-only">Search products</span>
            <Input className="pl-9" type="search" placeholder="Search products" value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <Button variant="outline" size="icon" className="relative" onClick={() => setCartOpen(true)} aria-label={`Open cart, ${cart.count} items`}>
            <ShoppingBag />
            {cart.count > 0 && <Badge className="absolute -top-2 -right-2 min-w-5 justify-center px-1">{cart.count}</Badge>}
          </Button>
        </div>
      </header>

      <section className="bg-[radial-gradient(40rem_20rem_at_90%_0%,color-mix(in_oklab,var(--accent)_20%,transparent),transparent)]">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr] md:py-20">
          <div className="grid justify-items-start gap-5">
            <p className="text-sm font-semibold tracking-wide text-primary uppercase">New season, new favourites</p>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{TAGLINE}</h1>
            <Button asChild size="lg">
              <a href="#catalogue">Shop the collection</a>
            </Button>
          </div>
          <ul className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
            {PROMISES.map(({ icon: Icon, title, detail }) => (
              <li key={title} className="flex items-center gap-3 text-sm">
                <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span>
                  <strong>{title}</strong> {detail}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <main id="catalogue" className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 pb-16 sm:px-6">
        {catalogue.data?.source === 'sample' && (
          <Alert variant="warning">
            <AlertDescription>Showing the sample catalogue: the database is not set up yet. Initialize it to take real orders.</AlertDescription>
          </Alert>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Categories">
            {categories.map((name) => (
              <Button key={name} size="sm" variant={category === name ? 'default' : 'outline'} aria-pressed={category === name} onClick={() => setCategory(name)} className="rounded-full">
                {name}
              </Button>
            ))}
          </div>
          <Select value={sort} onValueChange={(value) => setSort(value as SortOrder)}>
            <SelectTrigger aria-label="Sort products" className="w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="featured">Featured</SelectItem>
              <SelectItem value="price-asc">Price: low to high</SelectItem>
              <SelectItem value="price-desc">Price: high to low</SelectItem>
              <SelectItem value="name">Name</SelectItem>
            </SelectContent>
          </Select>
        </div>
        {catalogue.isPending ? (
          <div className="grid grid-cols-2 gap-6 md:grid-cols-3 lg:grid-cols-4" aria-label="Loading products">
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} className="aspect-[3/4]" />
            ))}
          </div>
        ) : catalogue.isError ? (
          <p className="text-destructive">The catalogue could not be loaded: {catalogue.error.message}</p>
        ) : visible.length === 0 ? (
          <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">No products match your search.</p>
        ) : (
          <div className="grid grid-cols-2 gap-x-5 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
            {visible.map((product) => (
              <ProductCard key={product.id} product={product} onOpen={() => setSelected(product)} onAdd={() => addToCart(product)} />
            ))}
          </div>
        )}
      </main>

      <footer className="border-t bg-muted/50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-baseline justify-between gap-2 px-4 py-8 text-sm sm:px-6">
          <strong>{SHOP_NAME}</strong>
          <span className="text-muted-foreground">Free returns within 30 days · Secure checkout · Carbon-neutral shipping</span>
        </div>
      </footer>

      <ProductDialog product={selected} onClose={() => setSelected(null)} onAdd={addToCart} />
      <CartSheet cart={cart} open={cartOpen} onOpenChange={setCartOpen} canCheckout={catalogue.data?.source === 'database'} />
    </div>
  );
}
