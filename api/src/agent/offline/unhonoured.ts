// What a description asks for that the offline agent's blueprints cannot give, said plainly: it
// builds the closest blueprint and names what is missing, never a different app passed off as the
// one asked for.
import { type AppDescription } from './describe.js';

/** Features none of the blueprints has, by the words that ask for them. */
const BEYOND_BLUEPRINTS: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\b(?:maps?|geolocation|gps)\b/, what: 'a map' },
  { pattern: /\b(?:payments?|stripe|paypal|credit cards?)\b/, what: 'real payments' },
  { pattern: /\b(?:log ?in|sign[ -]?(?:up|in)|user accounts?|authentication|passwords?)\b/, what: 'user accounts and sign-in' },
  { pattern: /\b(?:chat|chats|messaging|direct messages|real[ -]time)\b/, what: 'chat or real-time messaging' },
  { pattern: /\b(?:uploads?|uploading)\b/, what: 'file uploads' },
  { pattern: /\b(?:ai|gpt|chatbot|llm|openai|machine learning)\b/, what: 'AI features' },
  { pattern: /\b(?:api key|my key|my own key|(?:weather|stock|crypto|spotify|github|google|openweather|maps) api)\b/, what: 'calls to an outside service with your key' },
  { pattern: /\b(?:send|sending|sends)\s+(?:e-?mails?|notifications?|sms|texts?)\b|\bpush notifications?\b/, what: 'sending emails or notifications' },
  { pattern: /\b(?:video|audio|podcasts?|music player|streaming)\b/, what: 'video or audio' },
];

/** "a weather app", "the booking tool": what the description calls the app, when it says. */
const APP_PHRASE = /\b(?:an?|the|my|our)\s+((?:[\p{L}\p{N}-]+\s+){0,2}?(?:app|application|tool|game|platform|tracker|system|calculator|generator|editor|player|bot|site))\b/iu;

/** Sentences for the commentary about what the offline agent could not do for this description. */
export function unhonouredNotes(description: string, described: AppDescription, kind: string): string[] {
  const lower = description.toLowerCase();
  const notes: string[] = [];
  const phrase = APP_PHRASE.exec(description)?.[1]?.toLowerCase();
  const recognised = described.named !== null || Object.values(described.scores).some((score) => score > 0);
  if (!described.named && phrase && !/^(?:web|website|landing|one-page|todo|to-do|notes|social|blog|shop|store)\b/.test(phrase)) {
    notes.push(`The offline starter agent has no blueprint for ${article(phrase)} ${phrase}: this is the closest one it has, ${kind}${recognised ? '' : ' presenting it'}.`);
  } else if (!recognised && description.trim()) {
    notes.push(`The offline starter agent has no blueprint that matches this description: this is ${kind} for it.`);
  }
  const missing = BEYOND_BLUEPRINTS.filter(({ pattern }) => pattern.test(lower)).map(({ what }) => what);
  if (missing.length > 0) notes.push(`It cannot add ${listOf(missing)}: the starter blueprints have no such part, so none is made up.`);
  if (notes.length > 0) notes.push('With a language model configured, Forge builds the app you describe, with all of it.');
  return notes;
}

function article(phrase: string): string {
  return /^[aeiou]/.test(phrase) ? 'an' : 'a';
}

function listOf(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
