// A café, on top of venue.ts: its specials, menu and an order-ahead form.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import type * as Content from '../src/content';

export const hero: typeof Content.hero = {
  eyebrow: 'Open today from 7:30 am',
  headline: '{{tagline}}',
  intro: '{{title}} is a neighbourhood café run by people who care about good ingredients, honest cooking and knowing our regulars by name.',
  primaryCta: { label: 'Order ahead', href: '#contact' },
  secondaryCta: { label: 'See the menu', href: '#menu' },
  stats: [
    { value: '2014', label: 'serving the neighbourhood since' },
    { value: '4.8★', label: 'from 1,200+ reviews' },
    { value: '100%', label: 'made in-house' },
  ],
  preview: {
    heading: "Today's specials",
    caption: 'Fresh from the kitchen this morning',
    rows: [
      { label: 'Honey oat latte', detail: 'Until sold out' },
      { label: 'Green shakshuka', detail: 'From 11 am' },
      { label: 'Cardamom bun', detail: 'All day' },
    ],
  },
};

export const showcase: typeof Content.showcase = {
  section: {
    id: 'menu',
    eyebrow: 'Menu',
    title: 'Favourites from the menu',
    intro: 'A few of the dishes our regulars order again and again. The full menu changes with the seasons.',
  },
  layout: 'menu',
  items: [
    {
      title: 'Flat white',
      meta: '$4.50',
      body: 'A double ristretto of our house espresso with silky steamed milk. Oat, almond and soy at no extra cost.',
      tag: 'House favourite',
    },
    {
      title: 'Single-origin filter',
      meta: '$5',
      body: 'A rotating single origin brewed by hand. This month: a washed Ethiopian with notes of peach and jasmine.',
      tag: 'Rotating',
    },
    {
      title: 'Avocado toast',
      meta: '$12',
      body: 'Smashed avocado on toasted sourdough with chilli, lime, feta and a soft-poached egg.',
      tag: 'Vegetarian',
    },
    {
      title: 'Green shakshuka',
      meta: '$15',
      body: 'Eggs baked in spinach, leeks and herbs with whipped labneh, dukkah and grilled flatbread.',
      tag: 'Brunch',
    },
    {
      title: 'Cold brew tonic',
      meta: '$6',
      body: 'Eighteen-hour cold brew over tonic and ice with a twist of orange. Our summer obsession.',
      tag: 'Iced',
    },
    {
      title: 'Banana bread',
      meta: '$4',
      body: 'Toasted and served with whipped brown-butter and a pinch of sea salt. Baked in-house daily.',
      tag: 'Baked here',
    },
  ],
};

export const contact: typeof Content.contact = {
  section: {
    id: 'contact',
    eyebrow: 'Order ahead',
    title: 'Skip the queue',
    intro: 'Order by 6 pm and we will have it boxed and waiting for you the next morning.',
  },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Sam Rivera' },
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      required: true,
      placeholder: 'sam@example.com',
    },
    { name: 'date', label: 'Pick-up date', type: 'date', required: true },
    {
      name: 'order',
      label: 'Your order',
      type: 'textarea',
      required: true,
      placeholder: 'e.g. 2 × Flat white, 1 × Single-origin filter',
    },
  ],
  submitLabel: 'Place order',
  success: 'Thanks, {name}! Your order is in. We will email you when it is ready to collect.',
  note: 'Pay when you collect. Orders can be changed until 6 pm the day before.',
};
