// A product designer's portfolio, on top of portfolio.ts: services, selected work and rates.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import { Code, Compass, Layers, Palette } from 'lucide-react';
import type * as Content from '../src/content';

export const hero: typeof Content.hero = {
  eyebrow: 'Available for new projects',
  headline: '{{tagline}}',
  intro: 'I am {{title}}. For ten years I have helped startups and established teams design products people understand on first use and enjoy on the hundredth.',
  primaryCta: { label: 'Start a project', href: '#contact' },
  secondaryCta: { label: 'See my work', href: '#work' },
  stats: [
    { value: '10+', label: 'years of experience' },
    { value: '80+', label: 'projects delivered' },
    { value: '6', label: 'industry awards' },
  ],
  preview: {
    heading: 'Now',
    caption: 'Taking on two new clients this quarter',
    rows: [
      { label: 'Product design', detail: 'Open' },
      { label: 'Design system audits', detail: 'Open' },
      { label: 'Full-time roles', detail: 'Not looking' },
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
      icon: Palette,
      title: 'Product design',
      body: 'End-to-end design for web and mobile products, from research and flows to polished, tested interfaces.',
    },
    {
      icon: Layers,
      title: 'Design systems',
      body: 'Component libraries and guidelines that keep teams fast and products consistent as they grow.',
    },
    {
      icon: Code,
      title: 'Front-end development',
      body: 'Accessible, performant React interfaces that ship exactly as designed, not approximately.',
    },
    {
      icon: Compass,
      title: 'Workshops',
      body: 'Discovery sprints and design critiques that turn fuzzy ideas into a plan the whole team believes in.',
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
      title: 'Ledger: banking for freelancers',
      meta: 'Product design · 2025',
      body: 'Redesigned onboarding and invoicing; activation up 34% in the first quarter.',
      tag: 'Fintech',
    },
    {
      title: 'Harbor design system',
      meta: 'Design system · 2024',
      body: '120 components, tokens and docs adopted by six product teams.',
      tag: 'Systems',
    },
    {
      title: 'Kite: trip planning app',
      meta: 'Mobile app · 2024',
      body: 'From zero to App Store feature in nine months, as founding designer.',
      tag: 'Mobile',
    },
    {
      title: 'Northwind analytics',
      meta: 'Dashboard · 2023',
      body: 'Made dense operational data readable for warehouse teams.',
      tag: 'B2B',
    },
    {
      title: 'Greenline website',
      meta: 'Marketing site · 2023',
      body: 'Brand refresh and a new site for a climate non-profit.',
      tag: 'Web',
    },
    {
      title: 'Atlas onboarding',
      meta: 'UX research · 2022',
      body: 'Interviews and prototypes that halved support tickets for new users.',
      tag: 'Research',
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
      name: 'Sprint',
      price: '$4,500',
      period: 'one week',
      summary: 'A focused burst on one problem.',
      perks: ['Discovery workshop', 'Prototype and user tests', 'Recommendations deck'],
      highlighted: false,
      cta: 'Book a sprint',
    },
    {
      name: 'Project',
      price: '$18,000',
      period: 'from, 6 weeks',
      summary: 'A feature or product, designed end to end.',
      perks: ['Research and flows', 'High-fidelity designs', 'Hand-off and QA with your engineers'],
      highlighted: true,
      cta: 'Start a project',
    },
    {
      name: 'Retainer',
      price: '$7,000',
      period: 'per month',
      summary: 'Ongoing design partnership.',
      perks: ['Two days per week', 'Weekly planning call', 'Cancel with 30 days notice'],
      highlighted: false,
      cta: 'Discuss a retainer',
    },
  ],
};
