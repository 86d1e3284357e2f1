// The blog's name and words, in one place.
export const site = {
  name: '{{title}}',
  tagline: '{{tagline}}',
  /** The home page's main heading. */
  headline: '{{tagline}}',
};
