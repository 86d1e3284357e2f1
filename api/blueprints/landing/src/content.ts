// All of the site's words live here, so copy changes never touch the components.
import { /* @slot icons */ ChartColumn, Globe, ShieldCheck, Sparkles, Users, Zap, type LucideIcon } from 'lucide-react';

export interface Link {
  label: string;
  href: string;
}

export interface Section {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

export interface ShowcaseItem {
  title: string;
  meta: string;
  body: string;
  tag: string;
}

export interface FormField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'date' | 'select' | 'textarea';
  required: boolean;
  placeholder?: string;
  options?: string[];
}

export const brand: { name: string; tagline: string } = /* @slot brand */ { name: '{{title}}', tagline: '{{tagline}}' };

export const navLinks: Link[] = /* @slot navLinks */ [
  { label: 'Features', href: '#features' },
  { label: 'How it works', href: '#how-it-works' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'FAQ', href: '#faq' },
];

export const hero: {
  eyebrow: string;
  headline: string;
  intro: string;
  primaryCta: Link;
  secondaryCta: Link;
  stats: Array<{ value: string; label: string }>;
  preview: { heading: string; caption: string; rows: Array<{ label: string; detail: string; progress?: number }> };
} = /* @slot hero */ {
  eyebrow: 'New: {{title}} for teams',
  headline: '{{tagline}}',
  intro: '{{title}} brings plans, people and progress into one place, so you spend less time chasing updates and more time doing the work that matters.',
  primaryCta: { label: 'Start free', href: '#contact' },
  secondaryCta: { label: 'See how it works', href: '#how-it-works' },
  stats: [
    { value: '12,000+', label: 'teams on board' },
    { value: '4.9/5', label: 'average rating' },
    { value: '6 hrs', label: 'saved per person, weekly' },
  ],
  preview: {
    heading: 'This week',
    caption: 'Product launch · 68% complete',
    rows: [
      { label: 'Finalize pricing page', detail: 'Due Tue', progress: 100 },
      { label: 'Record onboarding video', detail: 'Due Wed', progress: 72 },
      { label: 'Beta feedback round', detail: 'Due Fri', progress: 45 },
      { label: 'Launch announcement', detail: 'Next week', progress: 10 },
    ],
  },
};

export const features: { section: Section; items: Feature[] } = /* @slot features */ {
  section: {
    id: 'features',
    eyebrow: 'Features',
    title: 'Everything your team needs, nothing it does not',
    intro: '{{title}} replaces the patchwork of docs, spreadsheets and status meetings with one tool people actually enjoy opening.',
  },
  items: [
    {
      icon: Zap,
      title: 'Set up in minutes',
      body: 'Import from your current tools in a couple of clicks. Templates get new projects moving on day one.',
    },
    {
      icon: Sparkles,
      title: 'Automations that stick',
      body: 'Recurring tasks, reminders and hand-offs run themselves, so nothing quietly falls through the cracks.',
    },
    {
      icon: Users,
      title: 'Built for collaboration',
      body: 'Comments, mentions and shared views keep everyone on the same page without another meeting.',
    },
    {
      icon: ChartColumn,
      title: 'Insights you can act on',
      body: 'See workload, progress and bottlenecks at a glance, and fix them before they become problems.',
    },
    {
      icon: ShieldCheck,
      title: 'Secure by default',
      body: 'Single sign-on, granular permissions and encrypted data at rest and in transit on every plan.',
    },
    {
      icon: Globe,
      title: 'Works everywhere',
      body: 'Fast on the web, at home on your phone, and it keeps working offline when the Wi-Fi does not.',
    },
  ],
};

export const showcase: { section: Section; layout: 'steps' | 'menu' | 'work'; items: ShowcaseItem[] } = /* @slot showcase */ {
  section: {
    id: 'how-it-works',
    eyebrow: 'How it works',
    title: 'From scattered to sorted in three steps',
    intro: 'No training sessions, no consultants. Most teams are fully up and running in their first afternoon.',
  },
  layout: 'steps',
  items: [
    {
      title: 'Bring your work in',
      meta: 'Step 1',
      body: 'Connect your calendar, docs and chat. Existing tasks and deadlines come along automatically.',
      tag: '5 minutes',
    },
    {
      title: 'Invite your team',
      meta: 'Step 2',
      body: 'Share a project or the whole workspace. Everyone sees what is theirs, and what is next.',
      tag: '2 minutes',
    },
    {
      title: 'Watch the work flow',
      meta: 'Step 3',
      body: 'Automations and weekly summaries keep things moving while you focus on the big picture.',
      tag: 'Ongoing',
    },
  ],
};

export const testimonials: { section: Section; items: Array<{ quote: string; name: string; role: string }> } = /* @slot testimonials */ {
  section: {
    id: 'stories',
    eyebrow: 'Customer stories',
    title: 'Loved by teams who ship',
    intro: 'Thousands of teams use it every day. Here is what a few of them say.',
  },
  items: [
    {
      quote: 'We cut our weekly status meeting from an hour to ten minutes. {{title}} just tells us where things stand.',
      name: 'Priya Raman',
      role: 'Head of Operations, Northwind',
    },
    {
      quote: 'The first tool our designers and engineers both actually like. Onboarding took one afternoon.',
      name: 'Marcus Bell',
      role: 'Founder, Fieldnote Studio',
    },
    {
      quote: 'Automations alone save me half a day every week. I would not go back to spreadsheets.',
      name: 'Sofia Alvarez',
      role: 'Product Lead, Brightline',
    },
  ],
};

