// A one-page marketing site (api/blueprints/landing). The copy comes in flavours picked from the
// description's words: a software product (the default), a food-and-drink venue, or a personal
// portfolio; each flavour is a stack of variant modules over src/content.ts.
import { type BlueprintDefaults, type BlueprintEntry, hasAnyWord } from './blueprint-context.js';
import { slotValues } from './blueprint-files.js';
import { type RawCode } from './ts-literal.js';

export type LandingFlavour = 'product' | 'bakery' | 'cafe' | 'restaurant' | 'design-portfolio' | 'photo-portfolio';

const BAKERY_WORDS = ['bakery', 'bakeries', 'bread', 'pastry', 'pastries', 'patisserie', 'cake', 'croissant', 'baker'];
const CAFE_WORDS = ['cafe', 'café', 'coffee', 'espresso', 'roastery', 'roaster', 'tea', 'brunch'];
const RESTAURANT_WORDS = ['restaurant', 'bistro', 'trattoria', 'pizzeria', 'diner', 'eatery', 'kitchen', 'bar', 'tavern', 'food', 'dining', 'chef', 'menu'];
const PHOTO_WORDS = ['photographer', 'photography', 'photo', 'photos', 'photographs'];
const PORTFOLIO_WORDS = ['portfolio', 'resume', 'cv'];
const PERSON_WORDS = ['designer', 'illustrator', 'artist', 'freelancer', 'personal', 'myself'];
const PRODUCT_WORDS = ['saas', 'startup', 'app', 'software', 'platform', 'product', 'tool', 'waitlist', 'api', 'b2b', 'subscription'];

/** Explicit portfolio words first; then a product (so "an app for freelancers" is not a portfolio); then the rest. */
export function landingFlavour(words: ReadonlySet<string>): LandingFlavour {
  const photo = hasAnyWord(words, PHOTO_WORDS);
  if (hasAnyWord(words, PORTFOLIO_WORDS)) return photo ? 'photo-portfolio' : 'design-portfolio';
  if (hasAnyWord(words, PRODUCT_WORDS)) return 'product';
  if (photo) return 'photo-portfolio';
  if (hasAnyWord(words, BAKERY_WORDS)) return 'bakery';
  if (hasAnyWord(words, CAFE_WORDS)) return 'cafe';
  if (hasAnyWord(words, RESTAURANT_WORDS)) return 'restaurant';
  if (hasAnyWord(words, PERSON_WORDS)) return 'design-portfolio';
  return 'product';
}

export function landingDefaults(words: ReadonlySet<string>): BlueprintDefaults {
  switch (landingFlavour(words)) {
    case 'bakery':
      return {
        title: 'Hearth & Crumb',
        tagline: 'Slow-fermented bread and pastries, baked before sunrise.',
        palette: { primary: '#b45309', accent: '#be123c', scheme: 'light', background: '#fffaf3' },
        kind: 'a bakery website',
      };
    case 'cafe':
      return {
        title: 'Second Cup',
        tagline: 'Seasonal coffee, good food and a table that is always yours.',
        palette: { primary: '#7c4a2d', accent: '#0f766e', scheme: 'light', background: '#fcf8f4' },
        kind: 'a café website',
      };
    case 'restaurant':
      return {
        title: 'Saltwater Kitchen',
        tagline: 'Seasonal plates, natural wines and a room made for long dinners.',
        palette: { primary: '#9f1239', accent: '#b45309', scheme: 'light', background: '#fdf9f6' },
        kind: 'a restaurant website',
      };
    case 'design-portfolio':
      return {
        title: 'Alex Morgan',
        tagline: 'Product designer crafting calm, useful software for ambitious teams.',
        palette: { primary: '#4f46e5', accent: '#f97316', scheme: 'light' },
        kind: 'a portfolio site',
      };
    case 'photo-portfolio':
      return {
        title: 'Maya Lindqvist',
        tagline: 'Documentary and portrait photography with a quiet, honest eye.',
        palette: { primary: '#e2e8f0', accent: '#f59e0b', scheme: 'dark' },
        kind: 'a photography portfolio',
      };
    default:
      return { title: 'Lumen', tagline: 'Plan, track and ship your work in one calm place.', palette: { primary: '#4f46e5', accent: '#f59e0b', scheme: 'light' }, kind: 'a product landing page' };
  }
}

