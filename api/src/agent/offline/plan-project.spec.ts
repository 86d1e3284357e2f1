import { describe, expect, it } from '@jest/globals';
import { packageNameFor } from '../template/template-files.js';
import { planProject } from './plan-project.js';

describe('planProject', () => {
  it("falls back on the blueprint's own title and tagline", () => {
    const plan = planProject('A todo app', 'my-react-app');
    expect(plan.context.title).toBe('Taskflow');
    expect(plan.context.tagline).toBe('Plan your day, focus on what matters, and get it done.');
  });

  it('uses what the description says over the defaults', () => {
    const plan = planProject('A todo app called Errand Runner that helps me remember errands', 'whatever');
    expect(plan.context.title).toBe('Errand Runner');
    expect(plan.context.tagline).toBe('Helps you remember errands.');
  });

  it('picks defaults that fit the topic inside a blueprint', () => {
    expect(planProject('An online coffee shop', 'my-react-app').context.title).toBe('Ember Roasters');
    expect(planProject('A travel blog', 'my-react-app').context.title).toBe('Far & Away');
    expect(planProject('A shop selling houseplants', 'my-react-app').context.title).toBe('Greenhouse Co.');
    expect(planProject('A website for my restaurant', 'my-react-app').context.title).toBe('Saltwater Kitchen');
  });

  it('builds the closest blueprint for a request it has none for, and says plainly what is missing', () => {
    const plan = planProject('a recipe app with a map', 'my-react-app');
    expect(plan.blueprint.id).toBe('blog');
    expect(plan.context.title).toBe('Salt & Crumb');
    expect(plan.notes).toEqual([
      'The offline starter agent has no blueprint for a recipe app: this is the closest one it has, a blog with a database.',
      'It cannot add a map: the starter blueprints have no such part, so none is made up.',
      'With a language model configured, Forge builds the app you describe, with all of it.',
    ]);
  });

  it('names what it builds when nothing in the description matches a blueprint', () => {
    expect(planProject('a weather app using the OpenWeather API with my key', 'weather').notes).toEqual([
      'The offline starter agent has no blueprint for a weather app: this is the closest one it has, a product landing page presenting it.',
      'It cannot add calls to an outside service with your key: the starter blueprints have no such part, so none is made up.',
      'With a language model configured, Forge builds the app you describe, with all of it.',
    ]);
  });

  it('has nothing to say about a request its blueprint covers', () => {
    expect(planProject('A sales dashboard with revenue charts', 'sales').notes).toEqual([]);
    expect(planProject('A todo app called TaskFlow', 'taskflow').notes).toEqual([]);
  });

  it('gives a readable README description even for an empty request', () => {
    expect(planProject('', 'my-react-app').files['README.md']).toContain('a product landing page called Lumen');
  });
});

describe('packageNameFor', () => {
  it.each([
    ['my-react-app', 'my-react-app'],
    ['My_Shop', 'my_shop'],
    ['_hidden', 'hidden'],
    ['', 'my-react-app'],
  ])('%s → %s', (projectName, packageName) => {
    expect(packageNameFor(projectName)).toBe(packageName);
  });
});
