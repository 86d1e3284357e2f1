// Descriptions each blueprint is known to handle, two per blueprint with different flavours,
// colours and naming. The unit and integration tests generate and build every one of them.
import { type BlueprintId } from '../describe.js';

export interface ExampleDescription {
  description: string;
  projectName: string;
}

export const EXAMPLE_DESCRIPTIONS: Record<BlueprintId, ExampleDescription[]> = {
  landing: [
    {
      description: 'A landing page for my SaaS startup that helps freelancers track client work, with pricing, testimonials and an FAQ. Indigo and orange.',
      projectName: 'launchpad',
    },
    {
      // Quotes, braces, angle brackets, a dollar sign and a backslash in the name: all must survive escaping.
      description: 'Website for our bakery called "Tom\'s {Best} <Bread> & $Co \\ Cafe" with opening hours, a menu and warm colours.',
      projectName: 'my-react-app',
    },
  ],
  todo: [
    { description: 'A todo app called TaskFlow that helps me plan my week, with priorities and due dates. Dark mode, emerald accents.', projectName: 'taskflow' },
    { description: 'Kanban board to organise our engineering team backlog', projectName: 'team_board' },
  ],
  dashboard: [
    { description: 'An admin dashboard with sales analytics, KPIs and charts, ocean colours', projectName: 'my-react-app' },
    { description: 'A metrics dashboard for my online course business named "Pulse", black and gold', projectName: 'pulse' },
  ],
  blog: [
    { description: 'A blog about design and engineering where readers can comment. Forest green.', projectName: 'field-notes' },
    { description: 'Simple CMS for a travel magazine with articles and authors, #b91c1c as the main colour', projectName: 'wander_mag' },
  ],
  shop: [
    { description: 'An online store for my coffee roastery with a cart and checkout, brown and gold', projectName: 'bean-there' },
    { description: 'E-commerce site selling houseplants and pots, sage green, with a shopping cart', projectName: 'my-react-app' },
  ],
  social: [
    { description: 'A social network for makers with a feed, followers and likes. Purple and pink.', projectName: 'my-react-app' },
    { description: 'A community app for runners where members share posts, follow each other and use hashtags', projectName: 'runclub' },
  ],
};
