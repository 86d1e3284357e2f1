// A one-page marketing site. The copy comes in flavours picked from the description's words:
// a software product (the default), a food-and-drink venue, or a personal portfolio.
import { type PaletteSeed } from '../palette.js';
import { type BlueprintContext, type ProjectFiles, hasAnyWord } from './blueprint-context.js';
import { assembleProject } from './scaffold.js';
import { type TsValue, raw, tsConst } from './ts-literal.js';

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

export function landingDefaults(words: ReadonlySet<string>): { title: string; tagline: string; palette: PaletteSeed; kind: string } {
  switch (landingFlavour(words)) {
    case 'bakery':
      return { title: 'Hearth & Crumb', tagline: 'Slow-fermented bread and pastries, baked before sunrise.', palette: { primary: '#b45309', accent: '#be123c', scheme: 'light', background: '#fffaf3' }, kind: 'a bakery website' };
    case 'cafe':
      return { title: 'Second Cup', tagline: 'Seasonal coffee, good food and a table that is always yours.', palette: { primary: '#7c4a2d', accent: '#0f766e', scheme: 'light', background: '#fcf8f4' }, kind: 'a café website' };
    case 'restaurant':
      return { title: 'Saltwater Kitchen', tagline: 'Seasonal plates, natural wines and a room made for long dinners.', palette: { primary: '#9f1239', accent: '#b45309', scheme: 'light', background: '#fdf9f6' }, kind: 'a restaurant website' };
    case 'design-portfolio':
      return { title: 'Alex Morgan', tagline: 'Product designer crafting calm, useful software for ambitious teams.', palette: { primary: '#4f46e5', accent: '#f97316', scheme: 'light' }, kind: 'a portfolio site' };
    case 'photo-portfolio':
      return { title: 'Maya Lindqvist', tagline: 'Documentary and portrait photography with a quiet, honest eye.', palette: { primary: '#e2e8f0', accent: '#f59e0b', scheme: 'dark' }, kind: 'a photography portfolio' };
    default:
      return { title: 'Lumen', tagline: 'Plan, track and ship your work in one calm place.', palette: { primary: '#4f46e5', accent: '#f59e0b', scheme: 'light' }, kind: 'a product landing page' };
  }
}

type Section = { id: string; eyebrow: string; title: string; intro: string };

interface LandingContent {
  nav: Array<{ label: string; href: string }>;
  hero: TsValue;
  features: { section: Section; items: Array<{ icon: string; title: string; body: string }> };
  showcase: { section: Section; layout: 'steps' | 'menu' | 'work'; items: Array<{ title: string; meta: string; body: string; tag: string }> };
  testimonials: { section: Section; items: Array<{ quote: string; name: string; role: string }> };
  pricing?: { section: Section; plans: Array<{ name: string; price: string; period: string; summary: string; perks: string[]; highlighted: boolean; cta: string }> };
  visit?: { section: Section; address: string[]; phone: string; email: string; hours: Array<{ days: string; time: string }>; note: string };
  faqs?: { section: Section; items: Array<{ question: string; answer: string }> };
  contact: TsValue;
  footer: { blurb: string; columns: Array<{ heading: string; links: Array<{ label: string; href: string }> }> };
}

function productContent(ctx: BlueprintContext): LandingContent {
  return {
    nav: [
      { label: 'Features', href: '#features' },
      { label: 'How it works', href: '#how-it-works' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'FAQ', href: '#faq' },
    ],
    hero: {
      eyebrow: `New: ${ctx.title} for teams`,
      headline: ctx.tagline,
      intro: `${ctx.title} brings plans, people and progress into one place, so you spend less time chasing updates and more time doing the work that matters.`,
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
    },
    features: {
      section: { id: 'features', eyebrow: 'Features', title: 'Everything your team needs, nothing it does not', intro: `${ctx.title} replaces the patchwork of docs, spreadsheets and status meetings with one tool people actually enjoy opening.` },
      items: [
        { icon: 'Zap', title: 'Set up in minutes', body: 'Import from your current tools in a couple of clicks. Templates get new projects moving on day one.' },
        { icon: 'Sparkles', title: 'Automations that stick', body: 'Recurring tasks, reminders and hand-offs run themselves, so nothing quietly falls through the cracks.' },
        { icon: 'Users', title: 'Built for collaboration', body: 'Comments, mentions and shared views keep everyone on the same page without another meeting.' },
        { icon: 'ChartColumn', title: 'Insights you can act on', body: 'See workload, progress and bottlenecks at a glance, and fix them before they become problems.' },
        { icon: 'ShieldCheck', title: 'Secure by default', body: 'Single sign-on, granular permissions and encrypted data at rest and in transit on every plan.' },
        { icon: 'Globe', title: 'Works everywhere', body: 'Fast on the web, at home on your phone, and it keeps working offline when the Wi-Fi does not.' },
      ],
    },
    showcase: {
      section: { id: 'how-it-works', eyebrow: 'How it works', title: 'From scattered to sorted in three steps', intro: 'No training sessions, no consultants. Most teams are fully up and running in their first afternoon.' },
      layout: 'steps',
      items: [
        { title: 'Bring your work in', meta: 'Step 1', body: 'Connect your calendar, docs and chat. Existing tasks and deadlines come along automatically.', tag: '5 minutes' },
        { title: 'Invite your team', meta: 'Step 2', body: 'Share a project or the whole workspace. Everyone sees what is theirs, and what is next.', tag: '2 minutes' },
        { title: 'Watch the work flow', meta: 'Step 3', body: 'Automations and weekly summaries keep things moving while you focus on the big picture.', tag: 'Ongoing' },
      ],
    },
    testimonials: {
      section: { id: 'stories', eyebrow: 'Customer stories', title: 'Loved by teams who ship', intro: 'Thousands of teams use it every day. Here is what a few of them say.' },
      items: [
        { quote: `We cut our weekly status meeting from an hour to ten minutes. ${ctx.title} just tells us where things stand.`, name: 'Priya Raman', role: 'Head of Operations, Northwind' },
        { quote: 'The first tool our designers and engineers both actually like. Onboarding took one afternoon.', name: 'Marcus Bell', role: 'Founder, Fieldnote Studio' },
        { quote: 'Automations alone save me half a day every week. I would not go back to spreadsheets.', name: 'Sofia Alvarez', role: 'Product Lead, Brightline' },
      ],
    },
    pricing: {
      section: { id: 'pricing', eyebrow: 'Pricing', title: 'Simple pricing that grows with you', intro: 'Start free, upgrade when you need more. Every plan includes unlimited projects and a 30-day money-back guarantee.' },
      plans: [
        { name: 'Starter', price: '$0', period: 'forever', summary: 'For individuals getting organised.', perks: ['Up to 3 collaborators', 'Unlimited projects', 'Mobile and desktop apps', 'Community support'], highlighted: false, cta: 'Start free' },
        { name: 'Pro', price: '$12', period: 'per user / month', summary: 'For growing teams that need more power.', perks: ['Unlimited collaborators', 'Automations and templates', 'Advanced insights', 'Priority support'], highlighted: true, cta: 'Try Pro free for 14 days' },
        { name: 'Business', price: '$29', period: 'per user / month', summary: 'For organisations with advanced needs.', perks: ['Single sign-on (SAML)', 'Audit log and data export', 'Custom roles and permissions', 'Dedicated success manager'], highlighted: false, cta: 'Talk to sales' },
      ],
    },
    faqs: {
      section: { id: 'faq', eyebrow: 'FAQ', title: 'Questions, answered', intro: 'Cannot find what you are looking for? Write to us and a real person will reply within a day.' },
      items: [
        { question: 'Is there really a free plan?', answer: 'Yes. The Starter plan is free forever for up to three people, with no credit card required.' },
        { question: 'Can I import my existing work?', answer: 'You can import from CSV and from most popular project tools. Tasks, due dates and assignees come along.' },
        { question: 'How secure is my data?', answer: 'Data is encrypted in transit and at rest, backed up daily, and hosted in SOC 2 certified data centres.' },
        { question: 'Can I cancel at any time?', answer: 'Of course. Plans are month to month, and you can export everything whenever you like.' },
        { question: 'Do you offer discounts for non-profits?', answer: 'Yes: registered non-profits and schools get 50% off any paid plan. Just get in touch.' },
      ],
    },
    contact: {
      section: { id: 'contact', eyebrow: 'Get started', title: `Try ${ctx.title} free today`, intro: 'Join thousands of teams doing their best work. Setup takes less than five minutes.' },
      fields: [
        { name: 'name', label: 'Your name', type: 'text', required: true, placeholder: 'Jordan Lee' },
        { name: 'email', label: 'Work email', type: 'email', required: true, placeholder: 'jordan@company.com' },
        { name: 'teamSize', label: 'Team size', type: 'select', required: false, options: ['Just me', '2-10', '11-50', '51-200', '200+'] },
      ],
      submitLabel: 'Create my free account',
      success: 'Welcome aboard, {name}! Check your inbox for a link to get started.',
      note: 'Free forever for small teams. No credit card required.',
    },
    footer: {
      blurb: ctx.tagline,
      columns: [
        { heading: 'Product', links: [{ label: 'Features', href: '#features' }, { label: 'Pricing', href: '#pricing' }, { label: 'Customer stories', href: '#stories' }] },
        { heading: 'Company', links: [{ label: 'About', href: '#contact' }, { label: 'Careers', href: '#contact' }, { label: 'Contact', href: '#contact' }] },
        { heading: 'Resources', links: [{ label: 'Help centre', href: '#faq' }, { label: 'Security', href: '#faq' }, { label: 'Status', href: '#faq' }] },
      ],
    },
  };
}

