// A blog with a database: authors, posts and comments in PostgreSQL through Drizzle, an Express
// JSON API, and a React reader and editor. Until the database is set up, the client shows the
// same sample posts the seed script loads, so the first preview is never empty.
import { type BlueprintContext, type ProjectFiles, hasAnyWord, js } from './blueprint-context.js';
import { type TableModel } from './data-model.js';
import { type ApiEndpoint, assembleProject } from './scaffold.js';
import { tsLiteral } from './ts-literal.js';

const TABLES: TableModel[] = [
  {
    name: 'authors',
    rowType: 'Author',
    columns: [
      { name: 'id', kind: 'serial', primaryKey: true },
      { name: 'name', kind: 'varchar', length: 120, notNull: true },
      { name: 'role', kind: 'varchar', length: 120, notNull: true, defaultValue: 'Writer' },
      { name: 'bio', kind: 'text', notNull: true, defaultValue: '' },
    ],
  },
  {
    name: 'posts',
    rowType: 'Post',
    columns: [
      { name: 'id', kind: 'serial', primaryKey: true },
      { name: 'slug', kind: 'varchar', length: 160, notNull: true, unique: true },
      { name: 'title', kind: 'varchar', length: 200, notNull: true },
      { name: 'excerpt', kind: 'text', notNull: true },
      { name: 'body', kind: 'text', notNull: true },
      { name: 'tag', kind: 'varchar', length: 40, notNull: true },
      { name: 'author_id', kind: 'integer', notNull: true, references: { table: 'authors', column: 'id', onDelete: 'cascade' } },
      { name: 'reading_minutes', kind: 'integer', notNull: true, defaultValue: 1 },
      { name: 'published', kind: 'boolean', notNull: true, defaultValue: true },
      { name: 'created_at', kind: 'timestamp', notNull: true, defaultNow: true },
    ],
  },
  {
    name: 'comments',
    rowType: 'Comment',
    columns: [
      { name: 'id', kind: 'serial', primaryKey: true },
      { name: 'post_id', kind: 'integer', notNull: true, references: { table: 'posts', column: 'id', onDelete: 'cascade' } },
      { name: 'author_name', kind: 'varchar', length: 80, notNull: true },
      { name: 'body', kind: 'text', notNull: true },
      { name: 'created_at', kind: 'timestamp', notNull: true, defaultNow: true },
    ],
  },
];

const ENDPOINTS: ApiEndpoint[] = [
  { method: 'GET', path: '/api/health', summary: 'Whether the server is up and the database configured' },
  { method: 'GET', path: '/api/posts?tag=', summary: 'Published posts, newest first, optionally by tag' },
  { method: 'GET', path: '/api/posts/:slug', summary: 'One post with its author and comments' },
  { method: 'POST', path: '/api/posts', summary: 'Publish a post: `{ title, body, tag, authorId, excerpt? }`' },
  { method: 'POST', path: '/api/posts/:slug/comments', summary: 'Add a comment: `{ authorName, body }`' },
  { method: 'GET', path: '/api/authors', summary: 'Everyone who can write posts' },
];

type SampleAuthor = { name: string; role: string; bio: string };
type SamplePost = { slug: string; title: string; tag: string; authorIndex: number; daysAgo: number; body: string[] };
type SampleComment = { postIndex: number; authorName: string; body: string; hoursAgo: number };
type BlogTopic = { title: string; tagline: string; primary: string; accent: string; tags: string[]; authors: SampleAuthor[]; posts: SamplePost[]; comments: SampleComment[] };

const GENERAL_AUTHORS: SampleAuthor[] = [
  { name: 'Maya Chen', role: 'Editor', bio: 'Maya edits the blog and writes about habits, focus and the craft of writing. Previously a newspaper sub-editor.' },
  { name: 'Daniel Okoye', role: 'Engineer', bio: 'Daniel builds software for small teams and writes about keeping systems simple enough to sleep at night.' },
  { name: 'Rosa Lindgren', role: 'Designer', bio: 'Rosa designs products and the occasional typeface. She believes good design is mostly good editing.' },
];

const GENERAL_POSTS: SamplePost[] = [
  {
    slug: 'writing-every-day-for-a-year',
    title: 'What I learned from writing every day for a year',
    tag: 'Writing',
    authorIndex: 0,
    daysAgo: 2,
    body: [
      'Last January I promised myself I would write something, anything, every single day. Not a novel, not a masterpiece: three hundred words before breakfast. I missed four days out of 365, and the habit changed more than my writing.',
      '## Quantity is a teacher',
      'The first month was mostly bad. That was the point. When you write every day you stop treating each piece as precious, and you start noticing patterns: the sentences you always reach for, the ideas you keep circling back to, the moment a draft goes slack.',
      '## Small beats heroic',
      'Three hundred words sounds trivial, and that is exactly why it works. On the worst mornings I could still manage it, which meant the chain never broke. On good mornings three hundred became two thousand without any effort at all.',
      '> The habit is the product. Everything else is a side effect.',
      'If you want to try it, pick a number small enough to be slightly embarrassing, write it down somewhere you will see it, and start tomorrow. Not Monday. Tomorrow.',
    ],
  },
  {
    slug: 'the-case-for-boring-technology',
    title: 'The case for boring technology',
    tag: 'Engineering',
    authorIndex: 1,
    daysAgo: 6,
    body: [
      'Every team has a budget for novelty, whether they admit it or not. Spend it on the parts of your product that make you different, and use the most boring, well-understood tools for everything else.',
      '## Boring means known',
      'A boring database has had its failure modes documented by thousands of people before you. When it breaks at 3 am, someone has written the blog post that tells you why. That is worth more than any benchmark.',
      '## Innovation tokens',
      'Imagine you get three tokens to spend on new technology in a project. A new language costs one. A new database costs one. A new deployment platform costs one. Suddenly the shiny queue you read about last week has to justify itself against everything else.',
      'None of this means never trying new things. It means trying them on purpose, where the payoff is real, and being honest about the cost of being the first to find the bugs.',
    ],
  },
  {
    slug: 'designing-for-the-second-visit',
    title: 'Designing for the second visit',
    tag: 'Design',
    authorIndex: 2,
    daysAgo: 11,
    body: [
      'We spend enormous effort on first impressions: onboarding flows, empty states, welcome tours. Far less goes into the second visit, which is where people decide whether a product becomes a habit.',
      '## Remember where they were',
      'The kindest thing software can do is remember. Reopen the document they were editing. Keep the filter they set. Put the thing they used yesterday within one click today.',
      '## Get out of the way',
      'The tooltips that helped on day one become clutter on day two. Good products fade their teaching into the background once someone has shown they know the way around.',
      'Next time you review a design, ask what it feels like on the tenth visit, not just the first. That is the version of your product most people actually use.',
    ],
  },
  {
    slug: 'a-field-guide-to-better-meetings',
    title: 'A field guide to better meetings',
    tag: 'Work',
    authorIndex: 0,
    daysAgo: 17,
    body: [
      'Most meetings fail before they start, because nobody wrote down what the meeting is for. Here is the short checklist our team now uses, and it has cut our meeting time by about a third.',
      '## Write the outcome first',
      'Every invitation starts with one sentence: by the end of this meeting, we will have decided X. If you cannot write that sentence, you probably need a document, not a meeting.',
      '## Fewer people, more notes',
      'Invite the people who need to decide and share the notes with everyone else. People who only needed to be informed will thank you for the hour back.',
      'Finally, end five minutes early. Nobody has ever complained about a meeting that gave them time back.',
    ],
  },
  {
    slug: 'a-week-without-notifications',
    title: 'Notes from a week without notifications',
    tag: 'Habits',
    authorIndex: 1,
    daysAgo: 24,
    body: [
      'For one week I turned off every notification on my phone and laptop except phone calls from family. I expected to miss important things. Mostly I missed interruptions.',
      '## The first two days',
      'I checked my phone constantly, out of habit, looking for the little red dots that were no longer there. It was a humbling reminder of how much of my attention was on autopilot.',
      '## The rest of the week',
      'By Wednesday I was checking messages three times a day, on purpose. Replies got slower by a few hours and better by a lot. Nobody noticed the difference except me.',
      'I have kept most notifications off since. If something is truly urgent, people call.',
    ],
  },
];

