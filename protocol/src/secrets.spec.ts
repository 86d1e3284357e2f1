import { describe, expect, it } from '@jest/globals';
import { descriptionUrl, secretsToSave } from './secrets.js';

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
