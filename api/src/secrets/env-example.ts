// Reading a project's .env.example (the variables its app needs) and writing its .env.

export interface EnvExampleEntry {
  key: string;
  /** The comment lines right above the variable, joined. */
  description: string;
  example: string;
}

const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

/** Every variable the file lists, in order, each with the comment above it; a key listed twice counts once. */
export function parseEnvExample(text: string): EnvExampleEntry[] {
  const entries = new Map<string, EnvExampleEntry>();
  let comment: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      comment = [];
      continue;
    }
    if (line.startsWith('#')) {
      comment.push(line.replace(/^#+\s?/, '').trim());
      continue;
    }
    const match = ASSIGNMENT.exec(line);
    if (match && !entries.has(match[1]!)) {
      entries.set(match[1]!, { key: match[1]!, description: comment.filter(Boolean).join(' '), example: unquote(match[2]!) });
    }
    comment = [];
  }
  return [...entries.values()];
}

function unquote(value: string): string {
  const quoted = /^(["'`])(.*)\1$/.exec(value.trim());
  if (quoted) return quoted[2]!;
  // An unquoted value ends at a comment.
  return value.replace(/\s+#.*$/, '').trim();
}

/** A .env file Node's `process.loadEnvFile` (and dotenv) reads back to exactly these values. */
export function renderEnvFile(values: Record<string, string>): string {
  const lines = ["# Saved in Forge's Secrets view. Never commit this file."];
  for (const [key, value] of Object.entries(values).sort(([a], [b]) => a.localeCompare(b))) lines.push(`${key}=${quote(value)}`);
  return `${lines.join('\n')}\n`;
}

function quote(value: string): string {
  if (/^[^\s"'`#\\$]*$/.test(value)) return value;
  for (const mark of ["'", '`']) if (!value.includes(mark) && !value.includes('\n')) return `${mark}${value}${mark}`;
  return `"${value.replace(/\n/g, '\\n')}"`;
}
