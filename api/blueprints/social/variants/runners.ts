// A running community: the members, posts and follows for the slots of src/data/sample-data.ts.
import type { Post, User } from '../src/types';

type SamplePost = Omit<Post, 'createdAt' | 'likedByMe' | 'repostedByMe' | 'comments'> & {
  hoursAgo: number;
  comments: Array<{ authorId: string; text: string; hoursAgo: number }>;
};

export const me: User = {
  id: 'me',
  name: 'Alex Rivera',
  handle: 'alex',
  bio: 'Chasing a sub-4 marathon. Early mornings, long runs, strong coffee.',
};

export const users: User[] = [
  {
    id: 'u1',
    name: 'Maya Chen',
    handle: 'mayaruns',
    bio: 'Ultra runner and physio. Trails over roads, always.',
  },
  {
    id: 'u2',
    name: 'Daniel Okoye',
    handle: 'dan.o',
    bio: 'Coach at the Riverside Run Club. Tempo Tuesdays.',
  },
  {
    id: 'u3',
    name: 'Rosa Lindgren',
    handle: 'rosa',
    bio: 'Couch to 10k graduate. Now training for my first half.',
  },
  {
    id: 'u4',
    name: 'Sam Patel',
    handle: 'sampace',
    bio: 'Data nerd. I will tell you my cadence.',
  },
  {
    id: 'u5',
    name: 'Elena Costa',
    handle: 'elena',
    bio: 'Cyclist turned runner. Still miss coasting downhill.',
  },
];

export const initiallyFollowing: string[] = ['u1', 'u2', 'u3'];

export const samplePosts: SamplePost[] = [
  {
    id: 'p1',
    authorId: 'u3',
    text: 'Ran 16 km without stopping for the first time today. A year ago I could not run to the bus stop. #halfmarathon #couchto10k',
    hoursAgo: 2,
    likes: 143,
    reposts: 11,
    comments: [
      {
        authorId: 'u2',
        text: 'Massive. Told you the long slow runs would pay off!',
        hoursAgo: 1,
      },
    ],
  },
  {
    id: 'p2',
    authorId: 'u2',
    text: 'Tuesday tempo: 2 km warm-up, 3 × 2 km at threshold with 90 s jog, 2 km cool-down. Meet at the bandstand, 6:30. #runclub',
    hoursAgo: 6,
    likes: 38,
    reposts: 9,
    comments: [{ authorId: 'u5', text: 'Count me in.', hoursAgo: 5 }],
  },
  {
    id: 'p3',
    authorId: 'u1',
    text: 'Physio tip: most running injuries are training errors. Add no more than 10% a week and take your easy days easy. @sampace I am looking at you. #injuryprevention',
    hoursAgo: 10,
    likes: 97,
    reposts: 28,
    comments: [{ authorId: 'u4', text: 'My watch said the easy run was easy. Mostly.', hoursAgo: 9 }],
  },
  {
    id: 'p4',
    authorId: 'u4',
    text: 'Plotted 300 of my runs: my pace on days I sleep 8+ hours is 12 s/km faster. Sleep is the cheapest performance gear. #data #training',
    hoursAgo: 20,
    likes: 75,
    reposts: 19,
    comments: [],
  },
  {
    id: 'p5',
    authorId: 'u5',
    text: 'Trail recommendations near the coast? Looking for 15-20 km with some climbing. #trailrunning',
    hoursAgo: 30,
    likes: 12,
    reposts: 1,
    comments: [
      {
        authorId: 'u1',
        text: 'The cliff path loop from the harbour. Bring water.',
        hoursAgo: 28,
      },
    ],
  },
  {
    id: 'p6',
    authorId: 'u1',
    text: 'Finished the 50 km mountain race in 6:12. Legs destroyed, heart full. #trailrunning #ultra',
    hoursAgo: 50,
    likes: 230,
    reposts: 22,
    comments: [],
  },
];
