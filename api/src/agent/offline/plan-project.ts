// From a description to a finished set of files: what the offline agent "writes".
import { BLUEPRINTS, type BlueprintEntry } from './blueprints/catalog.js';
import { type BlueprintContext, type ProjectFiles } from './blueprints/blueprint-context.js';
import { buildProject } from './blueprints/build-project.js';
import { type AppDescription, describeApp } from './describe.js';
import { buildPalette } from './palette.js';

export interface ProjectPlan {
  description: AppDescription;
  blueprint: BlueprintEntry;
  context: BlueprintContext;
  files: ProjectFiles;
}

export function planProject(description: string, projectName: string): ProjectPlan {
  const described = describeApp(description, projectName);
  const blueprint = BLUEPRINTS[described.blueprint];
  const defaults = blueprint.defaults(described.words);
  const context: BlueprintContext = {
    packageName: packageNameFor(projectName),
    title: singleLine(described.title ?? defaults.title),
    tagline: singleLine(described.tagline ?? defaults.tagline),
    description: description.trim() || `${defaults.kind} called ${defaults.title}`,
    palette: buildPalette(defaults.palette, described.colors),
    words: described.words,
  };
  return { description: described, blueprint, context, files: buildProject(blueprint, context) };
}

/** A valid npm package name: lower-case, no leading dot or underscore, at most 214 characters. */
export function packageNameFor(projectName: string): string {
  const name = projectName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 214);
  return name || 'my-react-app';
}

/** Titles and taglines land in headings, JSON and TypeScript strings: one line, and never a marker. */
function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/<<</g, '‹‹‹').trim();
}
