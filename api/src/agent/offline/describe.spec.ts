import { describe, expect, it } from '@jest/globals';
import { describeApp, extractTagline, extractTitle, titleCase, titleFromProjectName } from './describe.js';

describe('describeApp: blueprint choice', () => {
  it.each([
    ['A landing page for my bakery with opening hours and a menu', 'landing'],
    ['Portfolio website for a freelance illustrator', 'landing'],
    ['Marketing site for our startup with pricing and testimonials', 'landing'],
    ['A todo app with priorities and due dates', 'todo'],
    ['Kanban board to organise my team backlog', 'todo'],
    ['A simple notes app to jot down ideas', 'todo'],
    ['An admin dashboard with sales analytics and charts', 'dashboard'],
    ['Track KPIs and metrics for my SaaS in one place', 'dashboard'],
    ['A blog where I can publish articles and readers can comment', 'blog'],
    ['Simple CMS for our magazine', 'blog'],
    ['An online store selling handmade candles with a cart and checkout', 'shop'],
    ['E-commerce site for my clothing brand', 'shop'],
    ['A social network for runners with a feed, followers and likes', 'social'],
    ['A community app where members share posts and follow each other', 'social'],
    ['Something nice', 'landing'],
    ['', 'landing'],
  ])('%s → %s', (description, blueprint) => {
    expect(describeApp(description, 'my-react-app').blueprint).toBe(blueprint);
  });

  it.each([
    ['A sales dashboard', 'dashboard'],
    ['A sales dashboard for my online store', 'dashboard'],
    ['An inventory dashboard for my shop', 'dashboard'],
    ['A dashboard for my online store orders and sales', 'dashboard'],
    ['An online store for my coffee roastery with a sales report', 'shop'],
    ['A blog for my bakery', 'blog'],
    ['A website for my online store', 'landing'],
  ])('takes the kind of app the description names, not its subject: %s → %s', (description, blueprint) => {
    expect(describeApp(description, 'x').blueprint).toBe(blueprint);
  });

  it('says which blueprint the description names, if any', () => {
    expect(describeApp('An inventory dashboard for my shop', 'x').named).toBe('dashboard');
    expect(describeApp('Track KPIs and metrics for my SaaS', 'x').named).toBeNull();
    expect(describeApp('a recipe app with a map', 'x')).toMatchObject({ named: null, blueprint: 'blog' });
  });

  it('breaks a tie in favour of the blueprint mentioned first', () => {
    expect(describeApp('A kanban dashboard', 'x').blueprint).toBe('todo');
    expect(describeApp('A dashboard with a kanban view', 'x').blueprint).toBe('dashboard');
    expect(describeApp('A landing page for my shop', 'x').blueprint).toBe('landing');
  });

  it('does not mistake "to do" in ordinary sentences for a todo app', () => {
    expect(describeApp('A website listing things to do in Lisbon', 'x').blueprint).toBe('landing');
  });

  it('counts a phrase once, not also its words', () => {
    expect(describeApp('A landing page', 'x').scores.landing).toBe(6);
  });

  it('scores every blueprint', () => {
    const { scores } = describeApp('A dashboard for my online store orders', 'x');
    expect(scores.dashboard).toBeGreaterThan(0);
    expect(scores.shop).toBeGreaterThan(0);
    expect(scores.social).toBe(0);
  });
});

describe('title extraction', () => {
  it.each([
    ['A todo app called TaskFlow that helps me plan', 'TaskFlow'],
    ['a landing page for my bakery named sweet crumbs, with warm colours', 'Sweet Crumbs'],
    ['Build "Moonlight Bistro" a restaurant website', 'Moonlight Bistro'],
    ['A blog titled “The Quiet Desk” about productivity', 'The Quiet Desk'],
    ["My mom's café called 'Second Cup' needs a site", 'Second Cup'],
    ['A site for the Daily Grind', null],
    ['A blog named after my cat', null],
  ])('%s → %s', (description, title) => {
    expect(extractTitle(description)).toBe(title);
  });

  it('skips a quoted tagline and takes the quoted name', () => {
    expect(extractTitle('A site with the tagline "Bread worth waking up for" for "Hearth Bakery"')).toBe('Hearth Bakery');
  });

  it('falls back to the project name, except the default one', () => {
    expect(describeApp('A todo app', 'bloom-bakery').title).toBe('Bloom Bakery');
    expect(describeApp('A todo app', 'my-react-app').title).toBeNull();
    expect(titleFromProjectName('taskFlow_v2')).toBe('Task Flow V2');
    expect(titleFromProjectName('')).toBeNull();
  });

  it('title-cases while keeping brand capitals and small words', () => {
    expect(titleCase('the lord of the rings')).toBe('The Lord of the Rings');
    expect(titleCase('iPhone tips and NYC eats')).toBe('iPhone Tips and NYC Eats');
  });
});

describe('tagline extraction', () => {
  it('takes an explicit tagline', () => {
    expect(extractTagline('A bakery site with the tagline "bread worth waking up for"')).toBe('Bread worth waking up for.');
  });

  it('makes one from what the app does, in the second person', () => {
    expect(extractTagline('A todo app that helps me plan my week, with dark mode')).toBe('Helps you plan your week.');
    expect(extractTagline('An app to track my running and share it with friends.')).toBe('Track your running and share it with friends.');
  });

  it('gives nothing when the description has no such clause', () => {
    expect(extractTagline('A blog')).toBeNull();
  });
});

describe('colour hints', () => {
  it('reads named colours and hex codes in order: primary, then accent', () => {
    expect(describeApp('Use teal and #FF8800 please', 'x').colors).toMatchObject({ primary: '#0d9488', accent: '#ff8800' });
    expect(describeApp('A royal blue and gold theme', 'x').colors).toMatchObject({ primary: '#4169e1', accent: '#d4a017' });
  });

  it('reads dark schemes, moods and background tints', () => {
    expect(describeApp('A dark mode dashboard', 'x').colors.scheme).toBe('dark');
    expect(describeApp('Black and gold, very elegant', 'x').colors).toMatchObject({ scheme: 'dark', primary: '#d4a017' });
    expect(describeApp('A cream background and forest green buttons', 'x').colors).toMatchObject({ background: '#fffdd0', primary: '#228b22' });
    expect(describeApp('A warm, cozy feel', 'x').colors.mood).toBe('warm');
    expect(describeApp('Ocean vibes', 'x').colors.mood).toBe('ocean');
  });

  it('finds nothing in a description without colour words', () => {
    expect(describeApp('A todo app for my team', 'x').colors).toEqual({});
  });
});
