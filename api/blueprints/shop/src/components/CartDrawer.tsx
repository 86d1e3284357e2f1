import { CircleCheck, Minus, Plus, ShoppingBag, X } from 'lucide-react';
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
