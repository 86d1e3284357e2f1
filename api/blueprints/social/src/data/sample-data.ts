import type { Post, User } from '@/types';

export const me: User = /* @slot me */ {
  id: 'me',
  name: 'Alex Rivera',
  handle: 'alex',
  bio: 'Building things on the internet. Coffee, cameras and side projects.',
};

export const users: User[] = /* @slot users */ [
  {
    id: 'u1',
    name: 'Priya Raman',
    handle: 'priya',
    bio: 'Product designer. Sketching interfaces and sourdough loaves.',
  },
  {
    id: 'u2',
    name: 'Marcus Bell',
    handle: 'marcusb',
    bio: 'Indie developer shipping small, useful apps.',
  },
  {
    id: 'u3',
    name: 'Sofia Alvarez',
    handle: 'sofia.codes',
    bio: 'Front-end engineer. Accessibility nerd. Runs on tea.',
  },
  {
    id: 'u4',
    name: 'Kenji Watanabe',
    handle: 'kenji',
    bio: 'Photographer and occasional writer. Tokyo / Lisbon.',
  },
  {
    id: 'u5',
    name: 'Hannah Okafor',
    handle: 'hannah',
    bio: 'Community lead. Asking good questions for a living.',
  },
  {
    id: 'u6',
    name: 'Tom Whitaker',
    handle: 'tomw',
    bio: 'Writing about startups, focus and long walks.',
  },
  {
    id: 'u7',
    name: 'Lucia Ferreira',
    handle: 'lucia',
    bio: 'Illustrator. Currently drawing every cat in my street.',
  },
];

export const initiallyFollowing: string[] = /* @slot initiallyFollowing */ ['u1', 'u2', 'u3', 'u4'];

type SamplePost = Omit<Post, 'createdAt' | 'likedByMe' | 'repostedByMe' | 'comments'> & {
  hoursAgo: number;
  comments: Array<{ authorId: string; text: string; hoursAgo: number }>;
};

const samplePosts: SamplePost[] = /* @slot samplePosts */ [
  {
    id: 'p1',
    authorId: 'u2',
    text: 'Shipped the new version of my habit tracker today: offline mode, widgets and a dark theme. Six months of evenings and weekends. #buildinpublic #indiedev',
    hoursAgo: 1,
    likes: 48,
    reposts: 9,
    comments: [{ authorId: 'u3', text: 'Congrats! The widgets look so good.', hoursAgo: 0.5 }],
  },
  {
    id: 'p2',
    authorId: 'u4',
    text: 'Golden hour in Alfama never gets old. Shot on a 35mm prime, no edits. #photography',
    hoursAgo: 3,
    likes: 122,
    reposts: 14,
    comments: [],
  },
  {
    id: 'p3',
    authorId: 'u3',
    text: 'Reminder: a button that looks like a link and a link that looks like a button both confuse screen reader users. Use the right element. #a11y #webdev',
    hoursAgo: 5,
    likes: 87,
    reposts: 31,
    comments: [
      { authorId: 'u1', text: 'Printing this and taping it to my monitor.', hoursAgo: 4 },
      { authorId: 'u2', text: 'Guilty. Fixing it tonight.', hoursAgo: 3.5 },
    ],
  },
  {
    id: 'p4',
    authorId: 'u1',
    text: 'Unpopular opinion: most onboarding tours should be deleted. Design the empty state instead. @sofia.codes agree? #design',
    hoursAgo: 8,
    likes: 64,
    reposts: 7,
    comments: [
      {
        authorId: 'u3',
        text: 'Agree. An empty state that teaches beats five tooltips.',
        hoursAgo: 7,
      },
    ],
  },
  {
    id: 'p5',
    authorId: 'u5',
    text: 'What is one tool you could not work without this year? Mine is a plain paper notebook. #productivity',
    hoursAgo: 12,
    likes: 35,
    reposts: 2,
    comments: [
      { authorId: 'u6', text: 'A timer. Twenty-five minutes at a time.', hoursAgo: 11 },
      { authorId: 'u7', text: 'A good pencil sharpener, honestly.', hoursAgo: 10 },
    ],
  },
  {
    id: 'p6',
    authorId: 'u7',
    text: 'Day 41 of drawing the cats of my street. Today: Biscuit, who has opinions about everything. #illustration',
    hoursAgo: 20,
    likes: 210,
    reposts: 25,
    comments: [],
  },
  {
    id: 'p7',
    authorId: 'u6',
    text: 'Wrote about why I stopped checking email before 11 am, and what happened to my focus. Short version: it came back. #productivity #writing',
    hoursAgo: 30,
    likes: 41,
    reposts: 6,
    comments: [],
  },
  {
    id: 'p8',
    authorId: 'u2',
    text: 'Pricing your first app is terrifying. I started at $2, doubled it twice, and lost zero customers. Charge more. #indiedev',
    hoursAgo: 44,
    likes: 156,
    reposts: 40,
    comments: [{ authorId: 'u5', text: 'Saving this for every founder I talk to.', hoursAgo: 40 }],
  },
  {
    id: 'p9',
    authorId: 'u4',
    text: 'New print shop is live: twelve photos from a year of walking Tokyo at night. #photography',
    hoursAgo: 60,
    likes: 93,
    reposts: 12,
    comments: [],
  },
];

const HOUR = 3_600_000;

/** The posts a first visit starts with, timed relative to now. */
export function createSamplePosts(): Post[] {
  const now = Date.now();
  return samplePosts.map(({ hoursAgo, comments, ...post }) => ({
    ...post,
    createdAt: now - hoursAgo * HOUR,
    likedByMe: false,
    repostedByMe: false,
    comments: comments.map((comment, index) => ({
      id: post.id + '-c' + index,
      authorId: comment.authorId,
      text: comment.text,
      createdAt: now - comment.hoursAgo * HOUR,
    })),
  }));
}

export function findUser(id: string): User {
  return id === me.id ? me : (users.find((user) => user.id === id) ?? { id, name: 'Unknown', handle: 'unknown', bio: '' });
}
