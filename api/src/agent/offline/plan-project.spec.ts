import { describe, expect, it } from '@jest/globals';
import { packageNameFor, planProject } from './plan-project.js';

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
