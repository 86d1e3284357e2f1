// A travel blog: tags, authors, posts and comments for the slots of shared/sample-data.ts.
import type * as SampleData from '../shared/sample-data';

export const sampleTags: typeof SampleData.sampleTags = ['Cities', 'Rail', 'Tips', 'Food', 'Hiking'];

export const sampleAuthors: typeof SampleData.sampleAuthors = [
  {
    name: 'Amara Nwosu',
    role: 'Editor',
    bio: 'Amara has lived in five countries and still gets lost in all of them. She edits the magazine from Lisbon.',
  },
  {
    name: 'Luca Romano',
    role: 'Contributing writer',
    bio: 'Luca writes about trains, small towns and the art of missing your connection gracefully.',
  },
  {
    name: 'Ines Duarte',
    role: 'Photographer',
    bio: 'Ines photographs markets, coastlines and the people who make places what they are.',
  },
];

export const samplePosts: typeof SampleData.samplePosts = [
  {
    slug: 'lisbon-in-three-slow-days',
    title: 'Lisbon in three slow days',
    tag: 'Cities',
    authorIndex: 0,
    daysAgo: 2,
    body: 'Lisbon rewards people who refuse to hurry. Its hills make sure of that. Here is how to spend three days without a single queue, and still leave wanting more.\n\n## Day one: Alfama before breakfast\n\nClimb into Alfama at eight, while the laundry is going up and the tour groups are still asleep. Get a bica and a pastel de nata at a counter where nobody speaks English, then follow the sound of the trams downhill.\n\n## Day two: across the river\n\nTake the ferry to Cacilhas for the view back across the Tagus, then walk the riverside to a fish restaurant with plastic chairs and perfect grilled sardines.\n\n> The best view of a city is often from just outside it.\n\nKeep day three empty. You will find a reason to go back to somewhere you passed on day one.',
  },
  {
    slug: 'the-overnight-train-is-back',
    title: 'The overnight train is back, and it is glorious',
    tag: 'Rail',
    authorIndex: 1,
    daysAgo: 7,
    body: 'Falling asleep in Vienna and waking up in Venice still feels like a magic trick. A decade ago most European night trains were being cut. Now new routes open every year.\n\n## What to book\n\nA private compartment is worth it for two people; a couchette is cheerful and cheap if you travel light and sleep easily. Book the lower bunk if you value your dignity at 3 am.\n\n## What to bring\n\nA bottle of water, a picnic from the station deli, earplugs and a good book. The dining car, when there is one, is part of the adventure rather than the point of it.\n\nYes, it is slower than flying. That is the whole idea.',
  },
  {
    slug: 'packing-light-one-bag-two-weeks',
    title: 'Packing light: one bag for two weeks',
    tag: 'Tips',
    authorIndex: 0,
    daysAgo: 12,
    body: 'Everything I need for two weeks fits in a 30-litre backpack, and I have never once missed the suitcase. The trick is not clever gear; it is deciding in advance what you will do without.\n\n## The three-outfit rule\n\nPack three outfits that all work together, in colours that hide a week of wear. Wash a few things in the sink every third night and you are set for any length of trip.\n\n## Leave room\n\nA bag that is full on day one is a bag that will not close on day ten. Leave space for the things you will find along the way.',
  },
  {
    slug: 'a-morning-at-the-market',
    title: 'A morning at the Tsukiji outer market',
    tag: 'Food',
    authorIndex: 2,
    daysAgo: 18,
    body: 'The wholesale fish auction has moved, but the outer market is as busy as ever: knife shops, tamago stands and counters that have served the same breakfast for sixty years.\n\n## Go early, go hungry\n\nArrive by seven. Eat standing up: a skewer of grilled scallop, a slice of sweet rolled omelette, a bowl of tuna over rice at a counter with six stools.\n\nBring cash, point at what looks good, and say thank you. That is all the Japanese you need here.',
  },
  {
    slug: 'cinque-terre-out-of-season',
    title: 'Walking the Cinque Terre out of season',
    tag: 'Hiking',
    authorIndex: 1,
    daysAgo: 26,
    body: 'In August the coastal path is a queue with a view. In November it is just a view: five villages, terraced vineyards and a sea that changes colour by the hour.\n\n## The route\n\nStart in Monterosso and walk south to Riomaggiore over two days, sleeping in Vernazza. Some sections close after heavy rain, so check the park notices each morning.\n\nPack a rain jacket, trust the trains between villages if your knees complain, and stop for focaccia whenever you smell it.',
  },
];

export const sampleComments: typeof SampleData.sampleComments = [
  {
    postIndex: 0,
    authorName: 'Jonas',
    body: 'Did exactly this last spring. The ferry view at sunset is unbeatable.',
    hoursAgo: 20,
  },
  {
    postIndex: 0,
    authorName: 'Priya',
    body: 'Saving this for October. Any tips for rainy days?',
    hoursAgo: 8,
  },
  {
    postIndex: 1,
    authorName: 'Sam',
    body: 'The Vienna to Venice route is the best thing I did all year.',
    hoursAgo: 120,
  },
  {
    postIndex: 2,
    authorName: 'Elena',
    body: 'The three-outfit rule changed my life. Never checking a bag again.',
    hoursAgo: 230,
  },
  {
    postIndex: 4,
    authorName: 'Marcus',
    body: 'November was perfect: cool, quiet, and the focaccia was still warm.',
    hoursAgo: 400,
  },
];