const GENERAL_COMMENTS: SampleComment[] = [
  { postIndex: 0, authorName: 'Jonas', body: 'The "slightly embarrassing" number is such good advice. I started with one hundred words and I am still going.', hoursAgo: 20 },
  { postIndex: 0, authorName: 'Priya', body: 'Did you write at the same time every day? Mornings never work for me.', hoursAgo: 9 },
  { postIndex: 1, authorName: 'Sam', body: 'Innovation tokens changed how our team argues about tools. Highly recommend.', hoursAgo: 100 },
  { postIndex: 2, authorName: 'Elena', body: 'Remembering where I was is the feature I notice most when it is missing.', hoursAgo: 200 },
  { postIndex: 3, authorName: 'Marcus', body: 'Writing the outcome first killed half our recurring meetings. In a good way.', hoursAgo: 350 },
];

const GENERAL: BlogTopic = {
  title: 'Field Notes',
  tagline: 'Essays and notes on building things, working well and the craft behind both.',
  primary: '#9a3412',
  accent: '#0f766e',
  tags: ['Writing', 'Engineering', 'Design', 'Work', 'Habits'],
  authors: GENERAL_AUTHORS,
  posts: GENERAL_POSTS,
  comments: GENERAL_COMMENTS,
};

const TRAVEL: BlogTopic = {
  title: 'Far & Away',
  tagline: 'Slow travel stories, practical tips and places worth the journey.',
  primary: '#0e7490',
  accent: '#ea580c',
  tags: ['Cities', 'Rail', 'Tips', 'Food', 'Hiking'],
  authors: [
    { name: 'Amara Nwosu', role: 'Editor', bio: 'Amara has lived in five countries and still gets lost in all of them. She edits the magazine from Lisbon.' },
    { name: 'Luca Romano', role: 'Contributing writer', bio: 'Luca writes about trains, small towns and the art of missing your connection gracefully.' },
    { name: 'Ines Duarte', role: 'Photographer', bio: 'Ines photographs markets, coastlines and the people who make places what they are.' },
  ],
  posts: [
    {
      slug: 'lisbon-in-three-slow-days',
      title: 'Lisbon in three slow days',
      tag: 'Cities',
      authorIndex: 0,
      daysAgo: 2,
      body: [
        'Lisbon rewards people who refuse to hurry. Its hills make sure of that. Here is how to spend three days without a single queue, and still leave wanting more.',
        '## Day one: Alfama before breakfast',
        'Climb into Alfama at eight, while the laundry is going up and the tour groups are still asleep. Get a bica and a pastel de nata at a counter where nobody speaks English, then follow the sound of the trams downhill.',
        '## Day two: across the river',
        'Take the ferry to Cacilhas for the view back across the Tagus, then walk the riverside to a fish restaurant with plastic chairs and perfect grilled sardines.',
        '> The best view of a city is often from just outside it.',
        'Keep day three empty. You will find a reason to go back to somewhere you passed on day one.',
      ],
    },
    {
      slug: 'the-overnight-train-is-back',
      title: 'The overnight train is back, and it is glorious',
      tag: 'Rail',
      authorIndex: 1,
      daysAgo: 7,
      body: [
        'Falling asleep in Vienna and waking up in Venice still feels like a magic trick. A decade ago most European night trains were being cut. Now new routes open every year.',
        '## What to book',
        'A private compartment is worth it for two people; a couchette is cheerful and cheap if you travel light and sleep easily. Book the lower bunk if you value your dignity at 3 am.',
        '## What to bring',
        'A bottle of water, a picnic from the station deli, earplugs and a good book. The dining car, when there is one, is part of the adventure rather than the point of it.',
        'Yes, it is slower than flying. That is the whole idea.',
      ],
    },
    {
      slug: 'packing-light-one-bag-two-weeks',
      title: 'Packing light: one bag for two weeks',
      tag: 'Tips',
      authorIndex: 0,
      daysAgo: 12,
      body: [
        'Everything I need for two weeks fits in a 30-litre backpack, and I have never once missed the suitcase. The trick is not clever gear; it is deciding in advance what you will do without.',
        '## The three-outfit rule',
        'Pack three outfits that all work together, in colours that hide a week of wear. Wash a few things in the sink every third night and you are set for any length of trip.',
        '## Leave room',
        'A bag that is full on day one is a bag that will not close on day ten. Leave space for the things you will find along the way.',
      ],
    },
    {
      slug: 'a-morning-at-the-market',
      title: 'A morning at the Tsukiji outer market',
      tag: 'Food',
      authorIndex: 2,
      daysAgo: 18,
      body: [
        'The wholesale fish auction has moved, but the outer market is as busy as ever: knife shops, tamago stands and counters that have served the same breakfast for sixty years.',
        '## Go early, go hungry',
        'Arrive by seven. Eat standing up: a skewer of grilled scallop, a slice of sweet rolled omelette, a bowl of tuna over rice at a counter with six stools.',
        'Bring cash, point at what looks good, and say thank you. That is all the Japanese you need here.',
      ],
    },
    {
      slug: 'cinque-terre-out-of-season',
      title: 'Walking the Cinque Terre out of season',
      tag: 'Hiking',
      authorIndex: 1,
      daysAgo: 26,
      body: [
        'In August the coastal path is a queue with a view. In November it is just a view: five villages, terraced vineyards and a sea that changes colour by the hour.',
        '## The route',
        'Start in Monterosso and walk south to Riomaggiore over two days, sleeping in Vernazza. Some sections close after heavy rain, so check the park notices each morning.',
        'Pack a rain jacket, trust the trains between villages if your knees complain, and stop for focaccia whenever you smell it.',
      ],
    },
  ],
  comments: [
    { postIndex: 0, authorName: 'Jonas', body: 'Did exactly this last spring. The ferry view at sunset is unbeatable.', hoursAgo: 20 },
    { postIndex: 0, authorName: 'Priya', body: 'Saving this for October. Any tips for rainy days?', hoursAgo: 8 },
    { postIndex: 1, authorName: 'Sam', body: 'The Vienna to Venice route is the best thing I did all year.', hoursAgo: 120 },
    { postIndex: 2, authorName: 'Elena', body: 'The three-outfit rule changed my life. Never checking a bag again.', hoursAgo: 230 },
    { postIndex: 4, authorName: 'Marcus', body: 'November was perfect: cool, quiet, and the focaccia was still warm.', hoursAgo: 400 },
  ],
};

