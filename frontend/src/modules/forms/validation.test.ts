import { describe, expect, it } from 'vitest';
import { choiceOf, email, fourDigitCode, invitationCode, matches, password, pastDate, phone, validate } from './validation';

describe('form rules', () => {
  it('checks e-mail addresses', () => {
    expect(email('')).toBe('validation.required');
    expect(email('ana@')).toBe('validation.email');
    expect(email(' ana@example.com ')).toBeNull();
  });

  it('wants passwords of 8 or more with letters and numbers', () => {
    expect(password('abc123')).toBe('validation.passwordLength');
    expect(password('abcdefgh')).toBe('validation.passwordMix');
    expect(password('12345678')).toBe('validation.passwordMix');
    expect(password('abcd1234')).toBeNull();
    expect(matches('abcd1234')('abcd1235')).toBe('validation.passwordMatch');
  });

  it('checks codes, phone numbers and birth dates', () => {
    expect(fourDigitCode('123')).toBe('validation.code');
    expect(fourDigitCode('1234')).toBeNull();
    expect(invitationCode('ABCD1234')).toBeNull();
    expect(invitationCode('ABC')).toBe('validation.invitationCode');
    expect(phone('')).toBeNull();
    expect(phone('+49 30 1234567')).toBeNull();
    expect(phone('call me')).toBe('validation.phone');
    expect(pastDate('2999-01-01')).toBe('validation.pastDate');
    expect(pastDate('1990-01-01')).toBeNull();
  });

  it('keeps the first failure of each field', () => {
    expect(validate({ a: '', b: 'x' }, { a: [email, password], b: [password] })).toEqual({
      a: 'validation.required',
      b: 'validation.passwordLength',
    });
  });
});

describe('choiceOf', () => {
  const sizes = ['s', 'm', 'l'] as const;
  it('names the offered choice the text is', () => {
    expect(choiceOf(sizes, 'm')).toBe('m');
  });
  it('is nothing for a text no choice is', () => {
    expect(choiceOf(sizes, 'xl')).toBeUndefined();
    expect(choiceOf(sizes, '')).toBeUndefined();
  });
});