type VenueMenu = { noun: string; items: Array<{ title: string; meta: string; body: string; tag: string }>; specials: string[] };

const VENUE_MENUS: Record<'bakery' | 'cafe' | 'restaurant', VenueMenu> = {
  bakery: {
    noun: 'bakery',
    specials: ['Country sourdough', 'Cardamom knots', 'Rhubarb danish'],
    items: [
      { title: 'Country sourdough', meta: '$9', body: 'Our 36-hour loaf: blistered crust, open crumb, a gentle tang. Baked in the stone oven every morning.', tag: 'Signature' },
      { title: 'Butter croissant', meta: '$4.50', body: 'Laminated over three days with cultured French butter for 27 shattering, honeycombed layers.', tag: 'Best seller' },
      { title: 'Cardamom knot', meta: '$5', body: 'Soft enriched dough twisted with cardamom sugar and finished with pearl sugar. A Nordic favourite.', tag: 'Seasonal' },
      { title: 'Seeded rye', meta: '$8', body: 'Dense, dark and deeply flavoured, with sunflower, flax and pumpkin seeds. Keeps for a week.', tag: 'Vegan' },
      { title: 'Pain au chocolat', meta: '$5', body: 'Two batons of dark Valrhona chocolate wrapped in our croissant dough. Still warm at 8 am.', tag: 'Classic' },
      { title: 'Olive oil cake', meta: '$6', body: 'Moist citrus sponge with Sicilian olive oil and a crackly lemon glaze. Naturally dairy-free.', tag: 'Dairy-free' },
    ],
  },
  cafe: {
    noun: 'café',
    specials: ['Honey oat latte', 'Green shakshuka', 'Cardamom bun'],
    items: [
      { title: 'Flat white', meta: '$4.50', body: 'A double ristretto of our house espresso with silky steamed milk. Oat, almond and soy at no extra cost.', tag: 'House favourite' },
      { title: 'Single-origin filter', meta: '$5', body: 'A rotating single origin brewed by hand. This month: a washed Ethiopian with notes of peach and jasmine.', tag: 'Rotating' },
      { title: 'Avocado toast', meta: '$12', body: 'Smashed avocado on toasted sourdough with chilli, lime, feta and a soft-poached egg.', tag: 'Vegetarian' },
      { title: 'Green shakshuka', meta: '$15', body: 'Eggs baked in spinach, leeks and herbs with whipped labneh, dukkah and grilled flatbread.', tag: 'Brunch' },
      { title: 'Cold brew tonic', meta: '$6', body: 'Eighteen-hour cold brew over tonic and ice with a twist of orange. Our summer obsession.', tag: 'Iced' },
      { title: 'Banana bread', meta: '$4', body: 'Toasted and served with whipped brown-butter and a pinch of sea salt. Baked in-house daily.', tag: 'Baked here' },
    ],
  },
  restaurant: {
    noun: 'restaurant',
    specials: ['Grilled octopus', 'Wild mushroom risotto', 'Burnt honey tart'],
    items: [
      { title: 'Burrata & heirloom tomatoes', meta: '$16', body: 'Creamy burrata with summer tomatoes, basil oil, aged balsamic and grilled country bread.', tag: 'To share' },
      { title: 'Grilled octopus', meta: '$22', body: 'Charred over oak with smoked paprika, crushed potatoes, capers and a bright salsa verde.', tag: 'Signature' },
      { title: 'Wild mushroom risotto', meta: '$24', body: 'Carnaroli rice, foraged mushrooms, thyme and aged parmesan, finished with brown butter.', tag: 'Vegetarian' },
      { title: 'Dry-aged ribeye', meta: '$42', body: '45-day dry-aged ribeye with bone-marrow butter, charred greens and hand-cut chips.', tag: 'For the table' },
      { title: 'Market fish', meta: 'MP', body: "Whatever the boats brought in this morning, simply grilled with lemon, herbs and the chef's sauce.", tag: 'Daily' },
      { title: 'Burnt honey tart', meta: '$11', body: 'Crisp pastry, burnt honey custard and a scoop of crème fraîche sorbet. Worth saving room for.', tag: 'Dessert' },
    ],
  },
};

