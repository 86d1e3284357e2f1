// Which conventions a project was made under (api/prompts/<version>): its edits and fixes follow the
// same ones. Projects record it; new projects get the current one.

export const CONVENTIONS_VERSIONS = ['v1', 'v2'] as const;
/** v1: plain CSS and 16 packages, every file written by the model; v2: Tailwind, UI components and the starter template. */
export type ConventionsVersion = (typeof CONVENTIONS_VERSIONS)[number];

/** What new projects are made with. */
export const CURRENT_CONVENTIONS: ConventionsVersion = 'v2';
