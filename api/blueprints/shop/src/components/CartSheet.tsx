import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { OrderSummary } from '../../shared/api-types';
import { FREE_SHIPPING_FROM_CENTS, shippingFor } from '../../shared/pricing';
import { ProductArt } from '@/components/ProductArt';
import { QuantityStepper } from '@/components/QuantityStepper';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Textarea } from '@/components/ui/textarea';
import type { Cart } from '@/hooks/useCart';
import { formatPrice } from '@/lib/money';
import { usePlaceOrder } from '@/lib/queries';

const checkoutSchema = z.object({
  name: z.string().trim().min(1, 'Enter your full name.').max(120),
  email: z.email('Enter a valid email address.'),
  address: z.string().trim().min(5, 'Enter the address to ship to.').max(500),
});
type Customer = z.infer<typeof checkoutSchema>;

interface Props {
  cart: Cart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canCheckout: boolean;
}

type Step = 'cart' | 'checkout' | 'done';

export function CartSheet({ cart, open, onOpenChange, canCheckout }: Props) {
  const [step, setStep] = useState<Step>('cart');
  const [order, setOrder] = useState<OrderSummary | null>(null);
  const placeOrder = usePlaceOrder();
  const form = useForm<Customer>({ resolver: zodResolver(checkoutSchema), defaultValues: { name: '', email: '', address: '' } });

  const shipping = shippingFor(cart.subtotalCents);
  const toFreeShipping = FREE_SHIPPING_FROM_CENTS - cart.subtotalCents;
  const total = formatPrice(cart.subtotalCents + shipping);

  function setOpen(next: boolean) {
    onOpenChange(next);
    if (!next && step === 'done') setStep('cart');
  }

  function checkout(customer: Customer) {
    placeOrder.mutate(
      { customer, items: cart.lines.map((line) => ({ productId: line.product.id, quantity: line.quantity })) },
      {
        onSuccess: (placed) => {
          setOrder(placed);
          cart.clear();
          form.reset();
          setStep('done');
        },
      },
    );
  }

  const title = step === 'checkout' ? 'Checkout' : step === 'done' ? 'Thank you!' : 'Your cart';

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent className="w-full gap-0 sm:max-w-md">
        <SheetHeader className="border-b">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{step === 'done' ? 'Your order is on its way.' : `${cart.count} ${cart.count === 1 ? 'item' : 'items'}`}</SheetDescription>
        </SheetHeader>

        {step === 'done' && order && (
          <div className="grid gap-5 overflow-y-auto p-4">
            <div className="grid justify-items-center gap-3 text-center">
              <CircleCheck className="size-12 text-success" aria-hidden />
              <p>
                Order <strong>#{order.id}</strong> is confirmed. A receipt is on its way to {order.email}.
              </p>
            </div>
            <ul className="grid gap-2 text-sm">
              {order.items.map((item) => (
                <li key={item.productId} className="flex justify-between gap-3">
                  <span>
                    {item.quantity} × {item.name}
                  </span>
                  <span>{formatPrice(item.quantity * item.unitPriceCents)}</span>
                </li>
              ))}
              <li className="flex justify-between text-muted-foreground">
                <span>Shipping</span>
                <span>{order.shippingCents === 0 ? 'Free' : formatPrice(order.shippingCents)}</span>
              </li>
              <Separator />
              <li className="flex justify-between font-semibold">
                <span>Total</span>
                <span>{formatPrice(order.totalCents)}</span>
              </li>
            </ul>
            <Button onClick={() => setOpen(false)}>Keep shopping</Button>
          </div>
        )}

        {step !== 'done' && cart.lines.length === 0 && (
          <div className="grid flex-1 place-content-center justify-items-center gap-3 p-8 text-center text-muted-foreground">
            <ShoppingBag className="size-10" aria-hidden />
            <p>Your cart is empty.</p>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Browse products
            </Button>
          </div>
        )}

        {step === 'cart' && cart.lines.length > 0 && (
          <>
            <div className="grid flex-1 content-start gap-4 overflow-y-auto p-4">
              <div className="grid gap-2 text-sm">
                <p>{toFreeShipping > 0 ? `Add ${formatPrice(toFreeShipping)} more for free shipping.` : 'You have free shipping!'}</p>
                <Progress value={Math.min(100, (cart.subtotalCents / FREE_SHIPPING_FROM_CENTS) * 100)} aria-label="Progress to free shipping" />
              </div>
              <ul className="grid gap-4">
                {cart.lines.map((line) => (
                  <li key={line.product.id} className="flex gap-3">
                    <ProductArt category={line.product.category} seed={line.product.id} className="size-16 shrink-0" iconClassName="size-7" />
                    <div className="grid flex-1 gap-1">
                      <p className="font-medium">{line.product.name}</p>
                      <p className="text-sm text-muted-foreground">{formatPrice(line.product.priceCents)}</p>
                      <QuantityStepper value={line.quantity} min={0} max={line.product.stock} onChange={(quantity) => cart.setQuantity(line.product.id, quantity)} />
                    </div>
                    <p className="font-semibold">{formatPrice(line.product.priceCents * line.quantity)}</p>
                  </li>
                ))}
              </ul>
            </div>
            <SheetFooter className="border-t">
              <div className="flex justify-between text-sm">
                <span>Subtotal</span>
                <span className="font-semibold">{formatPrice(cart.subtotalCents)}</span>
              </div>
              <div className="flex justify-between text-sm text-muted-foreground">
                <span>Shipping</span>
                <span>{shipping === 0 ? 'Free' : formatPrice(shipping)}</span>
              </div>
              <Button size="lg" onClick={() => setStep('checkout')} disabled={!canCheckout}>
                Checkout · {total}
              </Button>
              {!canCheckout && <p className="text-center text-sm text-muted-foreground">Checkout opens once the shop's database is set up.</p>}
            </SheetFooter>
          </>
        )}

        {step === 'checkout' && cart.lines.length > 0 && (
          <Form {...form}>
            <form className="grid content-start gap-4 overflow-y-auto p-4" onSubmit={form.handleSubmit(checkout)} noValidate>
              <FormField
                control={form.control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Full name</FormLabel>
                    <FormControl>
                      <Input autoComplete="name" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Email</FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="email" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="address"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Shipping address</FormLabel>
                    <FormControl>
                      <Textarea rows={3} autoComplete="street-address" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {placeOrder.isError && (
                <Alert variant="destructive">
                  <AlertDescription>{placeOrder.error.message}</AlertDescription>
                </Alert>
              )}
              <Button type="submit" size="lg" disabled={placeOrder.isPending}>
                {placeOrder.isPending ? 'Placing order…' : `Place order · ${total}`}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setStep('cart')}>
                Back to cart
              </Button>
            </form>
          </Form>
        )}
      </SheetContent>
    </Sheet>
  );
}
