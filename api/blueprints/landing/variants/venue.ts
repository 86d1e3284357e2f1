// A neighbourhood venue (bakery, café or restaurant): what every venue site shares. bakery.ts,
// cafe.ts or restaurant.ts adds its own menu on top.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import { Clock, Heart, Leaf, Users } from 'lucide-react';
import type * as Content from '../src/content';

export const navLinks: typeof Content.navLinks = [
  { label: 'Menu', href: '#menu' },
  { label: 'Our story', href: '#story' },
  { label: 'Visit', href: '#visit' },
  { label: 'FAQ', href: '#faq' },
];

export const features: typeof Content.features = {
  section: {
    id: 'story',
    eyebrow: 'Our story',
    title: 'Why people keep coming back to {{title}}',
    intro: 'We started with one oven, a handful of recipes and a belief that everyday food deserves real care. A decade on, not much has changed.',
  },
  items: [
    {
      icon: Leaf,
      title: 'Local and seasonal',
      body: 'We buy from farms and mills within a hundred miles, and the menu changes with what they grow.',
    },
    {
      icon: Clock,
      title: 'Made fresh daily',
      body: 'Everything is made here, every day, in small batches. When something sells out, it is gone until tomorrow.',
    },
    {
      icon: Heart,
      title: 'Made by hand',
      body: 'No shortcuts and no mixes: just patient technique, good butter and a team that loves what it does.',
    },
    {
      icon: Users,
      title: 'A room for everyone',
      body: 'Dogs, prams, laptops and long catch-ups are all welcome. Ask us about our accessible entrance.',
    },
  ],
};

export const testimonials: typeof Content.testimonials = {
  section: {
    id: 'reviews',
    eyebrow: 'Reviews',
    title: 'Kind words from our regulars',
    intro: 'We read every review, and yes, we frame the best ones.',
  },
  items: [
    {
      quote: 'The best thing about living on this street is {{title}}. I have been coming every Saturday for five years.',
      name: 'Hannah Okafor',
      role: 'Regular since 2019',
    },
    {
      quote: 'Warm, unpretentious and consistently excellent. The staff remember your order after your second visit.',
      name: 'Tom Whitaker',
      role: 'Local guide',
    },
    {
      quote: 'We drive forty minutes for this. Worth every mile, and we always leave with a bag of extras.',
      name: 'Lucia Ferreira',
      role: 'Weekend visitor',
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
      answer: 'For groups of six or more, yes. Otherwise it is first come, first served, and tables turn quickly.',
    },
    {
      question: 'Can I order for an event?',
      answer: 'Absolutely. We cater office breakfasts, birthdays and weddings. Give us 48 hours notice for larger orders.',
    },
  ],
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
        { label: 'Order ahead', href: '#contact' },
        { label: 'Catering', href: '#faq' },
      ],
    },
  ],
};
