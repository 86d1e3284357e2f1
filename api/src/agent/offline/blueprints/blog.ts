// A blog with a database (api/blueprints/blog): authors, posts and comments in PostgreSQL through
// Drizzle, an Express JSON API, and a React reader and editor. Until the database is set up, the
// client shows the same sample posts the seed script loads, so the first preview is never empty.
// The sample content follows the description's topic: general essays, travel or food.
import { type BlueprintDefaults, type BlueprintEntry, hasAnyWord } from './blueprint-context.js';

interface Topic {
  /** The variant module with this topic's tags, authors, posts and comments; none for the general one. */
  variant?: string;
  title: string;
  tagline: string;
  primary: string;
  accent: string;
}

const TOPICS = {
  general: { title: 'Field Notes', tagline: 'Essays and notes on building things, working well and the craft behind both.', primary: '#9a3412', accent: '#0f766e' },
  travel: { variant: 'travel', title: 'Far & Away', tagline: 'Slow travel stories, practical tips and places worth the journey.', primary: '#0e7490', accent: '#ea580c' },
  food: { variant: 'food', title: 'Salt & Crumb', tagline: 'Honest recipes and kitchen notes for cooking every day.', primary: '#b45309', accent: '#15803d' },
} satisfies Record<string, Topic>;

function topicFor(words: ReadonlySet<string>): Topic {
  if (hasAnyWord(words, ['travel', 'trip', 'journey', 'destination', 'wanderlust', 'adventure', 'backpacking', 'tourism', 'hotel', 'holiday', 'vacation'])) return TOPICS.travel;
  if (hasAnyWord(words, ['food', 'recipe', 'recipes', 'cooking', 'cook', 'baking', 'chef', 'cuisine', 'meal', 'kitchen', 'vegan'])) return TOPICS.food;
  return TOPICS.general;
}

export function blogDefaults(words: ReadonlySet<string>): BlueprintDefaults {
  const topic = topicFor(words);
  return {
    title: topic.title,
    tagline: topic.tagline,
    palette: { primary: topic.primary, accent: topic.accent, scheme: 'light', background: '#fffdf8' },
    kind: 'a blog with a database',
  };
}

export const blogBlueprint: BlueprintEntry = {
  id: 'blog',
  isDataApp: true,
  summary: 'posts, authors and comments in PostgreSQL (Drizzle), an Express API, a reader and an editor',
  defaults: blogDefaults,
  files: [
    'src/App.tsx',
    'src/components/Layout.tsx',
    'src/components/SampleNotice.tsx',
    'src/pages/HomePage.tsx',
    'src/pages/PostPage.tsx',
    'src/pages/WritePage.tsx',
    'src/pages/NotFoundPage.tsx',
    'src/components/PostCard.tsx',
    'src/components/PostBody.tsx',
    'src/components/CommentSection.tsx',
    'src/components/AuthorAvatar.tsx',
    'src/lib/site.ts',
    'src/lib/queries.ts',
    'src/lib/format.ts',
    'shared/schema.ts',
    'db/meta.json',
    'shared/api-types.ts',
    'shared/text.ts',
    'shared/sample-data.ts',
    'server/routes.ts',
    'db/seed.ts',
  ],
  endpoints: [
    { method: 'GET', path: '/api/health', summary: 'Whether the server is up and the database configured' },
    { method: 'GET', path: '/api/posts?tag=', summary: 'Published posts, newest first, optionally by tag' },
    { method: 'GET', path: '/api/posts/:slug', summary: 'One post with its author and comments' },
    { method: 'POST', path: '/api/posts', summary: 'Publish a post: `{ title, body, tag, authorId, excerpt? }`' },
    { method: 'POST', path: '/api/posts/:slug/comments', summary: 'Add a comment: `{ authorName, body }`' },
    { method: 'GET', path: '/api/authors', summary: 'Everyone who can write posts' },
  ],
  fill(ctx) {
    const { variant } = topicFor(ctx.words);
    return {
      features: [
        'Home page with a featured story, story cards, tag filters and comment counts',
        'Article pages with reading time, author box and comments, each at its own address (react-router)',
        'An editor with validation (react-hook-form and zod) and a live preview that publishes through the API',
        'Authors, posts and comments in PostgreSQL via Drizzle ORM, with sample content in `db/seed.ts`',
        'Express API under `/api` with validation and unique slugs',
        'Shows the sample posts, clearly labelled, until the database is initialized',
      ],
      variants: variant ? [variant] : [],
    };
  },
};
