// Every blueprint the offline agent can write. Each one's sources live in api/blueprints/<id>/;
// its module here says how a description picks among its variants and fills its placeholders.
import { type BlueprintId } from '../describe.js';
import { type BlueprintEntry } from './blueprint-context.js';
import { blogBlueprint } from './blog.js';
import { dashboardBlueprint } from './dashboard.js';
import { landingBlueprint } from './landing.js';
import { shopBlueprint } from './shop.js';
import { socialBlueprint } from './social.js';
import { todoBlueprint } from './todo.js';

export type { BlueprintDefaults, BlueprintEntry } from './blueprint-context.js';

export const BLUEPRINTS: Record<BlueprintId, BlueprintEntry> = {
  landing: landingBlueprint,
  todo: todoBlueprint,
  dashboard: dashboardBlueprint,
  blog: blogBlueprint,
  shop: shopBlueprint,
  social: socialBlueprint,
};
