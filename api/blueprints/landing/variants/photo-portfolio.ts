// A photographer's portfolio, on top of portfolio.ts: services, recent projects and rates.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import { Aperture, Building2, Camera, Heart } from 'lucide-react';
import type * as Content from '../src/content';

export const hero: typeof Content.hero = {
  eyebrow: 'Available for new projects',
  headline: '{{tagline}}',
  intro: 'I am {{title}}, a photographer working with magazines, brands and people who would rather not be photographed. Based in Stockholm, travelling often.',
  primaryCta: { label: 'Start a project', href: '#contact' },
  secondaryCta: { label: 'See my work', href: '#work' },
  stats: [
    { value: '10+', label: 'years of experience' },
    { value: '80+', label: 'projects delivered' },
    { value: '14', label: 'publications featured in' },
  ],
  preview: {
    heading: 'Currently',
    caption: 'Booking portraits and editorial for autumn',
    rows: [
      { label: 'Portrait sessions', detail: 'From September' },
      { label: 'Editorial commissions', detail: 'Open' },
      { label: 'Weddings 2026', detail: '3 dates left' },
    ],
  },
};

export const features: typeof Content.features = {
  section: {
    id: 'services',
    eyebrow: 'Services',
    title: 'How I can help',
    intro: 'Every project starts with a conversation about what you need and what success looks like.',
  },
  items: [
    {
      icon: Camera,
      title: 'Portraits',
      body: 'Relaxed, natural portraits for people, founders and families, on location or in the studio.',
    },
    {
      icon: Aperture,
      title: 'Editorial',
      body: 'Photo stories for magazines and brands, shot with a documentary eye and a clear point of view.',
    },
    {
      icon: Heart,
      title: 'Weddings',
      body: 'Unposed, unhurried coverage of your day, from the quiet moments to the last dance.',
    },
    {
      icon: Building2,
      title: 'Brand and interiors',
      body: 'Spaces, products and teams, photographed to feel as good as they look in person.',
    },
  ],
};

export const showcase: typeof Content.showcase = {
  section: {
    id: 'work',
    eyebrow: 'Selected work',
    title: 'Recent projects',
    intro: 'A few projects I am proud of. Case studies and full galleries are available on request.',
  },
  layout: 'work',
  items: [
    {
      title: 'The Night Bakers',
      meta: 'Editorial · 2025',
      body: 'A week on the overnight shift at a family bakery, for Saturday Magazine.',
      tag: 'Editorial',
    },
    {
      title: 'Coastline',
      meta: 'Personal · 2025',
      body: 'Winter light on the northern coast, shot on medium format film.',
      tag: 'Landscape',
    },
    {
      title: 'Founders of Fulton St',
      meta: 'Portraits · 2024',
      body: 'Portraits of twelve small-business owners for a neighbourhood campaign.',
      tag: 'Portrait',
    },
    {
      title: 'Ana & Theo',
      meta: 'Wedding · 2024',
      body: 'A barn wedding with forty guests, three dogs and a surprise thunderstorm.',
      tag: 'Wedding',
    },
    {
      title: 'Studio Verde',
      meta: 'Interiors · 2024',
      body: 'Interior and product photography for an architecture studio.',
      tag: 'Interiors',
    },
    {
      title: 'Market Day',
      meta: 'Documentary · 2023',
      body: 'Traders and regulars of a 100-year-old covered market.',
      tag: 'Documentary',
    },
  ],
};

export const pricing: typeof Content.pricing = {
  section: {
    id: 'rates',
    eyebrow: 'Rates',
    title: 'Ways to work together',
    intro: 'Clear, fixed pricing. Not sure what fits? Get in touch and I will suggest an option.',
  },
  plans: [
    {
      name: 'Portrait session',
      price: '$450',
      period: 'per session',
      summary: 'Two hours, one location.',
      perks: ['25 edited images', 'Online gallery', 'Print release'],
      highlighted: false,
      cta: 'Book a session',
    },
    {
      name: 'Editorial day',
      price: '$1,400',
      period: 'per day',
      summary: 'For magazines and brands.',
      perks: ['Full day on location', 'Retouched selects in 5 days', 'Usage licence included'],
      highlighted: true,
      cta: 'Request a quote',
    },
    {
      name: 'Wedding',
      price: '$3,800',
      period: 'full day',
      summary: 'From getting ready to the first dance.',
      perks: ['Two photographers', '500+ edited images', 'Heirloom album'],
      highlighted: false,
      cta: 'Check my dates',
    },
  ],
};
