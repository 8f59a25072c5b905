import { describe, expect, it } from 'vitest';
import { characters, confirmsDeletion, VISIBILITIES } from './privacy';

describe('confirmsDeletion', () => {
  it('takes the account address in any case, with spaces around it', () => {
    expect(confirmsDeletion('ana@example.com', 'ana@example.com')).toBe(true);
    expect(confirmsDeletion('  ANA@Example.com ', 'ana@example.com')).toBe(true);
  });

  it('refuses anything else, an empty text first', () => {
    for (const typed of ['', '   ', 'ana', 'ana@example.co', 'ben@example.com', 'DELETE']) {
      expect(confirmsDeletion(typed, 'ana@example.com')).toBe(false);
    }
  });
});

describe('characters', () => {
  it('counts what a person sees as one character once, as the server does', () => {
    expect(characters('abc')).toBe(3);
    expect(characters(' é ')).toBe(1);
    expect(characters('😀😀')).toBe(2);
  });
});

it('offers the widest audience first', () => {
  expect(VISIBILITIES).toEqual(['everyone', 'managers', 'onlyMe']);
});