function venueContent(ctx: BlueprintContext, flavour: 'bakery' | 'cafe' | 'restaurant'): LandingContent {
  const menu = VENUE_MENUS[flavour];
  const booking = flavour === 'restaurant';
  return {
    nav: [
      { label: 'Menu', href: '#menu' },
      { label: 'Our story', href: '#story' },
      { label: 'Visit', href: '#visit' },
      { label: 'FAQ', href: '#faq' },
    ],
    hero: {
      eyebrow: 'Open today from 7:30 am',
      headline: ctx.tagline,
      intro: `${ctx.title} is a neighbourhood ${menu.noun} run by people who care about good ingredients, honest cooking and knowing our regulars by name.`,
      primaryCta: booking ? { label: 'Book a table', href: '#contact' } : { label: 'Order ahead', href: '#contact' },
      secondaryCta: { label: 'See the menu', href: '#menu' },
      stats: [
        { value: '2014', label: 'serving the neighbourhood since' },
        { value: '4.8★', label: 'from 1,200+ reviews' },
        { value: '100%', label: 'made in-house' },
      ],
      preview: {
        heading: "Today's specials",
        caption: 'Fresh from the kitchen this morning',
        rows: menu.specials.map((special, i) => ({ label: special, detail: ['Until sold out', 'From 11 am', 'All day'][i] })),
      },
    },
    features: {
      section: { id: 'story', eyebrow: 'Our story', title: `Why people keep coming back to ${ctx.title}`, intro: 'We started with one oven, a handful of recipes and a belief that everyday food deserves real care. A decade on, not much has changed.' },
      items: [
        { icon: 'Leaf', title: 'Local and seasonal', body: 'We buy from farms and mills within a hundred miles, and the menu changes with what they grow.' },
        { icon: 'Clock', title: 'Made fresh daily', body: 'Everything is made here, every day, in small batches. When something sells out, it is gone until tomorrow.' },
        { icon: 'Heart', title: 'Made by hand', body: 'No shortcuts and no mixes: just patient technique, good butter and a team that loves what it does.' },
        { icon: 'Users', title: 'A room for everyone', body: 'Dogs, prams, laptops and long catch-ups are all welcome. Ask us about our accessible entrance.' },
      ],
    },
    showcase: {
      section: { id: 'menu', eyebrow: 'Menu', title: 'Favourites from the menu', intro: 'A few of the dishes our regulars order again and again. The full menu changes with the seasons.' },
      layout: 'menu',
      items: menu.items,
    },
    testimonials: {
      section: { id: 'reviews', eyebrow: 'Reviews', title: 'Kind words from our regulars', intro: 'We read every review, and yes, we frame the best ones.' },
      items: [
        { quote: `The best thing about living on this street is ${ctx.title}. I have been coming every Saturday for five years.`, name: 'Hannah Okafor', role: 'Regular since 2019' },
        { quote: 'Warm, unpretentious and consistently excellent. The staff remember your order after your second visit.', name: 'Tom Whitaker', role: 'Local guide' },
        { quote: 'We drive forty minutes for this. Worth every mile, and we always leave with a bag of extras.', name: 'Lucia Ferreira', role: 'Weekend visitor' },
      ],
    },
    visit: {
      section: { id: 'visit', eyebrow: 'Visit us', title: 'Come and say hello', intro: 'Find us on the corner of Market Street and Elm, two minutes from the station.' },
      address: ['214 Market Street', 'Riverside, CA 94110'],
      phone: '(415) 555-0142',
      email: 'hello@example.com',
      hours: [
        { days: 'Monday – Friday', time: '7:30 am – 6:00 pm' },
        { days: 'Saturday', time: '8:00 am – 5:00 pm' },
        { days: 'Sunday', time: '8:00 am – 3:00 pm' },
      ],
      note: 'Closed on public holidays. Card and contactless only.',
    },
    faqs: {
      section: { id: 'faq', eyebrow: 'Good to know', title: 'Before you visit', intro: 'Anything else? Call us or drop in: we are always happy to chat.' },
      items: [
        { question: 'Do you cater for dietary requirements?', answer: 'Yes. Vegan, vegetarian and gluten-free options are marked on the menu, and our team can talk you through every allergen.' },
        { question: 'Do you take reservations?', answer: booking ? 'We do, for groups of any size. Book online below or call us; we also keep a few tables for walk-ins.' : 'For groups of six or more, yes. Otherwise it is first come, first served, and tables turn quickly.' },
        { question: 'Can I order for an event?', answer: 'Absolutely. We cater office breakfasts, birthdays and weddings. Give us 48 hours notice for larger orders.' },
      ],
    },
    contact: booking
      ? {
          section: { id: 'contact', eyebrow: 'Reservations', title: 'Book your table', intro: 'Reserve online in under a minute. We will confirm by email within the hour.' },
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Sam Rivera' },
            { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'sam@example.com' },
            { name: 'date', label: 'Date', type: 'date', required: true },
            { name: 'guests', label: 'Guests', type: 'select', required: true, options: ['2 guests', '3 guests', '4 guests', '5 guests', '6+ guests'] },
          ],
          submitLabel: 'Request booking',
          success: 'Thank you, {name}! We have your request and will confirm by email shortly.',
          note: 'Tables are held for 15 minutes. For groups over 8, please call us.',
        }
      : {
          section: { id: 'contact', eyebrow: 'Order ahead', title: 'Skip the queue', intro: 'Order by 6 pm and we will have it boxed and waiting for you the next morning.' },
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Sam Rivera' },
            { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'sam@example.com' },
            { name: 'date', label: 'Pick-up date', type: 'date', required: true },
            { name: 'order', label: 'Your order', type: 'textarea', required: true, placeholder: `e.g. 2 × ${menu.items[0].title}, 1 × ${menu.items[1].title}` },
          ],
          submitLabel: 'Place order',
          success: 'Thanks, {name}! Your order is in. We will email you when it is ready to collect.',
          note: 'Pay when you collect. Orders can be changed until 6 pm the day before.',
        },
    footer: {
      blurb: ctx.tagline,
      columns: [
        { heading: 'Visit', links: [{ label: 'Opening hours', href: '#visit' }, { label: 'Find us', href: '#visit' }, { label: 'FAQ', href: '#faq' }] },
        { heading: 'Eat', links: [{ label: 'Menu', href: '#menu' }, { label: booking ? 'Book a table' : 'Order ahead', href: '#contact' }, { label: 'Catering', href: '#faq' }] },
      ],
    },
  };
}