// @if pricing
export const pricing: { section: Section; plans: Array<{ name: string; price: string; period: string; summary: string; perks: string[]; highlighted: boolean; cta: string }> } = /* @slot pricing */ {
  section: {
    id: 'pricing',
    eyebrow: 'Pricing',
    title: 'Simple pricing that grows with you',
    intro: 'Start free, upgrade when you need more. Every plan includes unlimited projects and a 30-day money-back guarantee.',
  },
  plans: [
    {
      name: 'Starter',
      price: '$0',
      period: 'forever',
      summary: 'For individuals getting organised.',
      perks: [
        'Up to 3 collaborators',
        'Unlimited projects',
        'Mobile and desktop apps',
        'Community support',
      ],
      highlighted: false,
      cta: 'Start free',
    },
    {
      name: 'Pro',
      price: '$12',
      period: 'per user / month',
      summary: 'For growing teams that need more power.',
      perks: [
        'Unlimited collaborators',
        'Automations and templates',
        'Advanced insights',
        'Priority support',
      ],
      highlighted: true,
      cta: 'Try Pro free for 14 days',
    },
    {
      name: 'Business',
      price: '$29',
      period: 'per user / month',
      summary: 'For organisations with advanced needs.',
      perks: [
        'Single sign-on (SAML)',
        'Audit log and data export',
        'Custom roles and permissions',
        'Dedicated success manager',
      ],
      highlighted: false,
      cta: 'Talk to sales',
    },
  ],
};

// @if visit
export const visit: { section: Section; address: string[]; phone: string; email: string; hours: Array<{ days: string; time: string }>; note: string } = /* @slot visit */ {
  section: {
    id: 'visit',
    eyebrow: 'Visit us',
    title: 'Come and say hello',
    intro: 'Find us on the corner of Market Street and Elm, two minutes from the station.',
  },
  address: ['214 Market Street', 'Riverside, CA 94110'],
  phone: '(415) 555-0142',
  email: 'hello@example.com',
  hours: [
    { days: 'Monday – Friday', time: '7:30 am – 6:00 pm' },
    { days: 'Saturday', time: '8:00 am – 5:00 pm' },
    { days: 'Sunday', time: '8:00 am – 3:00 pm' },
  ],
  note: 'Closed on public holidays. Card and contactless only.',
};

// @if faqs
export const faqs: { section: Section; items: Array<{ question: string; answer: string }> } = /* @slot faqs */ {
  section: {
    id: 'faq',
    eyebrow: 'FAQ',
    title: 'Questions, answered',
    intro: 'Cannot find what you are looking for? Write to us and a real person will reply within a day.',
  },
  items: [
    {
      question: 'Is there really a free plan?',
      answer: 'Yes. The Starter plan is free forever for up to three people, with no credit card required.',
    },
    {
      question: 'Can I import my existing work?',
      answer: 'You can import from CSV and from most popular project tools. Tasks, due dates and assignees come along.',
    },
    {
      question: 'How secure is my data?',
      answer: 'Data is encrypted in transit and at rest, backed up daily, and hosted in SOC 2 certified data centres.',
    },
    {
      question: 'Can I cancel at any time?',
      answer: 'Of course. Plans are month to month, and you can export everything whenever you like.',
    },
    {
      question: 'Do you offer discounts for non-profits?',
      answer: 'Yes: registered non-profits and schools get 50% off any paid plan. Just get in touch.',
    },
  ],
};

export const contact: { section: Section; fields: FormField[]; submitLabel: string; success: string; note: string } = /* @slot contact */ {
  section: {
    id: 'contact',
    eyebrow: 'Get started',
    title: 'Try {{title}} free today',
    intro: 'Join thousands of teams doing their best work. Setup takes less than five minutes.',
  },
  fields: [
    {
      name: 'name',
      label: 'Your name',
      type: 'text',
      required: true,
      placeholder: 'Jordan Lee',
    },
    {
      name: 'email',
      label: 'Work email',
      type: 'email',
      required: true,
      placeholder: 'jordan@company.com',
    },
    {
      name: 'teamSize',
      label: 'Team size',
      type: 'select',
      required: false,
      options: ['Just me', '2-10', '11-50', '51-200', '200+'],
    },
  ],
  submitLabel: 'Create my free account',
  success: 'Welcome aboard, {name}! Check your inbox for a link to get started.',
  note: 'Free forever for small teams. No credit card required.',
};

export const footer: { blurb: string; columns: Array<{ heading: string; links: Link[] }> } = /* @slot footer */ {
  blurb: '{{tagline}}',
  columns: [
    {
      heading: 'Product',
      links: [
        { label: 'Features', href: '#features' },
        { label: 'Pricing', href: '#pricing' },
        { label: 'Customer stories', href: '#stories' },
      ],
    },
    {
      heading: 'Company',
      links: [
        { label: 'About', href: '#contact' },
        { label: 'Careers', href: '#contact' },
        { label: 'Contact', href: '#contact' },
      ],
    },
    {
      heading: 'Resources',
      links: [
        { label: 'Help centre', href: '#faq' },
        { label: 'Security', href: '#faq' },
        { label: 'Status', href: '#faq' },
      ],
    },
  ],
};