const FOOD: BlogTopic = {
  title: 'Salt & Crumb',
  tagline: 'Honest recipes and kitchen notes for cooking every day.',
  primary: '#b45309',
  accent: '#15803d',
  tags: ['Recipes', 'Technique', 'Baking', 'Pantry', 'Seasonal'],
  authors: [
    { name: 'Nora Fields', role: 'Cook and editor', bio: 'Nora cooked in restaurants for ten years before deciding she preferred feeding friends. She writes most of the recipes here.' },
    { name: 'Sami Haddad', role: 'Baker', bio: 'Sami bakes bread before sunrise and writes about it after. His sourdough starter is older than his car.' },
    { name: 'Julia Park', role: 'Recipe developer', bio: 'Julia tests every recipe three times so you do not have to. She believes in weighing flour.' },
  ],
  posts: [
    {
      slug: 'weeknight-tomato-pasta',
      title: 'The weeknight tomato pasta I make every week',
      tag: 'Recipes',
      authorIndex: 0,
      daysAgo: 3,
      body: [
        'This is the dinner I make when I am tired, hungry and have nothing in the fridge. It takes twenty minutes and tastes like you tried much harder.',
        '## What you need',
        'A tin of good whole tomatoes, four cloves of garlic, a generous glug of olive oil, a pinch of chilli, salt, and 200 g of spaghetti for two.',
        '## How to make it',
        'Warm the sliced garlic in the oil over low heat until it just turns golden. Add the chilli, then the tomatoes, crushing them with your hands. Simmer while the pasta cooks, then toss everything together with a splash of pasta water.',
        '> The pasta water is the secret. It turns oil and tomato into a sauce that clings.',
        'Finish with torn basil if you have it, and parmesan if you must.',
      ],
    },
    {
      slug: 'should-you-salt-eggplant',
      title: 'Why you should salt your eggplant (and when not to)',
      tag: 'Technique',
      authorIndex: 2,
      daysAgo: 9,
      body: [
        'Salting eggplant used to be about drawing out bitterness. Modern varieties are rarely bitter, but salting still matters, for a different reason: texture.',
        '## What salting does',
        'Salt pulls water out of the spongy flesh and collapses its air pockets. Salted eggplant soaks up less oil when you fry it, and ends up creamy rather than greasy.',
        '## When to skip it',
        'For grilling or roasting whole, do not bother: the dry heat does the same job. For curries and stews, the eggplant will collapse anyway.',
      ],
    },
    {
      slug: 'sourdough-without-the-stress',
      title: 'Sourdough without the stress',
      tag: 'Baking',
      authorIndex: 1,
      daysAgo: 15,
      body: [
        'Sourdough has a reputation for being fussy. It is not. It is just slow, and slow is easy once you stop watching it.',
        '## A schedule that fits a working day',
        'Feed your starter before bed. Mix the dough before work. Fold it twice in the evening, shape it, and leave it in the fridge overnight. Bake it the next morning.',
        'Your first loaf will be flat. Your fifth will be good. Your twentieth will make people ask for the recipe.',
      ],
    },
    {
      slug: 'a-pantry-worth-keeping',
      title: 'A pantry worth keeping',
      tag: 'Pantry',
      authorIndex: 0,
      daysAgo: 21,
      body: [
        'A well-stocked pantry is the difference between ordering takeaway and making something you are proud of. It does not need to be big; it needs to be chosen.',
        '## The short list',
        'Good olive oil, tinned tomatoes, anchovies, capers, dried pasta, rice, lentils, a wedge of parmesan, lemons, garlic and a jar of chilli crisp. With these, dinner is always twenty minutes away.',
        'Buy the best version you can afford of the things you use every day. Skip the rest.',
      ],
    },
    {
      slug: 'five-soups-for-january',
      title: 'Five soups for a cold January',
      tag: 'Seasonal',
      authorIndex: 2,
      daysAgo: 30,
      body: [
        'January calls for soup: cheap, forgiving, and better the next day. These five have carried us through every winter.',
        '## The list',
        'Roasted squash with brown butter and sage. Red lentil with cumin and lemon. A proper chicken noodle. White bean and kale with too much garlic. And a French onion soup that takes an hour and is worth every minute.',
        'Make a big pot on Sunday and lunch is sorted for the week.',
      ],
    },
  ],
  comments: [
    { postIndex: 0, authorName: 'Tom', body: 'Made this tonight with the kids. Clean plates all round.', hoursAgo: 30 },
    { postIndex: 0, authorName: 'Aisha', body: 'The tip about the pasta water is a game changer.', hoursAgo: 10 },
    { postIndex: 2, authorName: 'Ben', body: 'Loaf number six and finally an open crumb. Thank you!', hoursAgo: 150 },
    { postIndex: 3, authorName: 'Clara', body: 'Chilli crisp on everything. Agreed.', hoursAgo: 300 },
    { postIndex: 4, authorName: 'Dev', body: 'The lentil soup is now a weekly fixture in our house.', hoursAgo: 500 },
  ],
};

function topicFor(words: ReadonlySet<string>): BlogTopic {
  if (hasAnyWord(words, ['travel', 'trip', 'journey', 'destination', 'wanderlust', 'adventure', 'backpacking', 'tourism', 'hotel', 'holiday', 'vacation'])) return TRAVEL;
  if (hasAnyWord(words, ['food', 'recipe', 'recipes', 'cooking', 'cook', 'baking', 'chef', 'cuisine', 'meal', 'kitchen', 'vegan'])) return FOOD;
  return GENERAL;
}

export function blogDefaults(words: ReadonlySet<string>) {
  const topic = topicFor(words);
  return {
    title: topic.title,
    tagline: topic.tagline,
    palette: { primary: topic.primary, accent: topic.accent, scheme: 'light' as const, background: '#fffdf8' },
    kind: 'a blog with a database',
  };
}

const API_TYPES_TS = `// The JSON the API sends and accepts; the client and the server both use these.

export interface AuthorSummary {
  id: number;
  name: string;
  role: string;
  bio: string;
}

export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  tag: string;
  readingMinutes: number;
  /** ISO 8601 */
  createdAt: string;
  author: AuthorSummary;
  commentCount: number;
}

export interface CommentItem {
  id: number;
  authorName: string;
  body: string;
  createdAt: string;
}

export interface PostDetail extends PostSummary {
  body: string;
  comments: CommentItem[];
}

export interface NewPostInput {
  title: string;
  body: string;
  tag: string;
  authorId: number;
  excerpt?: string;
}

export interface NewCommentInput {
  authorName: string;
  body: string;
}
`;

