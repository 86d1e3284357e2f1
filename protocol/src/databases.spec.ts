import { describe, expect, it } from '@jest/globals';
import { databaseSizeNotice, databaseUrlError } from './databases.js';

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

describe('databaseSizeNotice', () => {
  it('says nothing under the limit, and what the app can still do over it', () => {
    expect(databaseSizeNotice({ usedMb: 200, limitMb: 256, writesRefused: false })).toBeNull();
    expect(databaseSizeNotice({ usedMb: 300, limitMb: 256, writesRefused: false })).toBe(
      "The app's database uses 300.0 MB, over this platform's limit of 256 MB: it will take no new data until it is smaller. Delete data the app no longer needs.",
    );
    expect(databaseSizeNotice({ usedMb: 342.25, limitMb: 256, writesRefused: true })).toBe(
      "The app's database uses 342.3 MB, over this platform's limit of 256 MB, so it takes no new data: the app can still read, delete rows and empty tables, and writes come back once it is under the limit.",
    );
  });
});
