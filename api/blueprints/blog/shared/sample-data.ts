// Sample content: db/seed.ts loads it into the database, and the client shows it until the
// database is set up.
import type { CommentItem, PostDetail, PostSummary } from './api-types';
import { excerptFrom, readingMinutes } from './text';

/** The tags the editor offers. */
export const sampleTags: string[] = /* @slot sampleTags */ ['Writing', 'Engineering', 'Design', 'Work', 'Habits'];

export const sampleAuthors = /* @slot sampleAuthors */ [
  {
    name: 'Maya Chen',
    role: 'Editor',
    bio: 'Maya edits the blog and writes about habits, focus and the craft of writing. Previously a newspaper sub-editor.',
  },
  {
    name: 'Daniel Okoye',
    role: 'Engineer',
    bio: 'Daniel builds software for small teams and writes about keeping systems simple enough to sleep at night.',
  },
  {
    name: 'Rosa Lindgren',
    role: 'Designer',
    bio: 'Rosa designs products and the occasional typeface. She believes good design is mostly good editing.',
  },
];

export const samplePosts: Array<{ slug: string; title: string; tag: string; authorIndex: number; daysAgo: number; body: string }> = /* @slot samplePosts */ [
  {
    slug: 'writing-every-day-for-a-year',
    title: 'What I learned from writing every day for a year',
    tag: 'Writing',
    authorIndex: 0,
    daysAgo: 2,
    body: 'Last January I promised myself I would write something, anything, every single day. Not a novel, not a masterpiece: three hundred words before breakfast. I missed four days out of 365, and the habit changed more than my writing.\n\n## Quantity is a teacher\n\nThe first month was mostly bad. That was the point. When you write every day you stop treating each piece as precious, and you start noticing patterns: the sentences you always reach for, the ideas you keep circling back to, the moment a draft goes slack.\n\n## Small beats heroic\n\nThree hundred words sounds trivial, and that is exactly why it works. On the worst mornings I could still manage it, which meant the chain never broke. On good mornings three hundred became two thousand without any effort at all.\n\n> The habit is the product. Everything else is a side effect.\n\nIf you want to try it, pick a number small enough to be slightly embarrassing, write it down somewhere you will see it, and start tomorrow. Not Monday. Tomorrow.',
  },
  {
    slug: 'the-case-for-boring-technology',
    title: 'The case for boring technology',
    tag: 'Engineering',
    authorIndex: 1,
    daysAgo: 6,
    body: 'Every team has a budget for novelty, whether they admit it or not. Spend it on the parts of your product that make you different, and use the most boring, well-understood tools for everything else.\n\n## Boring means known\n\nA boring database has had its failure modes documented by thousands of people before you. When it breaks at 3 am, someone has written the blog post that tells you why. That is worth more than any benchmark.\n\n## Innovation tokens\n\nImagine you get three tokens to spend on new technology in a project. A new language costs one. A new database costs one. A new deployment platform costs one. Suddenly the shiny queue you read about last week has to justify itself against everything else.\n\nNone of this means never trying new things. It means trying them on purpose, where the payoff is real, and being honest about the cost of being the first to find the bugs.',
  },
  {
    slug: 'designing-for-the-second-visit',
    title: 'Designing for the second visit',
    tag: 'Design',
    authorIndex: 2,
    daysAgo: 11,
    body: 'We spend enormous effort on first impressions: onboarding flows, empty states, welcome tours. Far less goes into the second visit, which is where people decide whether a product becomes a habit.\n\n## Remember where they were\n\nThe kindest thing software can do is remember. Reopen the document they were editing. Keep the filter they set. Put the thing they used yesterday within one click today.\n\n## Get out of the way\n\nThe tooltips that helped on day one become clutter on day two. Good products fade their teaching into the background once someone has shown they know the way around.\n\nNext time you review a design, ask what it feels like on the tenth visit, not just the first. That is the version of your product most people actually use.',
  },
  {
    slug: 'a-field-guide-to-better-meetings',
    title: 'A field guide to better meetings',
    tag: 'Work',
    authorIndex: 0,
    daysAgo: 17,
    body: 'Most meetings fail before they start, because nobody wrote down what the meeting is for. Here is the short checklist our team now uses, and it has cut our meeting time by about a third.\n\n## Write the outcome first\n\nEvery invitation starts with one sentence: by the end of this meeting, we will have decided X. If you cannot write that sentence, you probably need a document, not a meeting.\n\n## Fewer people, more notes\n\nInvite the people who need to decide and share the notes with everyone else. People who only needed to be informed will thank you for the hour back.\n\nFinally, end five minutes early. Nobody has ever complained about a meeting that gave them time back.',
  },
  {
    slug: 'a-week-without-notifications',
    title: 'Notes from a week without notifications',
    tag: 'Habits',
    authorIndex: 1,
    daysAgo: 24,
    body: 'For one week I turned off every notification on my phone and laptop except phone calls from family. I expected to miss important things. Mostly I missed interruptions.\n\n## The first two days\n\nI checked my phone constantly, out of habit, looking for the little red dots that were no longer there. It was a humbling reminder of how much of my attention was on autopilot.\n\n## The rest of the week\n\nBy Wednesday I was checking messages three times a day, on purpose. Replies got slower by a few hours and better by a lot. Nobody noticed the difference except me.\n\nI have kept most notifications off since. If something is truly urgent, people call.',
  },
];

export const sampleComments = /* @slot sampleComments */ [
  {
    postIndex: 0,
    authorName: 'Jonas',
    body: 'The "slightly embarrassing" number is such good advice. I started with one hundred words and I am still going.',
    hoursAgo: 20,
  },
  {
    postIndex: 0,
    authorName: 'Priya',
    body: 'Did you write at the same time every day? Mornings never work for me.',
    hoursAgo: 9,
  },
  {
    postIndex: 1,
    authorName: 'Sam',
    body: 'Innovation tokens changed how our team argues about tools. Highly recommend.',
    hoursAgo: 100,
  },
  {
    postIndex: 2,
    authorName: 'Elena',
    body: 'Remembering where I was is the feature I notice most when it is missing.',
    hoursAgo: 200,
  },
  {
    postIndex: 3,
    authorName: 'Marcus',
    body: 'Writing the outcome first killed half our recurring meetings. In a good way.',
    hoursAgo: 350,
  },
];

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
