// A restaurant, on top of venue.ts: its specials, menu and a table booking form.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import type * as Content from '../src/content';

export const hero: typeof Content.hero = {
  eyebrow: 'Open today from 7:30 am',
  headline: '{{tagline}}',
  intro: '{{title}} is a neighbourhood restaurant run by people who care about good ingredients, honest cooking and knowing our regulars by name.',
  primaryCta: { label: 'Book a table', href: '#contact' },
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
      { label: 'Grilled octopus', detail: 'Until sold out' },
      { label: 'Wild mushroom risotto', detail: 'From 11 am' },
      { label: 'Burnt honey tart', detail: 'All day' },
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
      title: 'Burrata & heirloom tomatoes',
      meta: '$16',
      body: 'Creamy burrata with summer tomatoes, basil oil, aged balsamic and grilled country bread.',
      tag: 'To share',
    },
    {
      title: 'Grilled octopus',
      meta: '$22',
      body: 'Charred over oak with smoked paprika, crushed potatoes, capers and a bright salsa verde.',
      tag: 'Signature',
    },
    {
      title: 'Wild mushroom risotto',
      meta: '$24',
      body: 'Carnaroli rice, foraged mushrooms, thyme and aged parmesan, finished with brown butter.',
      tag: 'Vegetarian',
    },
    {
      title: 'Dry-aged ribeye',
      meta: '$42',
      body: '45-day dry-aged ribeye with bone-marrow butter, charred greens and hand-cut chips.',
      tag: 'For the table',
    },
    {
      title: 'Market fish',
      meta: 'MP',
      body: "Whatever the boats brought in this morning, simply grilled with lemon, herbs and the chef's sauce.",
      tag: 'Daily',
    },
    {
      title: 'Burnt honey tart',
      meta: '$11',
      body: 'Crisp pastry, burnt honey custard and a scoop of crème fraîche sorbet. Worth saving room for.',
      tag: 'Dessert',
    },
  ],
};

export const faqs: typeof Content.faqs = {
  section: {
    id: 'faq',
    eyebrow: 'Good to know',
    title: 'Before you visit',
    intro: 'Anything else? Call us or drop in: we are always happy to chat.',
  },
  items: [
    {
      question: 'Do you cater for dietary requirements?',
      answer: 'Yes. Vegan, vegetarian and gluten-free options are marked on the menu, and our team can talk you through every allergen.',
    },
    {
      question: 'Do you take reservations?',
      answer: 'We do, for groups of any size. Book online below or call us; we also keep a few tables for walk-ins.',
    },
    {
      question: 'Can I order for an event?',
      answer: 'Absolutely. We cater office breakfasts, birthdays and weddings. Give us 48 hours notice for larger orders.',
    },
  ],
};

export const contact: typeof Content.contact = {
  section: {
    id: 'contact',
    eyebrow: 'Reservations',
    title: 'Book your table',
    intro: 'Reserve online in under a minute. We will confirm by email within the hour.',
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
    { name: 'date', label: 'Date', type: 'date', required: true },
    {
      name: 'guests',
      label: 'Guests',
      type: 'select',
      required: true,
      options: ['2 guests', '3 guests', '4 guests', '5 guests', '6+ guests'],
    },
  ],
  submitLabel: 'Request booking',
  success: 'Thank you, {name}! We have your request and will confirm by email shortly.',
  note: 'Tables are held for 15 minutes. For groups over 8, please call us.',
};

export const footer: typeof Content.footer = {
  blurb: '{{tagline}}',
  columns: [
    {
      heading: 'Visit',
      links: [
        { label: 'Opening hours', href: '#visit' },
        { label: 'Find us', href: '#visit' },
        { label: 'FAQ', href: '#faq' },
      ],
    },
    {
      heading: 'Eat',
      links: [
        { label: 'Menu', href: '#menu' },
        { label: 'Book a table', href: '#contact' },
        { label: 'Catering', href: '#faq' },
      ],
    },
  ],
};