const TEXT_TS = `/** "Hello, World!" gives "hello-world". */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\\u0300-\\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'post'
  );
}

/** At about 230 words a minute, never less than one minute. */
export function readingMinutes(body: string): number {
  const words = body.trim().split(/\\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

/** The first paragraph that is not a heading or quote, cut at a word near \`length\` characters. */
export function excerptFrom(body: string, length = 180): string {
  const paragraph = body.split(/\\n\\s*\\n/).find((p) => p.trim() && !/^(##|>)/.test(p.trim())) ?? body;
  const text = paragraph.trim().replace(/\\s+/g, ' ');
  if (text.length <= length) return text;
  return text.slice(0, text.lastIndexOf(' ', length)) + '…';
}
`;

function sampleDataTs(topic: BlogTopic): string {
  const posts = topic.posts.map((post) => ({ ...post, body: post.body.join('\n\n') }));
  return `// Sample content: db/seed.ts loads it into the database, and the client shows it until the
// database is set up.
import type { CommentItem, PostDetail, PostSummary } from './api-types';
import { excerptFrom, readingMinutes } from './text';

/** The tags the editor offers. */
export const sampleTags: string[] = ${tsLiteral(topic.tags)};

export const sampleAuthors = ${tsLiteral(topic.authors)};

export const samplePosts: Array<{ slug: string; title: string; tag: string; authorIndex: number; daysAgo: number; body: string }> = ${tsLiteral(posts)};

export const sampleComments = ${tsLiteral(topic.comments)};

const HOUR = 3_600_000;

function isoHoursAgo(hours: number): string {
  return new Date(Date.now() - hours * HOUR).toISOString();
}

function sampleComment(comment: (typeof sampleComments)[number], index: number): CommentItem {
  return { id: index + 1, authorName: comment.authorName, body: comment.body, createdAt: isoHoursAgo(comment.hoursAgo) };
}

export function samplePostDetails(): PostDetail[] {
  return samplePosts.map((post, index) => {
    const author = sampleAuthors[post.authorIndex];
    const comments = sampleComments.map(sampleComment).filter((_, i) => sampleComments[i].postIndex === index);
    return {
      id: index + 1,
      slug: post.slug,
      title: post.title,
      excerpt: excerptFrom(post.body),
      tag: post.tag,
      readingMinutes: readingMinutes(post.body),
      createdAt: isoHoursAgo(post.daysAgo * 24),
      author: { id: post.authorIndex + 1, ...author },
      commentCount: comments.length,
      body: post.body,
      comments,
    };
  });
}

export function samplePostSummaries(): PostSummary[] {
  return samplePostDetails().map(({ body: _body, comments: _comments, ...summary }) => summary);
}
`;
}

const SEED_TS = `// Loads the sample authors, posts and comments. Safe to run again: it skips a database that has posts.
import { count } from 'drizzle-orm';
import { databaseUrl, db, pool } from '../server/db';
import { sampleAuthors, sampleComments, samplePosts } from '../shared/sample-data';
import { authors, comments, posts } from '../shared/schema';
import { excerptFrom, readingMinutes } from '../shared/text';

if (!databaseUrl) {
  console.error('DATABASE_URL is not set: copy .env.example to .env and fill it in, or initialize the database in Forge.');
  process.exit(1);
}

const HOUR = 3_600_000;

try {
  const [{ existing }] = await db.select({ existing: count() }).from(posts);
  if (existing > 0) {
    console.log('The database already has ' + existing + ' posts; nothing to seed.');
  } else {
    await db.transaction(async (tx) => {
      const authorRows = await tx.insert(authors).values(sampleAuthors).returning({ id: authors.id });
      const postRows = await tx
        .insert(posts)
        .values(
          samplePosts.map((post) => ({
            slug: post.slug,
            title: post.title,
            tag: post.tag,
            body: post.body,
            excerpt: excerptFrom(post.body),
            readingMinutes: readingMinutes(post.body),
            authorId: authorRows[post.authorIndex].id,
            createdAt: new Date(Date.now() - post.daysAgo * 24 * HOUR),
          })),
        )
        .returning({ id: posts.id });
      await tx.insert(comments).values(
        sampleComments.map((comment) => ({
          postId: postRows[comment.postIndex].id,
          authorName: comment.authorName,
          body: comment.body,
          createdAt: new Date(Date.now() - comment.hoursAgo * HOUR),
        })),
      );
    });
    console.log('Seeded ' + sampleAuthors.length + ' authors, ' + samplePosts.length + ' posts and ' + sampleComments.length + ' comments.');
  }
} finally {
  await pool.end();
}
`;

const ROUTES_TS = `import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import { Router } from 'express';
import type { AuthorSummary, CommentItem, NewCommentInput, NewPostInput, PostDetail, PostSummary } from '../shared/api-types';
import { authors, comments, type Post, posts } from '../shared/schema';
import { excerptFrom, readingMinutes, slugify } from '../shared/text';
import { db } from './db';
import { HttpError } from './http-error';

export const apiRouter = Router();

const authorColumns = { id: authors.id, name: authors.name, role: authors.role, bio: authors.bio };

function requireText(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string' || !value.trim()) throw new HttpError(400, field + ' is required.');
  if (value.length > maxLength) throw new HttpError(400, field + ' must be at most ' + maxLength + ' characters.');
  return value.trim();
}

function toSummary(post: Post, author: AuthorSummary, commentCount: number): PostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    tag: post.tag,
    readingMinutes: post.readingMinutes,
    createdAt: post.createdAt.toISOString(),
    author,
    commentCount,
  };
}

async function findPost(slug: string): Promise<PostDetail> {
  const [row] = await db
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(authors, eq(posts.authorId, authors.id))
    .where(eq(posts.slug, slug));
  if (!row) throw new HttpError(404, 'No post at this address.');
  const commentRows = await db.select().from(comments).where(eq(comments.postId, row.post.id)).orderBy(asc(comments.createdAt));
  const items: CommentItem[] = commentRows.map((c) => ({ id: c.id, authorName: c.authorName, body: c.body, createdAt: c.createdAt.toISOString() }));
  return { ...toSummary(row.post, row.author, items.length), body: row.post.body, comments: items };
}

apiRouter.get('/authors', async (_req, res) => {
  res.json(await db.select(authorColumns).from(authors).orderBy(asc(authors.name)));
});

apiRouter.get('/posts', async (req, res) => {
  const tag = typeof req.query.tag === 'string' && req.query.tag ? req.query.tag : null;
  const rows = await db
    .select({ post: posts, author: authorColumns, commentCount: count(comments.id) })
    .from(posts)
    .innerJoin(authors, eq(posts.authorId, authors.id))
    .leftJoin(comments, eq(comments.postId, posts.id))
    .where(tag ? and(eq(posts.published, true), eq(posts.tag, tag)) : eq(posts.published, true))
    .groupBy(posts.id, authors.id)
    .orderBy(desc(posts.createdAt));
  res.json(rows.map((row) => toSummary(row.post, row.author, row.commentCount)));
});

apiRouter.get('/posts/:slug', async (req, res) => {
  res.json(await findPost(req.params.slug));
});

apiRouter.post('/posts', async (req, res) => {
  const input = (req.body ?? {}) as Partial<NewPostInput>;
  const title = requireText(input.title, 'Title', 200);
  const body = requireText(input.body, 'Body', 50_000);
  const tag = requireText(input.tag, 'Tag', 40);
  const authorId = Number(input.authorId);
  const [author] = await db.select({ id: authors.id }).from(authors).where(eq(authors.id, authorId));
  if (!author) throw new HttpError(400, 'Choose an author.');

  // Slugs are unique: a repeated title gets -2, -3 and so on.
  const base = slugify(title);
  const taken = await db.select({ slug: posts.slug }).from(posts).where(like(posts.slug, base + '%'));
  const used = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = base + '-' + n;

  const excerpt = typeof input.excerpt === 'string' && input.excerpt.trim() ? input.excerpt.trim().slice(0, 300) : excerptFrom(body);
  await db.insert(posts).values({ slug, title, body, tag, excerpt, authorId, readingMinutes: readingMinutes(body) });
  res.status(201).json(await findPost(slug));
});

apiRouter.post('/posts/:slug/comments', async (req, res) => {
  const input = (req.body ?? {}) as Partial<NewCommentInput>;
  const authorName = requireText(input.authorName, 'Name', 80);
  const body = requireText(input.body, 'Comment', 2000);
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, req.params.slug));
  if (!post) throw new HttpError(404, 'No post at this address.');
  const [comment] = await db.insert(comments).values({ postId: post.id, authorName, body }).returning();
  const item: CommentItem = { id: comment.id, authorName: comment.authorName, body: comment.body, createdAt: comment.createdAt.toISOString() };
  res.status(201).json(item);
});
`;

