// Every blueprint the offline agent can write, with the defaults it falls back on when the
// description names no title, tagline or colours.
import { type BlueprintId } from '../describe.js';
import { type PaletteSeed } from '../palette.js';
import { type Blueprint } from './blueprint-context.js';
import { blogBlueprint, blogDefaults } from './blog.js';
import { dashboardBlueprint } from './dashboard.js';
import { landingBlueprint, landingDefaults } from './landing.js';
import { shopBlueprint, shopDefaults } from './shop.js';
import { socialBlueprint } from './social.js';
import { todoBlueprint } from './todo.js';

export interface BlueprintDefaults {
  title: string;
  tagline: string;
  palette: PaletteSeed;
  /** "a task manager": how the commentary and README name what is being built. */
  kind: string;
}

export interface BlueprintEntry {
  id: BlueprintId;
  /** Keeps its data in PostgreSQL (Drizzle schema, seed, Express API). */
  isDataApp: boolean;
  /** One line for the commentary: what the app contains. */
  summary: string;
  defaults(words: ReadonlySet<string>): BlueprintDefaults;
  build: Blueprint;
}

export const BLUEPRINTS: Record<BlueprintId, BlueprintEntry> = {
  landing: {
    id: 'landing',
    isDataApp: false,
    summary: 'a one-page site with a hero, features, testimonials, a contact form and a responsive layout',
    defaults: landingDefaults,
    build: landingBlueprint,
  },
  todo: {
    id: 'todo',
    isDataApp: false,
    summary: 'tasks with priorities, due dates and projects, a list and a board view, filters and local persistence',
    defaults: () => ({
      title: 'Taskflow',
      tagline: 'Plan your day, focus on what matters, and get it done.',
      palette: { primary: '#2563eb', accent: '#10b981', scheme: 'light' },
      kind: 'a task manager',
    }),
    build: todoBlueprint,
  },
  dashboard: {
    id: 'dashboard',
    isDataApp: false,
    summary: 'KPI cards, SVG line, bar and donut charts, a sortable orders table and a date-range switcher',
    defaults: () => ({
      title: 'Pulse Analytics',
      tagline: 'Your business at a glance: revenue, customers and orders in real time.',
      palette: { primary: '#0f766e', accent: '#f59e0b', scheme: 'light' },
      kind: 'an analytics dashboard',
    }),
    build: dashboardBlueprint,
  },
  blog: {
    id: 'blog',
    isDataApp: true,
    summary: 'posts, authors and comments in PostgreSQL (Drizzle), an Express API, a reader and an editor',
    defaults: blogDefaults,
    build: blogBlueprint,
  },
  shop: {
    id: 'shop',
    isDataApp: true,
    summary: 'a product catalogue, cart and checkout with products and orders in PostgreSQL (Drizzle) behind an Express API',
    defaults: shopDefaults,
    build: shopBlueprint,
  },
  social: {
    id: 'social',
    isDataApp: false,
    summary: 'a feed with posts, likes, comments, follows, hashtags and profiles, kept in local storage',
    defaults: () => ({
      title: 'Circle',
      tagline: 'Share what you are working on with people who care.',
      palette: { primary: '#7c3aed', accent: '#ec4899', scheme: 'light' },
      kind: 'a social feed',
    }),
    build: socialBlueprint,
  },
};
