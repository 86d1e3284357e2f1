import { describe, expect, it } from '@jest/globals';
import { descriptionUrl, keysToAdd, secretsToSave, waitingForSecretLine, waitingForSecretsMessage } from './secrets.js';

describe('secretsToSave', () => {
  it('trims each value and leaves out the empty ones', () => {
    expect(secretsToSave({ A: '  sk_1  ', B: '   ', C: '' })).toEqual({ A: 'sk_1' });
    expect(secretsToSave({})).toEqual({});
  });
});

describe('descriptionUrl', () => {
  it('finds the address where a key is made, without trailing punctuation', () => {
    expect(descriptionUrl('Stripe secret key, from https://dashboard.stripe.com/apikeys.')).toBe('https://dashboard.stripe.com/apikeys');
    expect(descriptionUrl('Key (see http://example.com/keys)')).toBe('http://example.com/keys');
    expect(descriptionUrl('No address here')).toBeNull();
  });
});

describe('keys an app waits for', () => {
  it('are the listed ones not saved, never a variable the platform sets', () => {
    const secret = (key: string, isSet: boolean) => ({ key, description: '', example: '', isSet });
    expect(keysToAdd([secret('OPENWEATHER_API_KEY', false), secret('DATABASE_URL', false), secret('MAP_TOKEN', true)])).toEqual(['OPENWEATHER_API_KEY']);
  });

  it('are named in the build log and the workspace the same way', () => {
    expect(waitingForSecretLine('OPENWEATHER_API_KEY')).toBe('⏳ Waiting for OPENWEATHER_API_KEY: add it under API Keys & Secrets');
    expect(waitingForSecretsMessage(['A_KEY', 'B_KEY'])).toBe('Waiting for A_KEY, B_KEY: add them under API Keys & Secrets');
  });
});
