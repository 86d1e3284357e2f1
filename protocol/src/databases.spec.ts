import { describe, expect, it } from '@jest/globals';
import { databaseSizeNotice, databaseUrlAddress, databaseUrlError } from './databases.js';

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

  it('refuses a URL that names no host, or cannot be read', () => {
    expect(databaseUrlError('postgresql://user@')).toBe('The URL names no host: postgresql://user:password@host:5432/database');
    expect(databaseUrlError('postgresql://user:pw@:5432/db')).toBe('The URL names no host: postgresql://user:password@host:5432/database');
    expect(databaseUrlError('postgresql:///db')).toBe('The URL names no host: postgresql://user:password@host:5432/database');
    expect(databaseUrlError('postgresql://u:p@x@db.example/app')).toBeNull();
    expect(databaseUrlError('postgresql://u:p w@db example/app')).toBe('This URL cannot be read: percent-encode special characters in the user name and password (@ as %40)');
  });
});

describe('databaseUrlAddress', () => {
  it('names the host and port, never the credentials', () => {
    expect(databaseUrlAddress('postgresql://u:secret@db.example.com/app')).toBe('db.example.com:5432');
    expect(databaseUrlAddress(' postgres://u@10.0.0.5:6543/app ')).toBe('10.0.0.5:6543');
    expect(databaseUrlAddress('postgresql://user@')).toBeNull();
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
