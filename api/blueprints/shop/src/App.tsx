import { RotateCcw, Search, ShieldCheck, ShoppingBag, Truck } from 'lucide-react';
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

const SHOP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

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
