// From a description to a finished set of files: what the offline agent "writes".
import { packageNameFor } from '../template/template-files.js';
import { BLUEPRINTS, type BlueprintEntry } from './blueprints/catalog.js';
import { type BlueprintContext, type ProjectFiles } from './blueprints/blueprint-context.js';
import { buildProject } from './blueprints/build-project.js';
import { type AppDescription, describeApp } from './describe.js';
import { buildPalette } from './palette.js';
import { unhonouredNotes } from './unhonoured.js';

export interface ProjectPlan {
  description: AppDescription;
  blueprint: BlueprintEntry;
  context: BlueprintContext;
  /** Every file of the project, in the order the agent writes them. */
  files: ProjectFiles;
  /** The template's files as the platform lays them down, before the app changes any. */
  template: ReadonlyMap<string, string>;
  /** What the description asks for that the blueprint cannot give, in plain sentences for the commentary. */
  notes: string[];
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
  const notes = unhonouredNotes(description, described, defaults.kind);
  return { description: described, blueprint, context, notes, ...buildProject(blueprint, context) };
}

/** Titles and taglines land in headings, JSON and TypeScript strings: one line, and never a marker. */
function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/<<</g, '‹‹‹').trim();
}