const CLIENT_API_TS = `import type { AuthorSummary, CommentItem, NewCommentInput, NewPostInput, PostDetail, PostSummary } from '../shared/api-types';
import { sampleAuthors, samplePostDetails, samplePostSummaries } from '../shared/sample-data';

/** Where the data on screen came from: the database, or the built-in samples while it is not set up. */
export type Source = 'database' | 'sample';

export class ApiError extends Error {
  status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: init?.body ? { 'Content-Type': 'application/json' } : undefined,
  });
  const type = response.headers.get('content-type') ?? '';
  // Without the API server (a static preview), /api answers with the HTML page.
  if (!type.includes('application/json')) throw new ApiError(503, 'The API server is not running.');
  const data = await response.json();
  if (!response.ok) throw new ApiError(response.status, (data as { error?: string }).error ?? 'Request failed (' + response.status + ')');
  return data as T;
}

export async function listPosts(tag: string | null): Promise<{ posts: PostSummary[]; source: Source }> {
  try {
    const query = tag ? '?tag=' + encodeURIComponent(tag) : '';
    return { posts: await request<PostSummary[]>('/api/posts' + query), source: 'database' };
  } catch {
    const posts = samplePostSummaries().filter((post) => !tag || post.tag === tag);
    return { posts, source: 'sample' };
  }
}

export async function getPost(slug: string): Promise<{ post: PostDetail | null; source: Source }> {
  try {
    return { post: await request<PostDetail>('/api/posts/' + encodeURIComponent(slug)), source: 'database' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { post: null, source: 'database' };
    return { post: samplePostDetails().find((post) => post.slug === slug) ?? null, source: 'sample' };
  }
}

export async function listAuthors(): Promise<{ authors: AuthorSummary[]; source: Source }> {
  try {
    return { authors: await request<AuthorSummary[]>('/api/authors'), source: 'database' };
  } catch {
    return { authors: sampleAuthors.map((author, index) => ({ id: index + 1, ...author })), source: 'sample' };
  }
}

export function createPost(input: NewPostInput): Promise<PostDetail> {
  return request<PostDetail>('/api/posts', { method: 'POST', body: JSON.stringify(input) });
}

export function addComment(slug: string, input: NewCommentInput): Promise<CommentItem> {
  return request<CommentItem>('/api/posts/' + encodeURIComponent(slug) + '/comments', { method: 'POST', body: JSON.stringify(input) });
}
`;

const ROUTE_TS = `import { useEffect, useState } from 'react';

export type Route = { name: 'home'; tag: string | null } | { name: 'post'; slug: string } | { name: 'write' };

/** Hash routes keep the app a single static page: #/, #/tag/Design, #/post/my-slug, #/write. */
export function parseRoute(hash: string): Route {
  const [, section, value] = hash.replace(/^#/, '').split('/');
  if (section === 'post' && value) return { name: 'post', slug: decodeURIComponent(value) };
  if (section === 'write') return { name: 'write' };
  if (section === 'tag' && value) return { name: 'home', tag: decodeURIComponent(value) };
  return { name: 'home', tag: null };
}

export function hrefFor(route: Route): string {
  if (route.name === 'post') return '#/post/' + encodeURIComponent(route.slug);
  if (route.name === 'write') return '#/write';
  return route.tag ? '#/tag/' + encodeURIComponent(route.tag) : '#/';
}

export function navigate(route: Route): void {
  window.location.hash = hrefFor(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = () => {
      setRoute(parseRoute(window.location.hash));
      window.scrollTo({ top: 0 });
    };
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
`;

const FORMAT_TS = `export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

export function timeAgo(iso: string): string {
  const minutes = Math.round((Date.now() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes + ' min ago';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours + (hours === 1 ? ' hour ago' : ' hours ago');
  const days = Math.round(hours / 24);
  if (days < 30) return days + (days === 1 ? ' day ago' : ' days ago');
  return formatDate(iso);
}

export function initials(name: string): string {
  return name
    .split(/\\s+/)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')
    .slice(0, 2);
}
`;

