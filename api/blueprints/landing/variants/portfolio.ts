// A personal portfolio: what a designer's and a photographer's site share. design-portfolio.ts
// or photo-portfolio.ts adds the work on top.
// Values for the slots of src/content.ts; {{title}} and {{tagline}} are filled in as the site is written.
import type * as Content from '../src/content';

export const navLinks: typeof Content.navLinks = [
  { label: 'Work', href: '#work' },
  { label: 'Services', href: '#services' },
  { label: 'Rates', href: '#rates' },
  { label: 'Contact', href: '#contact' },
];

export const testimonials: typeof Content.testimonials = {
  section: {
    id: 'kind-words',
    eyebrow: 'Kind words',
    title: 'What clients say',
    intro: 'Most of my work comes from referrals. These are some of the reasons why.',
  },
  items: [
    {
      quote: 'Working with {{title}} was the best decision we made this year. Thoughtful, fast and a joy to collaborate with.',
      name: 'Dana Whitfield',
      role: 'CEO, Ledger',
    },
    {
      quote: 'Calm under deadlines, generous with ideas, and the results spoke for themselves.',
      name: 'Samir Haddad',
      role: 'Creative Director, Kite',
    },
    {
      quote: 'We have worked with many freelancers. This was the first time the final result was better than the brief.',
      name: 'Ellen Brooks',
      role: 'Head of Marketing, Greenline',
    },
  ],
};

export const contact: typeof Content.contact = {
  section: {
    id: 'contact',
    eyebrow: 'Contact',
    title: "Let's work together",
    intro: 'Tell me a little about your project and I will reply within two working days.',
  },
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Your name' },
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      required: true,
      placeholder: 'you@company.com',
    },
    {
      name: 'budget',
      label: 'Budget',
      type: 'select',
      required: false,
      options: ['Under $5k', '$5k – $15k', '$15k – $50k', '$50k+'],
    },
    {
      name: 'message',
      label: 'About your project',
      type: 'textarea',
      required: true,
      placeholder: 'What are you working on, and when do you need it?',
    },
  ],
  submitLabel: 'Send message',
  success: 'Thanks, {name}! Your message is on its way. I will be in touch soon.',
  note: 'Prefer email? Write to hello@example.com.',
};

export const footer: typeof Content.footer = {
  blurb: '{{tagline}}',
  columns: [
    {
      heading: 'Sitemap',
      links: [
        { label: 'Work', href: '#work' },
        { label: 'Services', href: '#services' },
        { label: 'Rates', href: '#rates' },
      ],
    },
    {
      heading: 'Elsewhere',
      links: [
        { label: 'Newsletter', href: '#contact' },
        { label: 'Speaking', href: '#contact' },
        { label: 'Email', href: '#contact' },
      ],
    },
  ],
};
