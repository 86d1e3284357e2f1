// Reads a plain-language description the way the offline agent can: deterministically, by
// keywords. Picks a blueprint and pulls out a title, a tagline and colour wishes.
import { BLUEPRINT_IDS, BLUEPRINT_KEYWORDS, type BlueprintId, KIND_KEYWORDS } from './describe-keywords.js';
import { type ColorHints, extractColorHints } from './palette.js';

export { BLUEPRINT_IDS, type BlueprintId } from './describe-keywords.js';

export interface AppDescription {
  blueprint: BlueprintId;
  /** The blueprint the description names as the kind of app ("an inventory dashboard for my shop": dashboard), if any. */
  named: BlueprintId | null;
  /** Each blueprint's keyword score, for the commentary and for tests. */
  scores: Record<BlueprintId, number>;
  /** Null when neither the description nor the project name gives one. */
  title: string | null;
  /** Null when the description has no clause a tagline can be made from. */
  tagline: string | null;
  colors: ColorHints;
  /** Lower-cased words of the description, for blueprints that vary their content by topic. */
  words: ReadonlySet<string>;
}

export const DEFAULT_PROJECT_NAME = 'my-react-app';

/** Text before a keyword that makes it the app's subject rather than its kind: "for my", "about our", "selling". */
const SUBJECT_LEAD = /\b(?:for|of|about|from|at|in|on|by|selling|like|to)\s+(?:(?:my|our|a|an|the|their|his|her|your|some)\s+)?(?:[\p{L}\p{N}'-]+\s+){0,2}$/u;

/** The blueprint whose kind keyword the description names first as what the app is. */
function namedKind(lower: string): BlueprintId | null {
  let best: { id: BlueprintId; index: number } | null = null;
  for (const id of BLUEPRINT_IDS) {
    for (const keyword of KIND_KEYWORDS[id]) {
      for (const match of lower.matchAll(keywordPattern(keyword))) {
        if (SUBJECT_LEAD.test(lower.slice(Math.max(0, match.index - 40), match.index))) continue;
        if (!best || match.index < best.index) best = { id, index: match.index };
        break;
      }
    }
  }
  return best?.id ?? null;
}

/** Words that end a name or a clause picked out of a sentence. */
const CLAUSE_STOP_WORDS = new Set([
  'that',
  'which',
  'with',
  'for',
  'where',
  'who',
  'to',
  'and',
  'in',
  'on',
  'using',
  'featuring',
  'so',
  'because',
  'showing',
  'after',
  'when',
  'while',
  'it',
  'its',
  'has',
  'have',
  'should',
  'will',
  'is',
  'are',
  'but',
  'by',
  'from',
  'at',
  'like',
  'as',
  'plus',
  'including',
]);

const SMALL_TITLE_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', '&']);

export function describeApp(description: string, projectName: string): AppDescription {
  const text = description.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const scores = scoreBlueprints(lower);
  const named = namedKind(lower);
  return {
    blueprint: named ?? pickBlueprint(lower, scores),
    named,
    scores,
    title: extractTitle(text) ?? titleFromProjectName(projectName),
    tagline: extractTagline(text),
    colors: extractColorHints(text),
    words: new Set(lower.match(/[a-zà-ÿ0-9-]+/g) ?? []),
  };
}

function keywordPattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:s|es)?(?![\\p{L}\\p{N}])`, 'giu');
}

function scoreBlueprints(lower: string): Record<BlueprintId, number> {
  const scores = {} as Record<BlueprintId, number>;
  for (const id of BLUEPRINT_IDS) {
    let score = 0;
    let text = lower;
    // Longest first, and a matched phrase is blanked out, so "landing page" does not also count as "landing".
    const keywords = Object.entries(BLUEPRINT_KEYWORDS[id]).sort(([a], [b]) => b.length - a.length);
    for (const [keyword, weight] of keywords) {
      const pattern = keywordPattern(keyword);
      // A repeated word adds a little: the description keeps coming back to it.
      const hits = text.match(pattern)?.length ?? 0;
      if (hits > 0) {
        score += weight + (hits - 1);
        text = text.replace(pattern, (match) => ' '.repeat(match.length));
      }
    }
    scores[id] = score;
  }
  return scores;
}

/** Highest score wins; a tie goes to the blueprint mentioned first; nothing at all is a landing page. */
function pickBlueprint(lower: string, scores: Record<BlueprintId, number>): BlueprintId {
  const best = Math.max(...BLUEPRINT_IDS.map((id) => scores[id]));
  if (best === 0) return 'landing';
  const tied = BLUEPRINT_IDS.filter((id) => scores[id] === best);
  const firstMention = (id: BlueprintId) =>
    Math.min(
      ...Object.keys(BLUEPRINT_KEYWORDS[id])
        .map((k) => lower.search(keywordPattern(k)))
        .filter((i) => i >= 0),
    );
  return tied.reduce((a, b) => (firstMention(b) < firstMention(a) ? b : a));
}

/** A quoted name, or the words after "called"/"named"/"titled". */
export function extractTitle(text: string): string | null {
  for (const match of text.matchAll(/(?:^|[\s(:])(?:"([^"\n]{2,48})"|“([^”\n]{2,48})”|'([^'\n]{2,48})'(?=$|[\s.,!?;:)])|‘([^’\n]{2,48})’)/g)) {
    const quoted = (match[1] ?? match[2] ?? match[3] ?? match[4]).trim();
    const before = text.slice(0, match.index + match[0].indexOf(quoted)).toLowerCase();
    if (/(tagline|slogan|headline|motto|saying|says|reads|text)\W*$/.test(before)) continue;
    if (quoted.split(' ').length <= 8) return titleCase(quoted.replace(/[.!?]+$/, ''));
  }
  const named = /\b(?:called|named|titled|branded as|brand name)\s+([^,.;:!?()\n]+)/i.exec(text);
  if (named) {
    const words: string[] = [];
    for (const word of named[1].trim().split(' ')) {
      if (CLAUSE_STOP_WORDS.has(word.toLowerCase()) || words.length === 4) break;
      words.push(word);
    }
    const name = words.join(' ').replace(/^["“'‘]+|["”'’]+$/g, '');
    if (name) return titleCase(name);
  }
  return null;
}

/** "bloom-bakery" and "bloomBakery" give "Bloom Bakery"; the default name gives nothing. */
export function titleFromProjectName(projectName: string): string | null {
  const name = projectName.trim();
  if (!name || name === DEFAULT_PROJECT_NAME) return null;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.length ? titleCase(words.join(' ')) : null;
}

export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_TITLE_WORDS.has(lower)) return lower;
      // Keep a brand's own capitals: "TaskFlow", "iPhone", "NYC".
      if (/[A-Z]/.test(word.slice(1)) || /^[a-z]+[A-Z]/.test(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
    })
    .join(' ');
}

const TAGLINE_VERBS =
  'helps?|lets?|allows?|shows?|tracks?|sells?|shares?|connects?|makes?|keeps?|turns?|brings?|manages?|organi[sz]es?|showcases?|highlights?|lists?|displays?|collects?|finds?|books?|plans?|teaches?|gives?|offers?|celebrates?|serves?|publish(?:es)?|features?|monitors?|visuali[sz]es?|summari[sz]es?';

/** An explicit tagline, else the clause saying what the app does ("...that helps X do Y"). */
export function extractTagline(text: string): string | null {
  const explicit = /\b(?:tagline|slogan|headline|motto)\b[^"“'‘]{0,20}["“'‘]([^"”'’\n]{3,140})["”'’]/i.exec(text);
  if (explicit) return sentence(explicit[1]);
  const clause = new RegExp(`\\b(?:that|which|to|for people to)\\s+((?:${TAGLINE_VERBS})\\b[^.;!?\\n]*)`, 'i').exec(text);
  if (!clause) return null;
  const words = clause[1].split(' ');
  // A tagline is one thought: stop where a second one ("with a pricing section") begins.
  const cut = words.findIndex(
    (word, i) => i > 2 && (/^(using|including|featuring|plus)$/i.test(word) || (/^with$/i.test(word) && /^(a|an|the|some|dark|light|multiple|several)$/i.test(words[i + 1] ?? ''))),
  );
  let phrase = (cut === -1 ? words : words.slice(0, cut)).join(' ');
  if (phrase.length > 120) phrase = phrase.slice(0, phrase.lastIndexOf(' ', 120));
  phrase = phrase
    .replace(/[\s,]+(and|or|a|an|the)$/i, '')
    .replace(/\bI'm\b/gi, "you're")
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/gi, 'you')
    .replace(/\bI\b/g, 'you');
  return phrase.split(' ').length >= 2 ? sentence(phrase) : null;
}

function sentence(phrase: string): string {
  const trimmed = phrase.trim().replace(/[\s,;:]+$/, '');
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