function appTsx(ctx: BlueprintContext): string {
  return `import { PenLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PostSummary } from '../shared/api-types';
import { listPosts, type Source } from './api';
import { PostEditor } from './components/PostEditor';
import { PostList } from './components/PostList';
import { PostView } from './components/PostView';
import { SampleNotice } from './components/SampleNotice';
import { hrefFor, useRoute } from './lib/route';
import './app.css';

const BLOG_NAME = ${js(ctx.title)};
const TAGLINE = ${js(ctx.tagline)};

export function App() {
  const route = useRoute();
  const [posts, setPosts] = useState<PostSummary[] | null>(null);
  const [source, setSource] = useState<Source>('database');
  const [reloadKey, setReloadKey] = useState(0);
  const tag = route.name === 'home' ? route.tag : null;

  useEffect(() => {
    let cancelled = false;
    setPosts(null);
    listPosts(tag).then((result) => {
      if (cancelled) return;
      setPosts(result.posts);
      setSource(result.source);
    });
    return () => {
      cancelled = true;
    };
  }, [tag, reloadKey]);

  return (
    <div className="site">
      <header className="masthead">
        <div className="container masthead-inner">
          <a className="wordmark" href={hrefFor({ name: 'home', tag: null })}>
            {BLOG_NAME}
          </a>
          <nav className="masthead-nav" aria-label="Main">
            <a href={hrefFor({ name: 'home', tag: null })}>Stories</a>
            <a className="btn btn-primary btn-small" href={hrefFor({ name: 'write' })}>
              <PenLine size={16} aria-hidden="true" /> Write
            </a>
          </nav>
        </div>
      </header>
      {source === 'sample' && <SampleNotice />}
      <main className="container main">
        {route.name === 'home' && <PostList posts={posts} tag={route.tag} tagline={TAGLINE} />}
        {route.name === 'post' && <PostView slug={route.slug} />}
        {route.name === 'write' && <PostEditor onPublished={() => setReloadKey((key) => key + 1)} />}
      </main>
      <footer className="site-footer">
        <div className="container">
          <strong>{BLOG_NAME}</strong>
          <span className="muted">{TAGLINE}</span>
        </div>
      </footer>
    </div>
  );
}
`;
}

const SAMPLE_NOTICE = `import { Database } from 'lucide-react';

export function SampleNotice() {
  return (
    <div className="sample-notice" role="status">
      <div className="container">
        <Database size={16} aria-hidden="true" />
        <span>
          Showing sample posts: the database is not set up yet. Initialize it (Database tab, or <code>npm run db:push</code> and{' '}
          <code>npm run db:seed</code>) to publish and comment.
        </span>
      </div>
    </div>
  );
}
`;

const POST_LIST = `import { MessageCircle } from 'lucide-react';
import type { PostSummary } from '../../shared/api-types';
import { formatDate, initials } from '../lib/format';
import { hrefFor } from '../lib/route';

interface Props {
  posts: PostSummary[] | null;
  tag: string | null;
  tagline: string;
}

export function PostList({ posts, tag, tagline }: Props) {
  if (posts === null) return <p className="loading">Loading stories…</p>;

  const tags = [...new Set(posts.map((post) => post.tag))].sort();
  // The newest story leads the home page; a tag page is a plain grid.
  const featured = tag ? null : (posts[0] ?? null);
  const rest = featured ? posts.slice(1) : posts;

  return (
    <>
      <section className="intro">
        <h1>{tag ? 'Stories tagged ' + tag : tagline}</h1>
        <nav className="tags" aria-label="Tags">
          <a href={hrefFor({ name: 'home', tag: null })} aria-current={tag === null ? 'page' : undefined}>
            All
          </a>
          {(tag && !tags.includes(tag) ? [...tags, tag] : tags).map((name) => (
            <a key={name} href={hrefFor({ name: 'home', tag: name })} aria-current={tag === name ? 'page' : undefined}>
              {name}
            </a>
          ))}
        </nav>
      </section>
      {posts.length === 0 && <p className="empty">No stories here yet. Be the first to write one.</p>}
      {featured && <PostCard post={featured} featured />}
      <div className="post-grid">
        {rest.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </>
  );
}

function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  return (
    <article className={featured ? 'post-card featured' : 'post-card'}>
      <a className="post-card-link" href={hrefFor({ name: 'post', slug: post.slug })}>
        <span className="tag">{post.tag}</span>
        <h2>{post.title}</h2>
        <p className="excerpt">{post.excerpt}</p>
        <div className="byline">
          <span className="avatar" aria-hidden="true">
            {initials(post.author.name)}
          </span>
          <span>
            <strong>{post.author.name}</strong>
            <span className="muted">
              {formatDate(post.createdAt)} · {post.readingMinutes} min read
            </span>
          </span>
          <span className="comment-count muted" title="Comments">
            <MessageCircle size={16} aria-hidden="true" /> {post.commentCount}
          </span>
        </div>
      </a>
    </article>
  );
}
`;

const POST_BODY = `/** Renders the post format: paragraphs split by blank lines, "## " subheadings and "> " quotes. */
export function PostBody({ body }: { body: string }) {
  const blocks = body.split(/\\n\\s*\\n/).map((block) => block.trim()).filter(Boolean);
  return (
    <div className="post-body">
      {blocks.map((block, index) => {
        if (block.startsWith('## ')) return <h2 key={index}>{block.slice(3)}</h2>;
        if (block.startsWith('> ')) return <blockquote key={index}>{block.replace(/^> ?/gm, '')}</blockquote>;
        return <p key={index}>{block}</p>;
      })}
    </div>
  );
}
`;

const POST_VIEW = `import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PostDetail } from '../../shared/api-types';
import { getPost, type Source } from '../api';
import { formatDate, initials } from '../lib/format';
import { hrefFor } from '../lib/route';
import { CommentSection } from './CommentSection';
import { PostBody } from './PostBody';

export function PostView({ slug }: { slug: string }) {
  const [state, setState] = useState<{ post: PostDetail | null; source: Source } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setState(null);
    getPost(slug).then((result) => {
      if (!cancelled) setState(result);
    });
    return () => {
      cancelled = true;
    };
  }, [slug]);

  if (state === null) return <p className="loading">Loading…</p>;
  if (state.post === null) {
    return (
      <div className="empty">
        <h1>Story not found</h1>
        <p className="muted">It may have been moved or deleted.</p>
        <a className="btn btn-outline" href={hrefFor({ name: 'home', tag: null })}>
          Back to all stories
        </a>
      </div>
    );
  }

  const { post, source } = state;
  return (
    <article className="post">
      <a className="back-link" href={hrefFor({ name: 'home', tag: null })}>
        <ArrowLeft size={16} aria-hidden="true" /> All stories
      </a>
      <header className="post-header">
        <a className="tag" href={hrefFor({ name: 'home', tag: post.tag })}>
          {post.tag}
        </a>
        <h1>{post.title}</h1>
        {!post.body.startsWith(post.excerpt.replace(/…$/, '')) && <p className="post-dek">{post.excerpt}</p>}
        <div className="byline">
          <span className="avatar" aria-hidden="true">
            {initials(post.author.name)}
          </span>
          <span>
            <strong>{post.author.name}</strong>
            <span className="muted">
              {formatDate(post.createdAt)} · {post.readingMinutes} min read
            </span>
          </span>
        </div>
      </header>
      <PostBody body={post.body} />
      <aside className="author-box">
        <span className="avatar avatar-large" aria-hidden="true">
          {initials(post.author.name)}
        </span>
        <div>
          <strong>
            {post.author.name} · <span className="muted">{post.author.role}</span>
          </strong>
          <p>{post.author.bio}</p>
        </div>
      </aside>
      <CommentSection slug={post.slug} initialComments={post.comments} canComment={source === 'database'} />
    </article>
  );
}
`;

