// Edits the offline starter agent (no language model configured) can make to any project it wrote:
// the web offers these as examples, the docs quote them, and the API tests apply each one.

export const OFFLINE_EDIT_EXAMPLES = [
  'Change the heading to Fresh beans daily',
  'Make the accent colour teal',
  'Make it dark blue',
  'Change the title to Golden Hour',
  'Change the heading to Wanderlust Diaries and make the accent colour teal',
] as const;

/** What the offline agent can change, in a sentence for people. */
export const OFFLINE_EDIT_ABILITIES =
  'Without a language model, Forge can change the title or the main heading, the main or the accent colour, replace a quoted text with another (Replace "Menu" with "Our menu"), or the text of an element picked with Select in the preview ("Make this say Hello").';