function portfolioContent(ctx: BlueprintContext, photo: boolean): LandingContent {
  const services = photo
    ? [
        { icon: 'Camera', title: 'Portraits', body: 'Relaxed, natural portraits for people, founders and families, on location or in the studio.' },
        { icon: 'Aperture', title: 'Editorial', body: 'Photo stories for magazines and brands, shot with a documentary eye and a clear point of view.' },
        { icon: 'Heart', title: 'Weddings', body: 'Unposed, unhurried coverage of your day, from the quiet moments to the last dance.' },
        { icon: 'Building2', title: 'Brand and interiors', body: 'Spaces, products and teams, photographed to feel as good as they look in person.' },
      ]
    : [
        { icon: 'Palette', title: 'Product design', body: 'End-to-end design for web and mobile products, from research and flows to polished, tested interfaces.' },
        { icon: 'Layers', title: 'Design systems', body: 'Component libraries and guidelines that keep teams fast and products consistent as they grow.' },
        { icon: 'Code', title: 'Front-end development', body: 'Accessible, performant React interfaces that ship exactly as designed, not approximately.' },
        { icon: 'Compass', title: 'Workshops', body: 'Discovery sprints and design critiques that turn fuzzy ideas into a plan the whole team believes in.' },
      ];
  const work = photo
    ? [
        { title: 'The Night Bakers', meta: 'Editorial · 2025', body: 'A week on the overnight shift at a family bakery, for Saturday Magazine.', tag: 'Editorial' },
        { title: 'Coastline', meta: 'Personal · 2025', body: 'Winter light on the northern coast, shot on medium format film.', tag: 'Landscape' },
        { title: 'Founders of Fulton St', meta: 'Portraits · 2024', body: 'Portraits of twelve small-business owners for a neighbourhood campaign.', tag: 'Portrait' },
        { title: 'Ana & Theo', meta: 'Wedding · 2024', body: 'A barn wedding with forty guests, three dogs and a surprise thunderstorm.', tag: 'Wedding' },
        { title: 'Studio Verde', meta: 'Interiors · 2024', body: 'Interior and product photography for an architecture studio.', tag: 'Interiors' },
        { title: 'Market Day', meta: 'Documentary · 2023', body: 'Traders and regulars of a 100-year-old covered market.', tag: 'Documentary' },
      ]
    : [
        { title: 'Ledger: banking for freelancers', meta: 'Product design · 2025', body: 'Redesigned onboarding and invoicing; activation up 34% in the first quarter.', tag: 'Fintech' },
        { title: 'Harbor design system', meta: 'Design system · 2024', body: '120 components, tokens and docs adopted by six product teams.', tag: 'Systems' },
        { title: 'Kite: trip planning app', meta: 'Mobile app · 2024', body: 'From zero to App Store feature in nine months, as founding designer.', tag: 'Mobile' },
        { title: 'Northwind analytics', meta: 'Dashboard · 2023', body: 'Made dense operational data readable for warehouse teams.', tag: 'B2B' },
        { title: 'Greenline website', meta: 'Marketing site · 2023', body: 'Brand refresh and a new site for a climate non-profit.', tag: 'Web' },
        { title: 'Atlas onboarding', meta: 'UX research · 2022', body: 'Interviews and prototypes that halved support tickets for new users.', tag: 'Research' },
      ];
  return {
    nav: [
      { label: 'Work', href: '#work' },
      { label: 'Services', href: '#services' },
      { label: 'Rates', href: '#rates' },
      { label: 'Contact', href: '#contact' },
    ],
    hero: {
      eyebrow: 'Available for new projects',
      headline: ctx.tagline,
      intro: photo
        ? `I am ${ctx.title}, a photographer working with magazines, brands and people who would rather not be photographed. Based in Stockholm, travelling often.`
        : `I am ${ctx.title}. For ten years I have helped startups and established teams design products people understand on first use and enjoy on the hundredth.`,
      primaryCta: { label: 'Start a project', href: '#contact' },
      secondaryCta: { label: 'See my work', href: '#work' },
      stats: [
        { value: '10+', label: 'years of experience' },
        { value: '80+', label: 'projects delivered' },
        { value: photo ? '14' : '6', label: photo ? 'publications featured in' : 'industry awards' },
      ],
      preview: {
        heading: photo ? 'Currently' : 'Now',
        caption: photo ? 'Booking portraits and editorial for autumn' : 'Taking on two new clients this quarter',
        rows: photo
          ? [
              { label: 'Portrait sessions', detail: 'From September' },
              { label: 'Editorial commissions', detail: 'Open' },
              { label: 'Weddings 2026', detail: '3 dates left' },
            ]
          : [
              { label: 'Product design', detail: 'Open' },
              { label: 'Design system audits', detail: 'Open' },
              { label: 'Full-time roles', detail: 'Not looking' },
            ],
      },
    },
    features: {
      section: { id: 'services', eyebrow: 'Services', title: 'How I can help', intro: 'Every project starts with a conversation about what you need and what success looks like.' },
      items: services,
    },
    showcase: {
      section: { id: 'work', eyebrow: 'Selected work', title: 'Recent projects', intro: 'A few projects I am proud of. Case studies and full galleries are available on request.' },
      layout: 'work',
      items: work,
    },
    testimonials: {
      section: { id: 'kind-words', eyebrow: 'Kind words', title: 'What clients say', intro: 'Most of my work comes from referrals. These are some of the reasons why.' },
      items: [
        { quote: `Working with ${ctx.title} was the best decision we made this year. Thoughtful, fast and a joy to collaborate with.`, name: 'Dana Whitfield', role: 'CEO, Ledger' },
        { quote: 'Calm under deadlines, generous with ideas, and the results spoke for themselves.', name: 'Samir Haddad', role: 'Creative Director, Kite' },
        { quote: 'We have worked with many freelancers. This was the first time the final result was better than the brief.', name: 'Ellen Brooks', role: 'Head of Marketing, Greenline' },
      ],
    },
    pricing: {
      section: { id: 'rates', eyebrow: 'Rates', title: 'Ways to work together', intro: 'Clear, fixed pricing. Not sure what fits? Get in touch and I will suggest an option.' },
      plans: photo
        ? [
            { name: 'Portrait session', price: '$450', period: 'per session', summary: 'Two hours, one location.', perks: ['25 edited images', 'Online gallery', 'Print release'], highlighted: false, cta: 'Book a session' },
            { name: 'Editorial day', price: '$1,400', period: 'per day', summary: 'For magazines and brands.', perks: ['Full day on location', 'Retouched selects in 5 days', 'Usage licence included'], highlighted: true, cta: 'Request a quote' },
            { name: 'Wedding', price: '$3,800', period: 'full day', summary: 'From getting ready to the first dance.', perks: ['Two photographers', '500+ edited images', 'Heirloom album'], highlighted: false, cta: 'Check my dates' },
          ]
        : [
            { name: 'Sprint', price: '$4,500', period: 'one week', summary: 'A focused burst on one problem.', perks: ['Discovery workshop', 'Prototype and user tests', 'Recommendations deck'], highlighted: false, cta: 'Book a sprint' },
            { name: 'Project', price: '$18,000', period: 'from, 6 weeks', summary: 'A feature or product, designed end to end.', perks: ['Research and flows', 'High-fidelity designs', 'Hand-off and QA with your engineers'], highlighted: true, cta: 'Start a project' },
            { name: 'Retainer', price: '$7,000', period: 'per month', summary: 'Ongoing design partnership.', perks: ['Two days per week', 'Weekly planning call', 'Cancel with 30 days notice'], highlighted: false, cta: 'Discuss a retainer' },
          ],
    },
    contact: {
      section: { id: 'contact', eyebrow: 'Contact', title: "Let's work together", intro: 'Tell me a little about your project and I will reply within two working days.' },
      fields: [
        { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'Your name' },
        { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@company.com' },
        { name: 'budget', label: 'Budget', type: 'select', required: false, options: ['Under $5k', '$5k – $15k', '$15k – $50k', '$50k+'] },
        { name: 'message', label: 'About your project', type: 'textarea', required: true, placeholder: 'What are you working on, and when do you need it?' },
      ],
      submitLabel: 'Send message',
      success: 'Thanks, {name}! Your message is on its way. I will be in touch soon.',
      note: 'Prefer email? Write to hello@example.com.',
    },
    footer: {
      blurb: ctx.tagline,
      columns: [
        { heading: 'Sitemap', links: [{ label: 'Work', href: '#work' }, { label: 'Services', href: '#services' }, { label: 'Rates', href: '#rates' }] },
        { heading: 'Elsewhere', links: [{ label: 'Newsletter', href: '#contact' }, { label: 'Speaking', href: '#contact' }, { label: 'Email', href: '#contact' }] },
      ],
    },
  };
}

function contentFor(ctx: BlueprintContext, flavour: LandingFlavour): LandingContent {
  switch (flavour) {
    case 'bakery':
    case 'cafe':
    case 'restaurant':
      return venueContent(ctx, flavour);
    case 'design-portfolio':
      return portfolioContent(ctx, false);
    case 'photo-portfolio':
      return portfolioContent(ctx, true);
    default:
      return productContent(ctx);
  }
}

function contentTs(ctx: BlueprintContext, content: LandingContent): string {
  const icons = [...new Set(content.features.items.map((f) => f.icon))].sort();
  const features = { ...content.features, items: content.features.items.map((f) => ({ ...f, icon: raw(f.icon) })) };
  const parts = [
    `// All of the site's words live here, so copy changes never touch the components.
import { ${icons.join(', ')}, type LucideIcon } from 'lucide-react';

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
`,
    tsConst('brand', '{ name: string; tagline: string }', { name: ctx.title, tagline: ctx.tagline }),
    tsConst('navLinks', 'Link[]', content.nav),
    tsConst(
      'hero',
      `{
  eyebrow: string;
  headline: string;
  intro: string;
  primaryCta: Link;
  secondaryCta: Link;
  stats: Array<{ value: string; label: string }>;
  preview: { heading: string; caption: string; rows: Array<{ label: string; detail: string; progress?: number }> };
}`,
      content.hero,
    ),
    tsConst('features', '{ section: Section; items: Feature[] }', features),
    tsConst("showcase", "{ section: Section; layout: 'steps' | 'menu' | 'work'; items: ShowcaseItem[] }", content.showcase),
    tsConst('testimonials', '{ section: Section; items: Array<{ quote: string; name: string; role: string }> }', content.testimonials),
  ];
  if (content.pricing) {
    parts.push(
      tsConst(
        'pricing',
        '{ section: Section; plans: Array<{ name: string; price: string; period: string; summary: string; perks: string[]; highlighted: boolean; cta: string }> }',
        content.pricing,
      ),
    );
  }
  if (content.visit) {
    parts.push(
      tsConst(
        'visit',
        '{ section: Section; address: string[]; phone: string; email: string; hours: Array<{ days: string; time: string }>; note: string }',
        content.visit,
      ),
    );
  }
  if (content.faqs) parts.push(tsConst('faqs', '{ section: Section; items: Array<{ question: string; answer: string }> }', content.faqs));
  parts.push(
    tsConst(
      'contact',
      '{ section: Section; fields: FormField[]; submitLabel: string; success: string; note: string }',
      content.contact,
    ),
    tsConst('footer', '{ blurb: string; columns: Array<{ heading: string; links: Link[] }> }', content.footer),
  );
  return parts.join('\n');
}

function appTsx(content: LandingContent): string {
  const sections = [
    ['Hero', 'Hero'],
    ['FeatureGrid', 'FeatureGrid'],
    ['Showcase', 'Showcase'],
    ['Testimonials', 'Testimonials'],
    ...(content.pricing ? [['Pricing', 'Pricing']] : []),
    ...(content.visit ? [['VisitUs', 'VisitUs']] : []),
    ...(content.faqs ? [['Faq', 'Faq']] : []),
    ['ContactSection', 'ContactSection'],
  ];
  const imports = [...sections.map(([c]) => c), 'NavBar', 'Footer'].sort().map((c) => `import { ${c} } from './components/${c}';`);
  return `${imports.join('\n')}
import './app.css';

export function App() {
  return (
    <>
      <NavBar />
      <main>
${sections.map(([c]) => `        <${c} />`).join('\n')}
      </main>
      <Footer />
    </>
  );
}
`;
}

const SECTION_HEADER = `import type { Section } from '../content';

export function SectionHeader({ section }: { section: Section }) {
  return (
    <header className="section-header">
      <span className="eyebrow">{section.eyebrow}</span>
      <h2>{section.title}</h2>
      <p>{section.intro}</p>
    </header>
  );
}
`;

const NAV_BAR = `import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { brand, hero, navLinks } from '../content';

export function NavBar() {
  const [open, setOpen] = useState(false);

  return (
    <header className="nav">
      <div className="container nav-inner">
        <a className="logo" href="#top" onClick={() => setOpen(false)}>
          <span className="logo-mark" aria-hidden="true">
            {brand.name.charAt(0)}
          </span>
          {brand.name}
        </a>
        <nav className={open ? 'nav-links open' : 'nav-links'} aria-label="Main">
          {navLinks.map((link) => (
            <a key={link.href} href={link.href} onClick={() => setOpen(false)}>
              {link.label}
            </a>
          ))}
          <a className="btn btn-primary btn-small" href={hero.primaryCta.href} onClick={() => setOpen(false)}>
            {hero.primaryCta.label}
          </a>
        </nav>
        <button
          className="icon-button nav-toggle"
          type="button"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X size={20} /> : <Menu size={20} />}
        </button>
      </div>
    </header>
  );
}
`;

const HERO = `import { ArrowRight } from 'lucide-react';
import { hero } from '../content';

export function Hero() {
  return (
    <section className="hero" id="top">
      <div className="container hero-grid">
        <div className="hero-copy">
          <span className="badge">{hero.eyebrow}</span>
          <h1>{hero.headline}</h1>
          <p className="hero-intro">{hero.intro}</p>
          <div className="hero-actions">
            <a className="btn btn-primary" href={hero.primaryCta.href}>
              {hero.primaryCta.label}
              <ArrowRight size={18} aria-hidden="true" />
            </a>
            <a className="btn btn-outline" href={hero.secondaryCta.href}>
              {hero.secondaryCta.label}
            </a>
          </div>
          <dl className="hero-stats">
            {hero.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.value}</dt>
                <dd>{stat.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <aside className="hero-card card" aria-label={hero.preview.heading}>
          <div className="hero-card-header">
            <strong>{hero.preview.heading}</strong>
            <span className="muted">{hero.preview.caption}</span>
          </div>
          <ul>
            {hero.preview.rows.map((row) => (
              <li key={row.label}>
                <div className="hero-card-row">
                  <span>{row.label}</span>
                  <span className="muted">{row.detail}</span>
                </div>
                {row.progress !== undefined && (
                  <div className="progress" role="progressbar" aria-valuenow={row.progress} aria-valuemin={0} aria-valuemax={100}>
                    <span style={{ width: row.progress + '%' }} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
`;

const FEATURE_GRID = `import { features } from '../content';
import { SectionHeader } from './SectionHeader';

export function FeatureGrid() {
  return (
    <section className="section" id={features.section.id}>
      <div className="container">
        <SectionHeader section={features.section} />
        <div className="feature-grid">
          {features.items.map(({ icon: Icon, title, body }) => (
            <article key={title} className="feature card">
              <span className="feature-icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <h3>{title}</h3>
              <p>{body}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
`;

const SHOWCASE = `import { showcase } from '../content';
import { SectionHeader } from './SectionHeader';

export function Showcase() {
  return (
    <section className="section section-alt" id={showcase.section.id}>
      <div className="container">
        <SectionHeader section={showcase.section} />
        <div className={'showcase showcase-' + showcase.layout}>
          {showcase.items.map((item, index) => (
            <article key={item.title} className="showcase-item card">
              {showcase.layout === 'work' && (
                <div className={'work-thumb work-thumb-' + (index % 3)} aria-hidden="true">
                  <span>{item.title.charAt(0)}</span>
                </div>
              )}
              {showcase.layout === 'steps' && <span className="step-number">{index + 1}</span>}
              <div className="showcase-body">
                <div className="showcase-title">
                  <h3>{item.title}</h3>
                  {showcase.layout === 'menu' && <span className="price">{item.meta}</span>}
                </div>
                {showcase.layout !== 'menu' && <span className="muted small">{item.meta}</span>}
                <p>{item.body}</p>
                <span className="badge">{item.tag}</span>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
`;

const TESTIMONIALS = `import { Quote } from 'lucide-react';
import { testimonials } from '../content';
import { SectionHeader } from './SectionHeader';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

export function Testimonials() {
  return (
    <section className="section" id={testimonials.section.id}>
      <div className="container">
        <SectionHeader section={testimonials.section} />
        <div className="testimonial-grid">
          {testimonials.items.map((item) => (
            <figure key={item.name} className="testimonial card">
              <Quote className="testimonial-mark" size={28} aria-hidden="true" />
              <blockquote>{item.quote}</blockquote>
              <figcaption>
                <span className="avatar" aria-hidden="true">
                  {initials(item.name)}
                </span>
                <span>
                  <strong>{item.name}</strong>
                  <span className="muted small">{item.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
`;

const PRICING = `import { Check } from 'lucide-react';
import { pricing } from '../content';
import { SectionHeader } from './SectionHeader';

export function Pricing() {
  return (
    <section className="section section-alt" id={pricing.section.id}>
      <div className="container">
        <SectionHeader section={pricing.section} />
        <div className="pricing-grid">
          {pricing.plans.map((plan) => (
            <article key={plan.name} className={plan.highlighted ? 'plan card plan-highlighted' : 'plan card'}>
              {plan.highlighted && <span className="plan-ribbon">Most popular</span>}
              <h3>{plan.name}</h3>
              <p className="muted">{plan.summary}</p>
              <p className="plan-price">
                <strong>{plan.price}</strong> <span className="muted">{plan.period}</span>
              </p>
              <ul>
                {plan.perks.map((perk) => (
                  <li key={perk}>
                    <Check size={18} aria-hidden="true" />
                    {perk}
                  </li>
                ))}
              </ul>
              <a className={plan.highlighted ? 'btn btn-primary' : 'btn btn-outline'} href="#contact">
                {plan.cta}
              </a>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
`;

const VISIT_US = `import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { visit } from '../content';
import { SectionHeader } from './SectionHeader';

export function VisitUs() {
  return (
    <section className="section section-alt" id={visit.section.id}>
      <div className="container">
        <SectionHeader section={visit.section} />
        <div className="visit-grid">
          <div className="card visit-card">
            <h3>
              <Clock size={20} aria-hidden="true" /> Opening hours
            </h3>
            <table className="hours">
              <tbody>
                {visit.hours.map((row) => (
                  <tr key={row.days}>
                    <th scope="row">{row.days}</th>
                    <td>{row.time}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted small">{visit.note}</p>
          </div>
          <div className="card visit-card">
            <h3>
              <MapPin size={20} aria-hidden="true" /> Find us
            </h3>
            <address>
              {visit.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
            <p>
              <Phone size={16} aria-hidden="true" /> <a href={'tel:' + visit.phone.replace(/[^0-9+]/g, '')}>{visit.phone}</a>
            </p>
            <p>
              <Mail size={16} aria-hidden="true" /> <a href={'mailto:' + visit.email}>{visit.email}</a>
            </p>
          </div>
          <div className="map-card" role="img" aria-label={'Map showing ' + visit.address.join(', ')}>
            <span className="map-pin">
              <MapPin size={28} aria-hidden="true" />
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
`;

const FAQ = `import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { faqs } from '../content';
import { SectionHeader } from './SectionHeader';

export function Faq() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);

  return (
    <section className="section" id={faqs.section.id}>
      <div className="container faq-layout">
        <SectionHeader section={faqs.section} />
        <div className="faq-list">
          {faqs.items.map((item, index) => {
            const open = openIndex === index;
            return (
              <div key={item.question} className={open ? 'faq-item open' : 'faq-item'}>
                <h3>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={'faq-answer-' + index}
                    onClick={() => setOpenIndex(open ? null : index)}
                  >
                    {item.question}
                    <ChevronDown size={20} aria-hidden="true" />
                  </button>
                </h3>
                <p id={'faq-answer-' + index} hidden={!open}>
                  {item.answer}
                </p>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
`;

const CONTACT_SECTION = `import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { contact, type FormField } from '../content';
import { SectionHeader } from './SectionHeader';

type Values = Record<string, string>;

const EMAIL_PATTERN = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;

function validate(fields: FormField[], values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && !value) errors[field.name] = field.label + ' is required.';
    else if (field.type === 'email' && value && !EMAIL_PATTERN.test(value)) errors[field.name] = 'Enter a valid email address.';
  }
  return errors;
}

export function ContactSection() {
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submittedName, setSubmittedName] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(contact.fields, values);
    setErrors(found);
    if (Object.keys(found).length === 0) setSubmittedName((values.name ?? '').trim() || 'friend');
  }

  function update(name: string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
  }

  return (
    <section className="section contact" id={contact.section.id}>
      <div className="container contact-grid">
        <SectionHeader section={contact.section} />
        <div className="card contact-card">
          {submittedName ? (
            <div className="success" role="status">
              <CircleCheck size={36} aria-hidden="true" />
              <p>{contact.success.replace('{name}', submittedName)}</p>
              <button
                className="btn btn-outline"
                type="button"
                onClick={() => {
                  setSubmittedName(null);
                  setValues({});
                }}
              >
                Send another
              </button>
            </div>
          ) : (
            <form onSubmit={handleSubmit} noValidate>
              {contact.fields.map((field) => (
                <label key={field.name} className="field">
                  {field.label}
                  {field.type === 'select' ? (
                    <select className="input" value={values[field.name] ?? ''} onChange={(e) => update(field.name, e.target.value)}>
                      <option value="">Choose…</option>
                      {field.options?.map((option) => (
                        <option key={option}>{option}</option>
                      ))}
                    </select>
                  ) : field.type === 'textarea' ? (
                    <textarea
                      className="input"
                      rows={4}
                      placeholder={field.placeholder}
                      value={values[field.name] ?? ''}
                      onChange={(e) => update(field.name, e.target.value)}
                    />
                  ) : (
                    <input
                      className="input"
                      type={field.type}
                      placeholder={field.placeholder}
                      value={values[field.name] ?? ''}
                      onChange={(e) => update(field.name, e.target.value)}
                      aria-invalid={Boolean(errors[field.name])}
                    />
                  )}
                  {errors[field.name] && <span className="field-error">{errors[field.name]}</span>}
                </label>
              ))}
              <button className="btn btn-primary" type="submit">
                {contact.submitLabel}
              </button>
              <p className="muted small">{contact.note}</p>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
`;

const FOOTER = `import { brand, footer } from '../content';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <a className="logo" href="#top">
            <span className="logo-mark" aria-hidden="true">
              {brand.name.charAt(0)}
            </span>
            {brand.name}
          </a>
          <p className="muted">{footer.blurb}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h4>{column.heading}</h4>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom muted small">
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </div>
    </footer>
  );
}
`;

const APP_CSS = `.small {
  font-size: 0.85rem;
}

/* Navigation */
.nav {
  position: sticky;
  top: 0;
  z-index: 20;
  background: color-mix(in srgb, var(--color-bg) 85%, transparent);
  backdrop-filter: blur(12px);
  border-bottom: 1px solid var(--color-border);
}

.nav-inner {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  min-height: 4rem;
}

.logo {
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-weight: 700;
  font-size: 1.1rem;
  color: var(--color-text);
}

.logo:hover {
  text-decoration: none;
}

.logo-mark {
  display: grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 10px;
  background: linear-gradient(135deg, var(--color-primary), var(--color-accent));
  color: var(--color-on-primary);
  font-size: 1rem;
}

.nav-links {
  display: flex;
  align-items: center;
  gap: 1.75rem;
}

.nav-links a:not(.btn) {
  color: var(--color-muted);
  font-weight: 500;
}

.nav-links a:not(.btn):hover {
  color: var(--color-text);
  text-decoration: none;
}

.nav-toggle {
  display: none;
}

/* Hero */
.hero {
  position: relative;
  padding: 5rem 0 4rem;
  overflow: hidden;
  background:
    radial-gradient(40rem 24rem at 85% 10%, color-mix(in srgb, var(--color-accent) 18%, transparent), transparent 70%),
    radial-gradient(36rem 30rem at 5% 0%, color-mix(in srgb, var(--color-primary) 16%, transparent), transparent 70%);
}

.hero-grid {
  display: grid;
  grid-template-columns: 1.25fr 1fr;
  gap: 3.5rem;
  align-items: center;
}

.hero h1 {
  margin: 1.1rem 0 1.25rem;
  font-size: clamp(2.3rem, 5vw, 3.9rem);
  letter-spacing: -0.035em;
}

.hero-intro {
  max-width: 36rem;
  color: var(--color-muted);
  font-size: 1.15rem;
}

.hero-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 2rem;
}

.hero-stats {
  display: flex;
  flex-wrap: wrap;
  gap: 2.5rem;
  margin: 2.75rem 0 0;
}

.hero-stats dt {
  font-size: 1.6rem;
  font-weight: 700;
  letter-spacing: -0.02em;
}

.hero-stats dd {
  margin: 0;
  color: var(--color-muted);
  font-size: 0.9rem;
}

.hero-card {
  padding: 1.5rem;
  box-shadow: var(--shadow);
  transform: rotate(1deg);
}

.hero-card-header {
  display: grid;
  gap: 0.15rem;
  padding-bottom: 1rem;
  margin-bottom: 0.5rem;
  border-bottom: 1px solid var(--color-border);
}

.hero-card ul {
  display: grid;
  gap: 1rem;
  margin: 0;
  padding: 0.5rem 0 0;
  list-style: none;
}

.hero-card-row {
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  font-weight: 500;
}

.progress {
  height: 6px;
  margin-top: 0.5rem;
  border-radius: 999px;
  background: var(--color-surface-alt);
  overflow: hidden;
}

.progress span {
  display: block;
  height: 100%;
  border-radius: inherit;
  background: linear-gradient(90deg, var(--color-primary), var(--color-accent));
}

/* Sections */
.section {
  padding: 5.5rem 0;
}

.section-alt {
  background: var(--color-surface-alt);
}

.section-header {
  max-width: 40rem;
  margin-bottom: 3rem;
}

.section-header h2 {
  margin: 0.6rem 0 0.9rem;
  font-size: clamp(1.8rem, 3.5vw, 2.6rem);
}

.section-header p {
  color: var(--color-muted);
  font-size: 1.08rem;
}

.eyebrow {
  color: var(--color-primary-text);
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
}

.feature-grid {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  gap: 1.25rem;
}

.feature {
  padding: 1.75rem;
  transition:
    transform 0.2s ease,
    box-shadow 0.2s ease;
}

.feature:hover {
  transform: translateY(-3px);
  box-shadow: var(--shadow);
}

.feature-icon {
  display: grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-bottom: 1.1rem;
  border-radius: 12px;
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
}

.feature h3 {
  margin-bottom: 0.5rem;
  font-size: 1.15rem;
}

.feature p {
  color: var(--color-muted);
}

/* Showcase: steps, menu or work */
.showcase {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr));
  gap: 1.25rem;
}

.showcase-item {
  display: flex;
  flex-direction: column;
  overflow: hidden;
}

.showcase-body {
  display: grid;
  gap: 0.6rem;
  align-content: start;
  padding: 1.5rem;
}

.showcase-body .badge {
  justify-self: start;
}

.showcase-body p {
  color: var(--color-muted);
}

.showcase-title {
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 1rem;
}

.showcase-title h3 {
  font-size: 1.15rem;
}

.price {
  color: var(--color-primary-text);
  font-weight: 700;
  white-space: nowrap;
}

.step-number {
  display: grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
  margin: 1.5rem 1.5rem 0;
  border-radius: 999px;
  background: var(--color-primary);
  color: var(--color-on-primary);
  font-weight: 700;
}

.work-thumb {
  display: grid;
  place-items: center;
  aspect-ratio: 16 / 10;
  color: color-mix(in srgb, var(--color-on-primary) 85%, transparent);
  font-size: 3.5rem;
  font-weight: 800;
}

.work-thumb-0 {
  background: linear-gradient(135deg, var(--color-primary), var(--color-accent));
}

.work-thumb-1 {
  background: linear-gradient(160deg, var(--color-accent), color-mix(in srgb, var(--color-primary) 70%, #000));
}

.work-thumb-2 {
  background: linear-gradient(200deg, color-mix(in srgb, var(--color-primary) 60%, #fff), var(--color-primary));
}

/* Testimonials */
.testimonial-grid {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr));
  gap: 1.25rem;
}

.testimonial {
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  margin: 0;
  padding: 1.75rem;
}

.testimonial-mark {
  color: var(--color-accent);
}

.testimonial blockquote {
  flex: 1;
  margin: 0;
  font-size: 1.05rem;
}

.testimonial figcaption {
  display: flex;
  align-items: center;
  gap: 0.75rem;
}

.testimonial figcaption > span:last-child {
  display: grid;
}

.avatar {
  display: grid;
  place-items: center;
  width: 2.6rem;
  height: 2.6rem;
  border-radius: 999px;
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
  font-weight: 700;
}

/* Pricing */
.pricing-grid {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(16.5rem, 1fr));
  gap: 1.25rem;
  align-items: stretch;
}

.plan {
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 2rem;
}

.plan ul {
  display: grid;
  flex: 1;
  gap: 0.6rem;
  margin: 0.5rem 0 1.25rem;
  padding: 0;
  list-style: none;
}

.plan li {
  display: flex;
  gap: 0.6rem;
  align-items: flex-start;
}

.plan li svg {
  flex: none;
  margin-top: 0.2rem;
  color: var(--color-success);
}

.plan-price strong {
  font-size: 2.4rem;
  letter-spacing: -0.03em;
}

.plan-highlighted {
  border: 2px solid var(--color-primary);
  box-shadow: var(--shadow);
}

.plan-ribbon {
  position: absolute;
  top: -0.85rem;
  left: 2rem;
  padding: 0.2rem 0.75rem;
  border-radius: 999px;
  background: var(--color-primary);
  color: var(--color-on-primary);
  font-size: 0.78rem;
  font-weight: 700;
}

/* Visit */
.visit-grid {
  display: grid;
  grid-template-columns: 1fr 1fr 1.2fr;
  gap: 1.25rem;
}

.visit-card {
  display: grid;
  gap: 0.9rem;
  align-content: start;
  padding: 1.75rem;
}

.visit-card h3 {
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: 1.1rem;
}

.visit-card p {
  display: flex;
  align-items: center;
  gap: 0.5rem;
}

.visit-card address {
  display: grid;
  font-style: normal;
}

.hours {
  width: 100%;
  border-collapse: collapse;
}

.hours th,
.hours td {
  padding: 0.45rem 0;
  border-bottom: 1px dashed var(--color-border);
  text-align: left;
  font-weight: 500;
}

.hours td {
  text-align: right;
  color: var(--color-muted);
}

.map-card {
  display: grid;
  place-items: center;
  min-height: 15rem;
  border-radius: var(--radius);
  border: 1px solid var(--color-border);
  background:
    linear-gradient(90deg, var(--color-border) 1px, transparent 1px) 0 0 / 32px 32px,
    linear-gradient(var(--color-border) 1px, transparent 1px) 0 0 / 32px 32px,
    var(--color-surface);
}

.map-pin {
  display: grid;
  place-items: center;
  width: 4rem;
  height: 4rem;
  border-radius: 999px;
  background: var(--color-primary);
  color: var(--color-on-primary);
  box-shadow: 0 0 0 12px color-mix(in srgb, var(--color-primary) 20%, transparent);
}

/* FAQ */
.faq-layout {
  display: grid;
  grid-template-columns: 1fr 1.4fr;
  gap: 3rem;
  align-items: start;
}

.faq-list {
  display: grid;
  gap: 0.75rem;
}

.faq-item {
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
}

.faq-item h3 {
  font-size: 1.05rem;
}

.faq-item button {
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  width: 100%;
  padding: 1.1rem 1.25rem;
  border: 0;
  background: none;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
}

.faq-item button svg {
  flex: none;
  transition: transform 0.2s ease;
}

.faq-item.open button svg {
  transform: rotate(180deg);
}

.faq-item p {
  padding: 0 1.25rem 1.2rem;
  color: var(--color-muted);
}

/* Contact */
.contact {
  background: linear-gradient(160deg, var(--color-primary-soft), var(--color-bg) 60%);
}

.contact-grid {
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 3rem;
  align-items: start;
}

.contact-card {
  padding: 2rem;
  box-shadow: var(--shadow);
}

.contact-card form {
  display: grid;
  gap: 1.1rem;
}

.field-error {
  color: var(--color-danger);
  font-size: 0.85rem;
}

.success {
  display: grid;
  justify-items: center;
  gap: 1rem;
  padding: 1.5rem 0;
  text-align: center;
  color: var(--color-success);
}

.success p {
  color: var(--color-text);
  font-size: 1.1rem;
}

/* Footer */
.footer {
  padding: 4rem 0 2rem;
  border-top: 1px solid var(--color-border);
}

.footer-grid {
  display: grid;
  grid-template-columns: 2fr repeat(3, 1fr);
  gap: 2rem;
}

.footer-grid p {
  max-width: 22rem;
  margin-top: 0.9rem;
}

.footer h4 {
  margin-bottom: 0.75rem;
  font-size: 0.95rem;
}

.footer ul {
  display: grid;
  gap: 0.45rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

.footer ul a {
  color: var(--color-muted);
}

.footer-bottom {
  margin-top: 3rem;
  padding-top: 1.5rem;
  border-top: 1px solid var(--color-border);
}

@media (max-width: 960px) {
  .hero-grid,
  .faq-layout,
  .contact-grid,
  .visit-grid {
    grid-template-columns: 1fr;
  }

  .hero-card {
    transform: none;
  }

  .footer-grid {
    grid-template-columns: 1fr 1fr;
  }
}

@media (max-width: 768px) {
  .nav-toggle {
    display: inline-grid;
  }

  .nav-links {
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    display: none;
    flex-direction: column;
    align-items: stretch;
    gap: 0.25rem;
    padding: 1rem 1.25rem 1.5rem;
    background: var(--color-bg);
    border-bottom: 1px solid var(--color-border);
    box-shadow: var(--shadow);
  }

  .nav-links.open {
    display: flex;
  }

  .nav-links a:not(.btn) {
    padding: 0.6rem 0;
  }

  .hero {
    padding: 3rem 0;
  }

  .section {
    padding: 4rem 0;
  }

  .hero-stats {
    gap: 1.5rem;
  }
}
`;

export function landingBlueprint(ctx: BlueprintContext): ProjectFiles {
  const flavour = landingFlavour(ctx.words);
  const content = contentFor(ctx, flavour);
  const files: ProjectFiles = {
    'src/App.tsx': appTsx(content),
    'src/app.css': APP_CSS,
    'src/content.ts': contentTs(ctx, content),
    'src/components/NavBar.tsx': NAV_BAR,
    'src/components/SectionHeader.tsx': SECTION_HEADER,
    'src/components/Hero.tsx': HERO,
    'src/components/FeatureGrid.tsx': FEATURE_GRID,
    'src/components/Showcase.tsx': SHOWCASE,
    'src/components/Testimonials.tsx': TESTIMONIALS,
  };
  if (content.pricing) files['src/components/Pricing.tsx'] = PRICING;
  if (content.visit) files['src/components/VisitUs.tsx'] = VISIT_US;
  if (content.faqs) files['src/components/Faq.tsx'] = FAQ;
  files['src/components/ContactSection.tsx'] = CONTACT_SECTION;
  files['src/components/Footer.tsx'] = FOOTER;

  const flavourFeatures: Record<LandingFlavour, string[]> = {
    product: ['Hero with a live product preview and key numbers', 'Feature grid, three-step "how it works" and customer stories', 'Three pricing plans with a highlighted favourite', 'FAQ accordion and a validated sign-up form'],
    bakery: ['Hero with today\'s specials', 'Menu favourites with prices and dietary tags', 'Opening hours, address and a map panel', 'Order-ahead form with validation, reviews and FAQ'],
    cafe: ['Hero with today\'s specials', 'Menu favourites with prices and dietary tags', 'Opening hours, address and a map panel', 'Order-ahead form with validation, reviews and FAQ'],
    restaurant: ['Hero with today\'s specials', 'Menu highlights with prices', 'Opening hours, address and a map panel', 'Table booking form with validation, reviews and FAQ'],
    'design-portfolio': ['Hero with availability', 'Services, selected work and client testimonials', 'Transparent rates', 'Project enquiry form with validation'],
    'photo-portfolio': ['Hero with availability', 'Services, a gallery of recent projects and client testimonials', 'Session and commission rates', 'Enquiry form with validation'],
  };
  return assembleProject(ctx, {
    kind: landingDefaults(ctx.words).kind,
    features: [...flavourFeatures[flavour], 'Responsive from phone to desktop, with a mobile menu', 'All copy in `src/content.ts`; all colours in CSS variables'],
    files,
  });
}