const COMMENT_SECTION = `import { type FormEvent, useState } from 'react';
import type { CommentItem } from '../../shared/api-types';
import { addComment } from '../api';
import { initials, timeAgo } from '../lib/format';

interface Props {
  slug: string;
  initialComments: CommentItem[];
  canComment: boolean;
}

export function CommentSection({ slug, initialComments, canComment }: Props) {
  const [comments, setComments] = useState(initialComments);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || !body.trim()) {
      setError('Please add your name and a comment.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const comment = await addComment(slug, { authorName: name.trim(), body: body.trim() });
      setComments((current) => [...current, comment]);
      setBody('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not post your comment.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">
        {comments.length} {comments.length === 1 ? 'comment' : 'comments'}
      </h2>
      <ul>
        {comments.map((comment) => (
          <li key={comment.id} className="comment">
            <span className="avatar" aria-hidden="true">
              {initials(comment.authorName)}
            </span>
            <div>
              <p className="comment-meta">
                <strong>{comment.authorName}</strong> <span className="muted">{timeAgo(comment.createdAt)}</span>
              </p>
              <p>{comment.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <form className="comment-form card" onSubmit={handleSubmit}>
        <h3>Join the conversation</h3>
        <input className="input" placeholder="Your name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} aria-label="Your name" />
        <textarea
          className="input"
          placeholder="Share a thought or a question"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={2000}
          aria-label="Comment"
        />
        {error && <p className="form-error">{error}</p>}
        {!canComment && <p className="muted small">Comments open once the database is set up.</p>}
        <button className="btn btn-primary" type="submit" disabled={sending || !canComment}>
          {sending ? 'Posting…' : 'Post comment'}
        </button>
      </form>
    </section>
  );
}
`;

const POST_EDITOR = `import { type FormEvent, useEffect, useState } from 'react';
import type { AuthorSummary } from '../../shared/api-types';
import { sampleTags } from '../../shared/sample-data';
import { readingMinutes } from '../../shared/text';
import { createPost, listAuthors, type Source } from '../api';
import { navigate } from '../lib/route';
import { PostBody } from './PostBody';

export function PostEditor({ onPublished }: { onPublished: () => void }) {
  const [authors, setAuthors] = useState<AuthorSummary[]>([]);
  const [source, setSource] = useState<Source>('database');
  const [title, setTitle] = useState('');
  const [authorId, setAuthorId] = useState('');
  const [tag, setTag] = useState(sampleTags[0]);
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    listAuthors().then((result) => {
      setAuthors(result.authors);
      setSource(result.source);
      if (result.authors[0]) setAuthorId(String(result.authors[0].id));
    });
  }, []);

  const words = body.trim() ? body.trim().split(/\\s+/).length : 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim() || !body.trim()) {
      setError('A title and some words are needed before publishing.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const post = await createPost({ title: title.trim(), body: body.trim(), tag, authorId: Number(authorId) });
      onPublished();
      navigate({ name: 'post', slug: post.slug });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not publish the post.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="editor" onSubmit={handleSubmit}>
      <header className="editor-header">
        <h1>New story</h1>
        <div className="segmented" role="group" aria-label="Mode">
          <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
            Write
          </button>
          <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
            Preview
          </button>
        </div>
      </header>
      <input className="editor-title" placeholder="Title" value={title} onChange={(e) => setTitle(e.target.value)} aria-label="Title" maxLength={200} />
      <div className="editor-meta">
        <label className="field">
          Author
          <select className="input" value={authorId} onChange={(e) => setAuthorId(e.target.value)}>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Tag
          <select className="input" value={tag} onChange={(e) => setTag(e.target.value)}>
            {sampleTags.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      </div>
      {preview ? (
        <div className="editor-preview card">{body.trim() ? <PostBody body={body} /> : <p className="muted">Nothing to preview yet.</p>}</div>
      ) : (
        <textarea
          className="input editor-body"
          placeholder={'Tell your story…\\n\\nSeparate paragraphs with a blank line. Start a line with "## " for a subheading or "> " for a quote.'}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-label="Story"
        />
      )}
      <footer className="editor-footer">
        <span className="muted">
          {words} words · {readingMinutes(body || 'x')} min read
        </span>
        {error && <span className="form-error">{error}</span>}
        <button className="btn btn-primary" type="submit" disabled={saving || source === 'sample'}>
          {saving ? 'Publishing…' : 'Publish'}
        </button>
      </footer>
      {source === 'sample' && <p className="muted small">Publishing needs the database: initialize it, then reload this page.</p>}
    </form>
  );
}
`;

