// A bakery, on top of venue.ts: its specials, menu and an order-ahead form.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import type * as Content from '../src/content';

export const hero: typeof Content.hero = {
  eyebrow: 'Open today from 7:30 am',
  headline: '{{tagline}}',
  intro: '{{title}} is a neighbourhood bakery run by people who care about good ingredients, honest cooking and knowing our regulars by name.',
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
      { label: 'Country sourdough', detail: 'Until sold out' },
      { label: 'Cardamom knots', detail: 'From 11 am' },
      { label: 'Rhubarb danish', detail: 'All day' },
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
      title: 'Country sourdough',
      meta: '$9',
      body: 'Our 36-hour loaf: blistered crust, open crumb, a gentle tang. Baked in the stone oven every morning.',
      tag: 'Signature',
    },
    {
      title: 'Butter croissant',
      meta: '$4.50',
      body: 'Laminated over three days with cultured French butter for 27 shattering, honeycombed layers.',
      tag: 'Best seller',
    },
    {
      title: 'Cardamom knot',
      meta: '$5',
      body: 'Soft enriched dough twisted with cardamom sugar and finished with pearl sugar. A Nordic favourite.',
      tag: 'Seasonal',
    },
    {
      title: 'Seeded rye',
      meta: '$8',
      body: 'Dense, dark and deeply flavoured, with sunflower, flax and pumpkin seeds. Keeps for a week.',
      tag: 'Vegan',
    },
    {
      title: 'Pain au chocolat',
      meta: '$5',
      body: 'Two batons of dark Valrhona chocolate wrapped in our croissant dough. Still warm at 8 am.',
      tag: 'Classic',
    },
    {
      title: 'Olive oil cake',
      meta: '$6',
      body: 'Moist citrus sponge with Sicilian olive oil and a crackly lemon glaze. Naturally dairy-free.',
      tag: 'Dairy-free',
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
      placeholder: 'e.g. 2 × Country sourdough, 1 × Butter croissant',
    },
  ],
  submitLabel: 'Place order',
  success: 'Thanks, {name}! Your order is in. We will email you when it is ready to collect.',
  note: 'Pay when you collect. Orders can be changed until 6 pm the day before.',
};
