// A food blog: tags, authors, posts and comments for the slots of shared/sample-data.ts.
import type * as SampleData from '../shared/sample-data';

export const sampleTags: typeof SampleData.sampleTags = ['Recipes', 'Technique', 'Baking', 'Pantry', 'Seasonal'];

export const sampleAuthors: typeof SampleData.sampleAuthors = [
  {
    name: 'Nora Fields',
    role: 'Cook and editor',
    bio: 'Nora cooked in restaurants for ten years before deciding she preferred feeding friends. She writes most of the recipes here.',
  },
  {
    name: 'Sami Haddad',
    role: 'Baker',
    bio: 'Sami bakes bread before sunrise and writes about it after. His sourdough starter is older than his car.',
  },
  {
    name: 'Julia Park',
    role: 'Recipe developer',
    bio: 'Julia tests every recipe three times so you do not have to. She believes in weighing flour.',
  },
];

export const samplePosts: typeof SampleData.samplePosts = [
  {
    slug: 'weeknight-tomato-pasta',
    title: 'The weeknight tomato pasta I make every week',
    tag: 'Recipes',
    authorIndex: 0,
    daysAgo: 3,
    body: 'This is the dinner I make when I am tired, hungry and have nothing in the fridge. It takes twenty minutes and tastes like you tried much harder.\n\n## What you need\n\nA tin of good whole tomatoes, four cloves of garlic, a generous glug of olive oil, a pinch of chilli, salt, and 200 g of spaghetti for two.\n\n## How to make it\n\nWarm the sliced garlic in the oil over low heat until it just turns golden. Add the chilli, then the tomatoes, crushing them with your hands. Simmer while the pasta cooks, then toss everything together with a splash of pasta water.\n\n> The pasta water is the secret. It turns oil and tomato into a sauce that clings.\n\nFinish with torn basil if you have it, and parmesan if you must.',
  },
  {
    slug: 'should-you-salt-eggplant',
    title: 'Why you should salt your eggplant (and when not to)',
    tag: 'Technique',
    authorIndex: 2,
    daysAgo: 9,
    body: 'Salting eggplant used to be about drawing out bitterness. Modern varieties are rarely bitter, but salting still matters, for a different reason: texture.\n\n## What salting does\n\nSalt pulls water out of the spongy flesh and collapses its air pockets. Salted eggplant soaks up less oil when you fry it, and ends up creamy rather than greasy.\n\n## When to skip it\n\nFor grilling or roasting whole, do not bother: the dry heat does the same job. For curries and stews, the eggplant will collapse anyway.',
  },
  {
    slug: 'sourdough-without-the-stress',
    title: 'Sourdough without the stress',
    tag: 'Baking',
    authorIndex: 1,
    daysAgo: 15,
    body: 'Sourdough has a reputation for being fussy. It is not. It is just slow, and slow is easy once you stop watching it.\n\n## A schedule that fits a working day\n\nFeed your starter before bed. Mix the dough before work. Fold it twice in the evening, shape it, and leave it in the fridge overnight. Bake it the next morning.\n\nYour first loaf will be flat. Your fifth will be good. Your twentieth will make people ask for the recipe.',
  },
  {
    slug: 'a-pantry-worth-keeping',
    title: 'A pantry worth keeping',
    tag: 'Pantry',
    authorIndex: 0,
    daysAgo: 21,
    body: 'A well-stocked pantry is the difference between ordering takeaway and making something you are proud of. It does not need to be big; it needs to be chosen.\n\n## The short list\n\nGood olive oil, tinned tomatoes, anchovies, capers, dried pasta, rice, lentils, a wedge of parmesan, lemons, garlic and a jar of chilli crisp. With these, dinner is always twenty minutes away.\n\nBuy the best version you can afford of the things you use every day. Skip the rest.',
  },
  {
    slug: 'five-soups-for-january',
    title: 'Five soups for a cold January',
    tag: 'Seasonal',
    authorIndex: 2,
    daysAgo: 30,
    body: 'January calls for soup: cheap, forgiving, and better the next day. These five have carried us through every winter.\n\n## The list\n\nRoasted squash with brown butter and sage. Red lentil with cumin and lemon. A proper chicken noodle. White bean and kale with too much garlic. And a French onion soup that takes an hour and is worth every minute.\n\nMake a big pot on Sunday and lunch is sorted for the week.',
  },
];

export const sampleComments: typeof SampleData.sampleComments = [
  {
    postIndex: 0,
    authorName: 'Tom',
    body: 'Made this tonight with the kids. Clean plates all round.',
    hoursAgo: 30,
  },
  {
    postIndex: 0,
    authorName: 'Aisha',
    body: 'The tip about the pasta water is a game changer.',
    hoursAgo: 10,
  },
  {
    postIndex: 2,
    authorName: 'Ben',
    body: 'Loaf number six and finally an open crumb. Thank you!',
    hoursAgo: 150,
  },
  {
    postIndex: 3,
    authorName: 'Clara',
    body: 'Chilli crisp on everything. Agreed.',
    hoursAgo: 300,
  },
  {
    postIndex: 4,
    authorName: 'Dev',
    body: 'The lentil soup is now a weekly fixture in our house.',
    hoursAgo: 500,
  },
];