const APP_CSS = `.site {
  display: flex;
  flex-direction: column;
  min-height: 100vh;
}

.small {
  font-size: 0.85rem;
}

.masthead {
  border-bottom: 1px solid var(--color-border);
  background: var(--color-surface);
}

.masthead-inner {
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 4.25rem;
}

.wordmark {
  color: var(--color-text);
  font-family: var(--font-serif);
  font-size: 1.6rem;
  font-weight: 700;
  letter-spacing: -0.01em;
}

.wordmark:hover {
  text-decoration: none;
}

.masthead-nav {
  display: flex;
  align-items: center;
  gap: 1.25rem;
}

.masthead-nav a:not(.btn) {
  color: var(--color-muted);
  font-weight: 500;
}

.sample-notice {
  background: color-mix(in srgb, var(--color-warning) 12%, var(--color-bg));
  border-bottom: 1px solid color-mix(in srgb, var(--color-warning) 30%, transparent);
  font-size: 0.9rem;
}

.sample-notice .container {
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 0.6rem 0;
}

.sample-notice svg {
  flex: none;
  color: var(--color-warning);
}

code {
  padding: 0.05rem 0.35rem;
  border-radius: 6px;
  background: var(--color-surface-alt);
  font-family: var(--font-mono);
  font-size: 0.85em;
}

.main {
  flex: 1;
  padding: 3rem 0 4rem;
}

.loading,
.empty {
  padding: 4rem 0;
  color: var(--color-muted);
  text-align: center;
}

.empty {
  display: grid;
  justify-items: center;
  gap: 1rem;
}

.intro {
  max-width: 46rem;
  margin-bottom: 2.5rem;
}

.intro h1 {
  font-family: var(--font-serif);
  font-size: clamp(2rem, 4.5vw, 3rem);
  font-weight: 600;
}

.tags {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1.5rem;
}

.tags a {
  padding: 0.35rem 0.9rem;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  color: var(--color-muted);
  font-size: 0.88rem;
  font-weight: 500;
}

.tags a:hover {
  text-decoration: none;
  border-color: var(--color-primary);
  color: var(--color-primary-text);
}

.tags a[aria-current='page'] {
  background: var(--color-primary);
  border-color: var(--color-primary);
  color: var(--color-on-primary);
}

.tag {
  color: var(--color-primary-text);
  font-size: 0.78rem;
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
}

.post-card {
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  transition:
    box-shadow 0.2s ease,
    transform 0.2s ease;
}

.post-card:hover {
  box-shadow: var(--shadow);
  transform: translateY(-2px);
}

.post-card-link {
  display: grid;
  gap: 0.7rem;
  height: 100%;
  padding: 1.5rem;
  color: inherit;
}

.post-card-link:hover {
  text-decoration: none;
}

.post-card h2 {
  font-family: var(--font-serif);
  font-size: 1.4rem;
  font-weight: 600;
}

.post-card.featured {
  margin-bottom: 1.5rem;
  background: linear-gradient(135deg, var(--color-primary-soft), var(--color-surface) 70%);
}

.post-card.featured .post-card-link {
  padding: 2.25rem;
}

.post-card.featured h2 {
  font-size: clamp(1.7rem, 3.5vw, 2.4rem);
}

.excerpt {
  display: -webkit-box;
  overflow: hidden;
  color: var(--color-muted);
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;
}

.post-grid {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(19rem, 1fr));
  gap: 1.5rem;
}

.byline {
  display: flex;
  align-items: center;
  gap: 0.7rem;
  margin-top: 0.4rem;
  font-size: 0.88rem;
}

.byline > span:nth-child(2) {
  display: grid;
}

.comment-count {
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  margin-left: auto;
}

.avatar {
  display: grid;
  flex: none;
  place-items: center;
  width: 2.4rem;
  height: 2.4rem;
  border-radius: 999px;
  background: var(--color-primary);
  color: var(--color-on-primary);
  font-size: 0.8rem;
  font-weight: 700;
}

.avatar-large {
  width: 3.5rem;
  height: 3.5rem;
  font-size: 1.1rem;
}

/* A post */
.post {
  max-width: 42rem;
  margin-inline: auto;
}

.back-link {
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  margin-bottom: 2rem;
  color: var(--color-muted);
  font-size: 0.9rem;
}

.post-header {
  display: grid;
  gap: 1rem;
  margin-bottom: 2.5rem;
}

.post-header h1 {
  font-family: var(--font-serif);
  font-size: clamp(2.1rem, 5vw, 3.1rem);
  font-weight: 600;
}

.post-dek {
  color: var(--color-muted);
  font-size: 1.2rem;
}

.post-body {
  font-family: var(--font-serif);
  font-size: 1.2rem;
  line-height: 1.75;
}

.post-body p + p,
.post-body h2 + p,
.post-body blockquote + p {
  margin-top: 1.3rem;
}

.post-body h2 {
  margin: 2.5rem 0 0.75rem;
  font-family: var(--font-sans);
  font-size: 1.35rem;
}

.post-body blockquote {
  margin: 2rem 0;
  padding: 0.25rem 0 0.25rem 1.5rem;
  border-left: 4px solid var(--color-primary);
  font-size: 1.35rem;
  font-style: italic;
}

.author-box {
  display: flex;
  gap: 1rem;
  margin: 3.5rem 0 0;
  padding: 1.5rem;
  border-radius: var(--radius);
  background: var(--color-surface-alt);
}

.author-box p {
  margin-top: 0.35rem;
  color: var(--color-muted);
}

.comments {
  margin-top: 3.5rem;
}

.comments > h2 {
  margin-bottom: 1.5rem;
  font-size: 1.3rem;
}

.comments ul {
  display: grid;
  gap: 1.25rem;
  margin: 0 0 2rem;
  padding: 0;
  list-style: none;
}

.comment {
  display: flex;
  gap: 0.85rem;
}

.comment-meta {
  margin-bottom: 0.2rem;
}

.comment-form {
  display: grid;
  gap: 0.85rem;
  padding: 1.5rem;
}

.comment-form .btn {
  justify-self: start;
}

.form-error {
  color: var(--color-danger);
  font-size: 0.9rem;
}

/* Editor */
.editor {
  display: grid;
  gap: 1.25rem;
  max-width: 46rem;
  margin-inline: auto;
}

.editor-header {
  display: flex;
  align-items: center;
  justify-content: space-between;
}

.editor-title {
  padding: 0.5rem 0;
  border: 0;
  border-bottom: 1px solid var(--color-border);
  background: transparent;
  font-family: var(--font-serif);
  font-size: clamp(1.8rem, 4vw, 2.5rem);
  font-weight: 600;
}

.editor-title:focus {
  outline: none;
  border-color: var(--color-primary);
}

.editor-meta {
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 1rem;
}

.editor-body {
  min-height: 22rem;
  font-family: var(--font-serif);
  font-size: 1.1rem;
  line-height: 1.7;
}

.editor-preview {
  min-height: 22rem;
  padding: 1.5rem;
}

.editor-footer {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
}

.segmented {
  display: inline-flex;
  padding: 3px;
  border: 1px solid var(--color-border);
  border-radius: 999px;
}

.segmented button {
  padding: 0.35rem 0.9rem;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: var(--color-muted);
  font-weight: 600;
  cursor: pointer;
}

.segmented button[aria-pressed='true'] {
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
}

.site-footer {
  padding: 2.5rem 0;
  border-top: 1px solid var(--color-border);
  font-size: 0.9rem;
}

.site-footer .container {
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem;
}

@media (max-width: 640px) {
  .editor-meta {
    grid-template-columns: 1fr;
  }

  .post-card.featured .post-card-link {
    padding: 1.5rem;
  }

  .main {
    padding-top: 2rem;
  }
}
`;

export function blogBlueprint(ctx: BlueprintContext): ProjectFiles {
  return assembleProject(ctx, {
    kind: 'a blog with a database',
    features: [
      'Home page with a featured story, story cards, tag filters and comment counts',
      'Article pages with reading time, author box and comments',
      'An editor with live preview that publishes through the API',
      'Authors, posts and comments in PostgreSQL via Drizzle ORM, with sample content in `db/seed.ts`',
      'Express API under `/api` with validation and unique slugs',
      'Shows the sample posts, clearly labelled, until the database is initialized',
    ],
    data: {
      schemaDescription: 'Authors write posts; readers leave comments on posts.',
      tables: TABLES,
      endpoints: ENDPOINTS,
      databaseName: ctx.packageName.replace(/[^a-z0-9_]/g, '_'),
    },
    files: {
      'shared/api-types.ts': API_TYPES_TS,
      'shared/text.ts': TEXT_TS,
      'shared/sample-data.ts': sampleDataTs(topicFor(ctx.words)),
      'db/seed.ts': SEED_TS,
      'server/routes.ts': ROUTES_TS,
      'src/App.tsx': appTsx(ctx),
      'src/app.css': APP_CSS,
      'src/api.ts': CLIENT_API_TS,
      'src/lib/route.ts': ROUTE_TS,
      'src/lib/format.ts': FORMAT_TS,
      'src/components/SampleNotice.tsx': SAMPLE_NOTICE,
      'src/components/PostList.tsx': POST_LIST,
      'src/components/PostBody.tsx': POST_BODY,
      'src/components/PostView.tsx': POST_VIEW,
      'src/components/CommentSection.tsx': COMMENT_SECTION,
      'src/components/PostEditor.tsx': POST_EDITOR,
    },
  });
}