type Section = 'pricing' | 'visit' | 'faqs';

interface Flavour {
  /** Variant modules stacked over src/content.ts, later ones winning. */
  variants: string[];
  /** The optional sections this flavour shows (each also a component and an `@if` in src/App.tsx). */
  sections: Record<Section, boolean>;
  /** README bullet points. */
  features: string[];
}

const VENUE_FEATURES = ["Hero with today's specials", 'Menu favourites with prices and dietary tags', 'Opening hours, address and a map panel', 'Order-ahead form with validation, reviews and FAQ'];

const FLAVOURS: Record<LandingFlavour, Flavour> = {
  product: {
    variants: [],
    sections: { pricing: true, visit: false, faqs: true },
    features: [
      'Hero with a live product preview and key numbers',
      'Feature grid, three-step "how it works" and customer stories',
      'Three pricing plans with a highlighted favourite',
      'FAQ accordion and a validated sign-up form',
    ],
  },
  bakery: { variants: ['venue', 'bakery'], sections: { pricing: false, visit: true, faqs: true }, features: VENUE_FEATURES },
  cafe: { variants: ['venue', 'cafe'], sections: { pricing: false, visit: true, faqs: true }, features: VENUE_FEATURES },
  restaurant: {
    variants: ['venue', 'restaurant'],
    sections: { pricing: false, visit: true, faqs: true },
    features: ["Hero with today's specials", 'Menu highlights with prices', 'Opening hours, address and a map panel', 'Table booking form with validation, reviews and FAQ'],
  },
  'design-portfolio': {
    variants: ['portfolio', 'design-portfolio'],
    sections: { pricing: true, visit: false, faqs: false },
    features: ['Hero with availability', 'Services, selected work and client testimonials', 'Transparent rates', 'Project enquiry form with validation'],
  },
  'photo-portfolio': {
    variants: ['portfolio', 'photo-portfolio'],
    sections: { pricing: true, visit: false, faqs: false },
    features: ['Hero with availability', 'Services, a gallery of recent projects and client testimonials', 'Session and commission rates', 'Enquiry form with validation'],
  },
};

const SECTION_FILES: Record<Section, string> = {
  pricing: 'src/components/Pricing.tsx',
  visit: 'src/components/VisitUs.tsx',
  faqs: 'src/components/Faq.tsx',
};
/** Files only a section uses, left out with it. */
const SECTION_EXTRAS: Partial<Record<Section, string[]>> = { faqs: ['src/components/ui/accordion.tsx'] };

const FILES = [
  'src/App.tsx',
  'src/content.ts',
  'src/components/Logo.tsx',
  'src/components/NavBar.tsx',
  'src/components/SectionHeader.tsx',
  'src/components/Hero.tsx',
  'src/components/FeatureGrid.tsx',
  'src/components/Showcase.tsx',
  'src/components/Testimonials.tsx',
  'src/components/Pricing.tsx',
  'src/components/VisitUs.tsx',
  'src/components/Faq.tsx',
  'src/components/ui/accordion.tsx',
  'src/components/ContactSection.tsx',
  'src/components/Footer.tsx',
];

export const landingBlueprint: BlueprintEntry = {
  id: 'landing',
  isDataApp: false,
  summary: 'a one-page site with a hero, features, testimonials, a contact form and a responsive layout',
  defaults: landingDefaults,
  files: FILES,
  fill(ctx) {
    const flavour = FLAVOURS[landingFlavour(ctx.words)];
    const features = slotValues('landing', FILES, flavour.variants).features as { items: Array<{ icon: RawCode }> };
    const sections = Object.keys(SECTION_FILES) as Section[];
    return {
      features: [...flavour.features, 'Responsive from phone to desktop, with a mobile menu', 'All copy in `src/content.ts`; all colours in the design tokens of `src/index.css`'],
      variants: flavour.variants,
      // content.ts imports exactly the icons its features show.
      slots: { icons: [...new Set(features.items.map((item) => item.icon.rawCode))].sort() },
      flags: flavour.sections,
      omit: sections.filter((section) => !flavour.sections[section]).flatMap((section) => [SECTION_FILES[section], ...(SECTION_EXTRAS[section] ?? [])]),
    };
  },
};
