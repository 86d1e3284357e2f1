import { parseEnv } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { parseEnvExample, renderEnvFile } from './env-example.js';

describe('parseEnvExample', () => {
  it('reads each variable with the comment above it and its example', () => {
    const text = [
      "# PostgreSQL connection string for this app's database.",
      '# Forge fills it in when you initialize the database.',
      'DATABASE_URL=postgresql://postgres:postgres@localhost:5432/app',
      '',
      '# Stripe secret key for payments, from https://dashboard.stripe.com/apikeys',
      'export STRIPE_SECRET_KEY="sk_test_..."',
      'NO_COMMENT=value # trailing note',
      '# a comment before a blank line belongs to nothing',
      '',
      'EMPTY=',
      'not a variable',
      'STRIPE_SECRET_KEY=again',
    ].join('\n');
    expect(parseEnvExample(text)).toEqual([
      {
        key: 'DATABASE_URL',
        description: "PostgreSQL connection string for this app's database. Forge fills it in when you initialize the database.",
        example: 'postgresql://postgres:postgres@localhost:5432/app',
      },
      { key: 'STRIPE_SECRET_KEY', description: 'Stripe secret key for payments, from https://dashboard.stripe.com/apikeys', example: 'sk_test_...' },
      { key: 'NO_COMMENT', description: '', example: 'value' },
      { key: 'EMPTY', description: '', example: '' },
    ]);
  });

  it('reads Windows line endings and an empty file', () => {
    expect(parseEnvExample('# Key\r\nKEY=1\r\n')).toEqual([{ key: 'KEY', description: 'Key', example: '1' }]);
    expect(parseEnvExample('')).toEqual([]);
  });
});

describe('renderEnvFile', () => {
  it('writes a .env that Node reads back to exactly the saved values', () => {
    const values = {
      PLAIN: 'sk_live_abc123',
      SPACES: 'two words',
      HASH: 'a#b',
      DOLLAR: 'pa$$word',
      SINGLE: "it's",
      DOUBLE: 'say "hi"',
      BOTH: `it's "quoted"`,
      NEWLINE: 'line one\nline two',
    };
    const text = renderEnvFile(values);
    expect(text.startsWith('# ')).toBe(true);
    expect(parseEnv(text)).toEqual(values);
  });
});
