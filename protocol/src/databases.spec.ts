import { describe, expect, it } from '@jest/globals';
import { databaseUrlError } from './databases.js';

describe('databaseUrlError', () => {
  it('says what is wrong in the words the user sees', () => {
    expect(databaseUrlError('')).toBe('Database URL is required');
    expect(databaseUrlError('   ')).toBe('Database URL is required');
    expect(databaseUrlError('mysql://x')).toBe('Invalid PostgreSQL URL format. Must start with postgresql:// or postgres://');
    expect(databaseUrlError('postgres://')).toBe('Invalid PostgreSQL URL format. Must start with postgresql:// or postgres://');
  });

  it('accepts both prefixes followed by something', () => {
    expect(databaseUrlError('postgresql://u:p@db.example:5432/app')).toBeNull();
    expect(databaseUrlError('postgres://x')).toBeNull();
  });
});
